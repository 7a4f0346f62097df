import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Check } from 'lucide-react';
import { highlightOperatorsQueryOptions } from '../../api/operator-queries';
import type { ScheduleSearchParams } from '../../api/queries';
import { OperatorLogo } from '../../components/operator-logo';
import { cx } from '../../lib/cx';
import { formatRupiah, formatTime } from '../../lib/format';

export const HIGHLIGHT_TEXT = {
  title: 'Operator Pilihan',
  loading: 'Memuat operator pilihan',
} as const;

/**
 * "Operator Pilihan" (list-highlight-operator): the operators running the searched route that day
 * under the list's other filters, cheapest first. Pressing one filters the list by it (pressing
 * again lifts that filter); the list's cards then link to its landing page. One Tab stop (a
 * toolbar: arrows move between operators), so the strip does not lengthen the way to the
 * results. Nothing shows when none runs or the call fails: the list itself says so.
 */
export function HighlightOperators({
  params,
  selected,
  onToggle,
}: {
  /** The searched route and day; filters other than the operator's apply. */
  params: Omit<ScheduleSearchParams, 'page' | 'roundTrip'>;
  selected: readonly string[];
  onToggle: (code: string) => void;
}) {
  const filters = params.filters ? { ...params.filters, operators: [] } : undefined;
  const query = useQuery(highlightOperatorsQueryOptions({ ...params, filters }));
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const count = query.data?.length ?? 0;
  const current = Math.min(active, Math.max(count - 1, 0));
  const move = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : step ? (current + step + count) % count : null;
    if (target === null || count === 0) return;
    event.preventDefault();
    setActive(target);
    buttons.current[target]?.focus();
  };
  if (query.isError || (query.data && query.data.length === 0)) return null;
  return (
    <section aria-labelledby="operator-pilihan" aria-busy={query.isPending} className="space-y-2">
      <h2 id="operator-pilihan" className="text-base font-bold">
        {HIGHLIGHT_TEXT.title}
      </h2>
      {query.isPending ? (
        <div aria-label={HIGHLIGHT_TEXT.loading} className="flex gap-2 overflow-hidden">
          {[0, 1, 2].map((item) => (
            <div key={item} className="h-24 w-48 shrink-0 animate-pulse rounded-card bg-grey-200" />
          ))}
        </div>
      ) : (
        <div
          role="toolbar"
          aria-label={HIGHLIGHT_TEXT.title}
          onKeyDown={move}
          className="flex snap-x gap-2 overflow-x-auto p-1"
        >
          {query.data.map((operator, index) => {
            const pressed = selected.includes(operator.code);
            return (
              <button
                key={operator.code}
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                type="button"
                aria-pressed={pressed}
                tabIndex={index === current ? 0 : -1}
                onFocus={() => setActive(index)}
                onClick={() => onToggle(operator.code)}
                className={cx(
                  'hairline flex min-h-11 w-56 shrink-0 snap-start items-center gap-2 rounded-card bg-white p-3 text-left hover:bg-primary-50',
                  pressed ? 'border-primary-600 ring-2 ring-primary-200' : 'border-grey-200',
                )}
              >
                <span aria-hidden="true">
                  <OperatorLogo src={operator.logo} name={operator.name} className="size-10" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1 truncate text-sm font-bold">
                    {pressed ? <Check className="size-4 shrink-0 text-primary-700" aria-hidden="true" /> : null}
                    {operator.name}
                  </span>
                  <span className="block text-xs text-grey-700">
                    mulai <span className="font-semibold text-primary-700">{formatRupiah(operator.lowestPrice)}</span>
                  </span>
                  <span className="block text-xs text-grey-700">
                    {operator.departures} jadwal · pertama {formatTime(operator.firstDeparture)}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}
