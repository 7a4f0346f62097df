import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Zap } from 'lucide-react';
import { flashSaleHistoryQueryOptions } from '../../api/flash-sale-queries';
import { formatRupiah } from '../../lib/format';
import { AccountPage } from '../../components/account-page';
import { EmptyState, PagedList } from '../../components/list-states';
import { formatInstant } from '../../lib/order-format';
import { TRANSACTION_TEXT } from './transaction-screen';

/** /app/flash-sale/riwayat: a signed-in customer's flash-sale purchases (flashsale/list-transaksi). */
export function FlashSaleHistoryScreen() {
  return (
    <AccountPage title="Riwayat Flash Sale">
      <History />
    </AccountPage>
  );
}

function History() {
  const query = useInfiniteQuery(flashSaleHistoryQueryOptions());
  return (
    <PagedList
      query={query}
      loadingLabel="Memuat riwayat flash sale"
      listLabel="Pembelian flash sale"
      empty={
        <EmptyState icon={<Zap className="size-10" aria-hidden="true" />} title="Belum ada pembelian flash sale">
          <Link to="/app/flash-sale" className="mt-2 inline-block text-sm font-semibold text-primary-700 underline">
            Lihat Flash Sale
          </Link>
        </EmptyState>
      }
      itemKey={(item) => item.code}
      renderItem={(item) => (
        <Link
          to="/app/flash-sale/transaksi/$kode"
          params={{ kode: item.code }}
          className="hairline block rounded-card border-grey-200 bg-white p-4 hover:bg-grey-50"
        >
          <span className="block font-mono text-sm font-bold">{item.code}</span>
          <span className="block font-semibold">
            {item.card.origin} → {item.card.destination} · {formatRupiah(item.total)}
          </span>
          <span className="block text-sm text-grey-700">
            {TRANSACTION_TEXT.status[item.status]} · {formatInstant(item.createdAt)}
          </span>
        </Link>
      )}
    />
  );
}
