import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { highlightOperatorsQueryOptions } from '../../api/operator-queries';
import type { ScheduleSearchParams } from '../../api/queries';
import { OperatorLogo } from '../../components/operator-logo';
import { cx } from '../../lib/cx';
import { formatRupiah, formatTime } from '../../lib/format';
import { OperatorLink } from './operator-link';

export const HIGHLIGHT_TEXT = {
  title: 'Operator Pilihan',
  loading: 'Memuat operator pilihan',
  profile: 'Profil',
} as const;

/**
 * "Operator Pilihan" (list-highlight-operator): the operators running the searched route that day
 * under the list's other filters, cheapest first. Pressing one filters the list by it (pressing
 * again lifts that filter); "Profil" opens its landing page. Nothing shows when none runs or the
 * call fails: the list itself says so.
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
        <ul className="flex snap-x gap-2 overflow-x-auto p-1">
          {query.data.map((operator) => {
            const pressed = selected.includes(operator.code);
            return (
              <li
                key={operator.code}
                className={cx(
                  'hairline flex w-56 shrink-0 snap-start flex-col rounded-card bg-white',
                  pressed ? 'border-primary-600 ring-2 ring-primary-200' : 'border-grey-200',
                )}
              >
                <button
                  type="button"
                  aria-pressed={pressed}
                  onClick={() => onToggle(operator.code)}
                  className="flex min-h-11 items-center gap-2 rounded-t-card px-3 pt-3 pb-2 text-left hover:bg-primary-50"
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
                <OperatorLink
                  code={operator.code}
                  className="mx-3 mb-2 inline-flex min-h-11 items-center self-start text-xs font-semibold text-primary-700"
                >
                  {HIGHLIGHT_TEXT.profile}
                  <span className="sr-only"> {operator.name}</span>
                </OperatorLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
