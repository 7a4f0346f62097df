import { useId } from 'react';
import { priceRows, type PriceRow } from '../../../machines/booking-price';
import { useBookingSelector } from '../../flow/app-flow';
import { usePriceSkeletonRows } from '../../flow/booking-children';
import { cx } from '../../lib/cx';
import { FREE_LABEL, formatPriceLine, formatRupiah } from '../../lib/format';
import { sameJson } from './booking-state';
import { Skeleton } from '../../components/form-field';

export const PRICE_LIST_TITLE = 'Detail Harga Tiket';

/** A price line as shown: Gratis for a rupiah 0, the sign of its type otherwise (-Rp, +Rp, +N Point). */
export function priceText(row: PriceRow): string {
  return row.free ? FREE_LABEL : formatPriceLine(row.amount, row.type);
}

/**
 * "Detail Harga Tiket": the server's price list, never a sum made here. While the price check
 * runs it shows its skeleton rows instead of a stale number (DESIGN.md "Money moments").
 */
export function PriceList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const rows = useBookingSelector((snapshot) => priceRows(snapshot.context), sameJson);
  const skeletonRows = usePriceSkeletonRows();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} aria-busy={skeletonRows > 0}>
      <Heading id={headingId} className="text-base font-bold">
        {PRICE_LIST_TITLE}
      </Heading>
      {skeletonRows > 0 ? (
        <ul className="mt-3 space-y-3" aria-label="Memuat harga">
          {Array.from({ length: skeletonRows }, (_, index) => (
            <li key={index} data-price-skeleton="" className="flex items-center justify-between gap-4">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-20" />
            </li>
          ))}
        </ul>
      ) : rows.length === 0 ? (
        <p className="mt-2 text-sm text-grey-600">Harga muncul setelah kursi dan penumpang dipilih.</p>
      ) : (
        <dl className="mt-3 space-y-2 text-sm">
          {rows.map((row, index) => (
            <div
              key={`${row.title}-${index}`}
              data-price-type={row.type}
              className={cx(
                'flex items-start justify-between gap-4',
                row.emphasis && 'mt-2 border-t border-grey-200 pt-3 text-base font-bold',
              )}
            >
              <dt className={cx(!row.emphasis && 'text-grey-700')}>{row.title}</dt>
              <dd
                className={cx(
                  'shrink-0 text-right font-semibold',
                  row.sign === '-' && 'text-success-700',
                  row.unit === 'point' && row.sign === '+' && 'text-primary-700',
                )}
              >
                {priceText(row)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** The total to pay (the server's total_bayar), or null while there is no price list. */
export function useTotal(): number | null {
  return useBookingSelector((snapshot) => snapshot.context.price?.total_bayar ?? null);
}

/** The total as one line: a skeleton while the price check runs. */
export function TotalAmount({ className }: { className?: string }) {
  const total = useTotal();
  const loading = usePriceSkeletonRows() > 0;
  if (loading) {
    return (
      <span className={className}>
        <Skeleton className="h-5 w-24" />
        <span className="sr-only">Memuat harga</span>
      </span>
    );
  }
  return <span className={className}>{total === null ? '-' : formatRupiah(total)}</span>;
}
