import { useId, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { operatorSnkQueryOptions, type OperatorTerms } from '../../../api/schedule-detail-queries';
import { cx } from '../../../lib/cx';

export const TERMS_TITLE = 'Syarat & Ketentuan';

interface OperatorTermsPanelProps {
  /** One entry per operator (a connecting trip has several). */
  terms: readonly OperatorTerms[];
  isLoading?: boolean;
  isError?: boolean;
  onRetry?: () => void;
  defaultOpen?: boolean;
}

/** The operator's terms under a collapsible "Syarat & Ketentuan" heading. */
export function OperatorTermsPanel({
  terms,
  isLoading = false,
  isError = false,
  onRetry,
  defaultOpen = false,
}: OperatorTermsPanelProps) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const showNames = terms.length > 1;
  return (
    <section className="hairline rounded-card border-grey-200 bg-white">
      <h2 className="text-base font-bold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-11 w-full items-center justify-between gap-2 rounded-card px-4 py-2 text-left"
        >
          {TERMS_TITLE}
          <ChevronDown className={cx('size-5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4">
        {isLoading ? (
          <div className="space-y-2" aria-busy="true" aria-label="Memuat syarat & ketentuan">
            <div className="h-4 w-full animate-pulse rounded bg-grey-200" />
            <div className="h-4 w-4/5 animate-pulse rounded bg-grey-200" />
          </div>
        ) : isError ? (
          <div role="alert" className="text-sm text-grey-700">
            <p>Syarat & ketentuan operator belum dapat dimuat.</p>
            {onRetry ? (
              <button type="button" onClick={onRetry} className="mt-1 min-h-11 font-semibold text-primary-700">
                Coba Lagi
              </button>
            ) : null}
          </div>
        ) : (
          terms.map((entry) => (
            <div key={entry.operatorCode} className="mt-2 first:mt-0">
              {showNames ? <h3 className="text-sm font-semibold">{entry.operatorName}</h3> : null}
              <ol className="list-decimal space-y-1 pl-5 text-sm text-grey-700">
                {entry.terms.map((term, index) => (
                  <li key={index}>{term}</li>
                ))}
              </ol>
            </div>
          ))
        )}
      </div>
    </section>
  );
}

/** Loads operator-snk for each operator of the trip and shows them in one panel. */
export function DetailOperatorTerms({ operatorCodes }: { operatorCodes: readonly string[] }) {
  const results = useQueries({ queries: operatorCodes.map((code) => operatorSnkQueryOptions(code)) });
  const terms = results.flatMap((result) => (result.data ? [result.data] : []));
  return (
    <OperatorTermsPanel
      terms={terms}
      isLoading={results.some((result) => result.isPending)}
      isError={results.some((result) => result.isError)}
      onRetry={() => results.forEach((result) => void (result.isError ? result.refetch() : undefined))}
    />
  );
}
