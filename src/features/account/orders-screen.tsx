import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { ArrowRight, ReceiptText } from 'lucide-react';
import type { OrderCard } from '../../../contract/account';
import { ORDER_STATUS_LABEL } from '../../../contract/order';
import { accountOrdersQueryOptions, type OrderTab } from '../../api/account-queries';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah, formatTime } from '../../lib/format';
import { formatInstant } from '../../lib/order-format';
import { AccountPage } from '../../components/account-page';
import { EmptyState, ListSkeleton, LoadFailed, LoadMore } from '../../components/list-states';

const TABS: { id: OrderTab; label: string; empty: string }[] = [
  { id: 'active', label: 'Aktif', empty: 'Belum ada pesanan aktif' },
  { id: 'past', label: 'Riwayat', empty: 'Belum ada riwayat pesanan' },
];

const STATUS_STYLE: Record<OrderCard['status'], string> = {
  pending: 'bg-warning-50 text-warning-800',
  paid: 'bg-success-50 text-success-700',
  cancelled: 'bg-grey-100 text-grey-800',
  expired: 'bg-grey-100 text-grey-800',
};

/** /app/customer/list-order: the customer's active orders and their history, each opening its ticket. */
export function OrdersScreen() {
  return (
    <AccountPage title="Pesanan Saya">
      <Tabs>
        <TabList aria-label="Pesanan" className="hairline flex rounded-card border-grey-200 bg-white p-1">
          {TABS.map((tab) => (
            <Tab
              key={tab.id}
              id={tab.id}
              className={({ isSelected, isFocusVisible }) =>
                cx(
                  'min-h-11 flex-1 cursor-pointer rounded-card px-3 text-center leading-[2.75rem] font-semibold outline-none',
                  isSelected ? 'bg-primary-600 text-white' : 'text-grey-800',
                  isFocusVisible && 'ring-2 ring-primary-600 ring-offset-2',
                )
              }
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((tab) => (
          <TabPanel key={tab.id} id={tab.id} className="mt-4 outline-none">
            <OrderList tab={tab.id} empty={tab.empty} />
          </TabPanel>
        ))}
      </Tabs>
    </AccountPage>
  );
}

function OrderList({ tab, empty }: { tab: OrderTab; empty: string }) {
  const query = useInfiniteQuery(accountOrdersQueryOptions(tab));
  if (query.isPending) return <ListSkeleton label="Memuat pesanan" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const orders = query.data.pages.flatMap((page) => page.list);
  if (orders.length === 0) {
    return (
      <EmptyState icon={<ReceiptText className="size-10" aria-hidden="true" />} title={empty}>
        <Link to="/" className={cx(buttonStyles.primary, 'mt-5')}>
          Cari Tiket
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label={tab === 'active' ? 'Pesanan aktif' : 'Riwayat pesanan'}>
        {orders.map((order) => (
          <li key={order.reservasi_kode}>
            <OrderCardView order={order} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      ) : null}
    </div>
  );
}

function OrderCardView({ order }: { order: OrderCard }) {
  const { pergi, pulang } = order;
  return (
    <Link
      to="/app/order/$code"
      params={{ code: order.reservasi_kode }}
      aria-label={`Pesanan ${order.reservasi_kode}, ${pergi.asal_kota_nama} ke ${pergi.tujuan_kota_nama}, ${ORDER_STATUS_LABEL[order.status]}`}
      className="hairline block rounded-card border-grey-200 bg-white p-4 hover:border-primary-600 focus-visible:ring-2 focus-visible:ring-primary-600"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono text-sm font-semibold">{order.reservasi_kode}</span>
        <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATUS_STYLE[order.status])}>
          {ORDER_STATUS_LABEL[order.status]}
        </span>
      </div>
      <p className="mt-2 flex items-center gap-1.5 font-bold">
        {pergi.asal_kota_nama}
        <ArrowRight className="size-4" aria-hidden="true" />
        {pergi.tujuan_kota_nama}
        {pulang ? <span className="text-sm font-normal text-grey-700">(pulang pergi)</span> : null}
      </p>
      <p className="text-sm text-grey-700">
        {pergi.operator_nama} · {formatDateShort(pergi.tanggal_berangkat)} {formatTime(pergi.jam_berangkat)}
        {order.jumlah_leg > 1 ? ` · ${order.jumlah_leg} armada` : ''}
      </p>
      {pulang ? (
        <p className="text-sm text-grey-700">
          Pulang: {pulang.operator_nama} · {formatDateShort(pulang.tanggal_berangkat)}{' '}
          {formatTime(pulang.jam_berangkat)}
        </p>
      ) : null}
      <div className="mt-2 flex items-end justify-between gap-2 text-sm">
        <span className="text-grey-700">{order.jumlah_penumpang} penumpang</span>
        <span className="text-base font-bold">{formatRupiah(order.total_bayar)}</span>
      </div>
      {order.status === 'pending' ? (
        <p className="mt-1 text-sm text-warning-800">Bayar sebelum {formatInstant(order.batas_bayar)}</p>
      ) : null}
    </Link>
  );
}
