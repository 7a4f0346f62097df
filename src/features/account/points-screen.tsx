import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import type { PointEntry } from '../../../contract/account';
import { accountPointHistoryQueryOptions, accountPointsQueryOptions } from '../../api/account-queries';
import { cx } from '../../lib/cx';
import { formatPointsEarned, formatPointsSpent, groupThousands } from '../../lib/format';
import { formatInstant } from '../../lib/order-format';
import { Skeleton } from '../../components/form-field';
import { AccountPage } from '../../components/account-page';
import { EmptyState, PagedList } from '../../components/list-states';

/** /app/list-customer-point: the balance, then every change of it, newest first. */
export function PointsScreen() {
  return (
    <AccountPage title="Point Saya">
      <Balance />
      <History />
    </AccountPage>
  );
}

function Balance() {
  const query = useQuery(accountPointsQueryOptions());
  // Spec section 8: a failed points read leaves the balance at 0.
  const points = query.data?.total_point ?? 0;
  return (
    <section
      aria-labelledby="point-balance"
      className="rounded-card bg-gradient-to-br from-primary-600 to-primary-800 p-5 text-white"
    >
      <h2 id="point-balance" className="text-sm font-semibold">
        Saldo Point
      </h2>
      {query.isPending ? (
        <Skeleton className="mt-2 h-9 w-40 opacity-60" />
      ) : (
        <p className="mt-1 flex items-center gap-2 text-3xl font-extrabold" aria-live="polite">
          <Coins className="size-7" aria-hidden="true" />
          {groupThousands(points)} Point
        </p>
      )}
      <p className="mt-2 text-sm">1 Point = Rp 1 saat menukar point di halaman pemesanan.</p>
    </section>
  );
}

function History() {
  const query = useInfiniteQuery(accountPointHistoryQueryOptions());
  return (
    <section aria-labelledby="point-history" className="space-y-3">
      <h2 id="point-history" className="text-lg font-bold">
        Riwayat Point
      </h2>
      <PagedList
        query={query}
        loadingLabel="Memuat riwayat point"
        listClassName="hairline divide-y divide-grey-200 rounded-card border-grey-200 bg-white"
        empty={
          <EmptyState icon={<Coins className="size-10" aria-hidden="true" />} title="Belum ada riwayat point">
            <p className="mt-1 text-sm text-grey-700">Dapatkan cashback point dari setiap pesanan yang lunas.</p>
          </EmptyState>
        }
        itemKey={(entry) => entry.id}
        renderItem={(entry) => <EntryRow entry={entry} />}
      />
    </section>
  );
}

function EntryRow({ entry }: { entry: PointEntry }) {
  const earned = entry.point >= 0;
  return (
    <div className="flex items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-semibold">{entry.keterangan}</p>
        <p className="text-sm text-grey-700">{formatInstant(entry.tanggal)}</p>
      </div>
      <p className={cx('shrink-0 font-bold', earned ? 'text-success-700' : 'text-danger-700')}>
        {earned ? formatPointsEarned(entry.point) : formatPointsSpent(-entry.point)}
      </p>
    </div>
  );
}
