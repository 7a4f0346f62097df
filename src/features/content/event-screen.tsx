import { useQuery } from '@tanstack/react-query';
import { CalendarX, TicketPercent } from 'lucide-react';
import { eventVouchersQueryOptions } from '../../api/content-queries';
import { isApiError } from '../../api/client';
import { Navbar } from '../../components/navbar';
import { formatDateLong } from '../../lib/format';
import { EmptyState, ListSkeleton, LoadFailed } from '../../components/list-states';

export const EVENT_TEXT = {
  title: 'Event',
  notFound: 'Event tidak ditemukan atau sudah berakhir',
  period: (from: string, to: string) => `${formatDateLong(from)} – ${formatDateLong(to)}`,
  vouchers: 'Voucher Event',
  noVouchers: 'Voucher event ini sudah habis',
  code: 'Kode',
  until: (date: string) => `Berlaku sampai ${formatDateLong(date)}`,
  loading: 'Memuat event',
} as const;

/** /app/event/$kode: a running event and its vouchers still usable today (list-voucher-event). */
export function EventScreen({ code }: { code: string }) {
  const query = useQuery(eventVouchersQueryOptions(code));
  const missing = query.isError && isApiError(query.error) && query.error.status >= 400 && query.error.status < 500;
  const data = query.data;
  return (
    <>
      <Navbar title={data?.event.judul ?? EVENT_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 space-y-4 px-4 py-4">
        {missing ? (
          <EmptyState icon={<CalendarX className="size-10" aria-hidden="true" />} title={EVENT_TEXT.notFound} />
        ) : query.isError ? (
          <LoadFailed onRetry={() => void query.refetch()} />
        ) : !data ? (
          <ListSkeleton label={EVENT_TEXT.loading} rows={3} />
        ) : (
          <>
            <img
              src={data.event.gambar.url}
              alt={data.event.judul}
              width={data.event.gambar.lebar}
              height={data.event.gambar.tinggi}
              className="h-auto w-full rounded-card"
            />
            <p className="text-sm text-grey-800">{data.event.deskripsi}</p>
            <p className="text-sm text-grey-700">{EVENT_TEXT.period(data.event.mulai, data.event.selesai)}</p>
            <section aria-labelledby="event-voucher" className="space-y-2">
              <h2 id="event-voucher" className="text-lg font-bold">
                {EVENT_TEXT.vouchers}
              </h2>
              {data.list.length === 0 ? (
                <p className="text-sm text-grey-700">{EVENT_TEXT.noVouchers}</p>
              ) : (
                <ul className="space-y-2">
                  {data.list.map((voucher) => (
                    <li
                      key={voucher.voucher_kode}
                      className="hairline flex gap-3 rounded-card border-grey-200 bg-white p-4"
                    >
                      <TicketPercent className="size-6 shrink-0 text-primary-600" aria-hidden="true" />
                      <div>
                        <p className="text-sm font-bold">{voucher.voucher_nama}</p>
                        <p className="mt-0.5 text-sm text-grey-800">{voucher.deskripsi}</p>
                        <p className="mt-1 text-xs text-grey-700">
                          {EVENT_TEXT.code}{' '}
                          <span className="font-mono font-bold text-grey-900">{voucher.voucher_kode}</span> ·{' '}
                          {EVENT_TEXT.until(voucher.berlaku_sampai)}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </main>
    </>
  );
}
