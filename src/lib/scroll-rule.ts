/**
 * Spec section 2, scroll rule: these screens always open at the top, even when the browser
 * would restore an old position (back/forward). Names are the spec's route names.
 */
export const SCROLL_TOP_ROUTE_NAMES: ReadonlySet<string> = new Set([
  'home',
  'payment-order',
  'confirmation-order',
  'confirmation-payment-order',
  'detail-order',
  'landing-page-mitra',
  'select-seat',
]);

interface MatchLike {
  staticData?: { routeName?: string };
  params?: unknown;
}

export function mustScrollToTop(matches: readonly MatchLike[]): boolean {
  const leaf = [...matches].reverse().find((match) => match.staticData?.routeName);
  const name = leaf?.staticData?.routeName;
  if (!name) return false;
  if (SCROLL_TOP_ROUTE_NAMES.has(name)) return true;
  // "schedule with a return param"
  const params = (leaf.params ?? {}) as Record<string, unknown>;
  return name === 'schedule' && typeof params.return === 'string' && params.return !== '';
}
