import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { TicketPercent, TicketX } from 'lucide-react';
import { isApiError } from '../../api/client';
import { detailVoucherQueryOptions } from '../../api/voucher-queries';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah } from '../../lib/format';
import { OperatorTermsList, useTripOperatorCodes } from './booking-sheets';
import { Skeleton } from '../../components/form-field';
import { discountValueText } from '../../lib/voucher-format';
import { VoucherList } from './voucher-list';

/** /app/list-voucher-standalone: the vouchers as a page (a native host opens it on its own). */
export function VoucherListPage() {
  return (
    <>
      <Navbar title="Pilih Voucher" />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-4">
        <VoucherList mode="browse" />
      </main>
    </>
  );
}

/** /app/detail-voucher/:code: one voucher with its terms (detail-voucher). */
export function VoucherDetailPage({ code }: { code: string }) {
  const query = useQuery(detailVoucherQueryOptions(code));
  return (
    <>
      <Navbar title="Detail Voucher" />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-4">
        {query.isPending ? (
          <div className="hairline space-y-3 rounded-card border-grey-200 bg-white p-5" aria-label="Memuat voucher">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : query.isError ? (
          <section className="hairline rounded-card border-grey-200 bg-white p-6 text-center">
            <TicketX className="mx-auto size-10 text-primary-600" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-bold">
              {isApiError(query.error) && query.error.code === 'NFD-1'
                ? 'Voucher tidak ditemukan'
                : 'Voucher gagal dimuat'}
            </h2>
            <p className="mt-1 text-sm text-grey-700">
              Periksa kembali kode {code}, atau lihat voucher lain yang bisa dipakai.
            </p>
            <Link to="/app/list-voucher-standalone" className={cx(buttonStyles.secondary, 'mt-5')}>
              Lihat Voucher Lain
            </Link>
          </section>
        ) : (
          <article
            aria-labelledby="voucher-nama"
            className="hairline space-y-4 rounded-card border-grey-200 bg-white p-5"
          >
            <div className="flex items-start gap-3">
              <TicketPercent className="size-8 shrink-0 text-primary-600" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <h2 id="voucher-nama" className="text-lg font-bold">
                  {query.data.name}
                </h2>
                <p className="text-sm text-grey-700">{query.data.description}</p>
              </div>
            </div>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-grey-700">Kode</dt>
                <dd className="font-mono font-semibold">{query.data.code}</dd>
              </div>
              <div>
                <dt className="text-grey-700">Potongan</dt>
                <dd className="font-semibold">{discountValueText(query.data)}</dd>
              </div>
              <div>
                <dt className="text-grey-700">Minimal transaksi</dt>
                <dd className="font-semibold">{formatRupiah(query.data.minTransaction)}</dd>
              </div>
              <div>
                <dt className="text-grey-700">Berlaku sampai</dt>
                <dd className="font-semibold">{formatDateShort(query.data.validUntil)}</dd>
              </div>
              {query.data.paymentMethodName ? (
                <div className="col-span-2">
                  <dt className="text-grey-700">Metode pembayaran</dt>
                  <dd className="font-semibold">{query.data.paymentMethodName}</dd>
                </div>
              ) : null}
            </dl>
            <section aria-labelledby="voucher-syarat">
              <h3 id="voucher-syarat" className="font-bold">
                Syarat & Ketentuan
              </h3>
              <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm text-grey-800">
                {query.data.terms.map((term, index) => (
                  <li key={index}>{term}</li>
                ))}
              </ol>
            </section>
          </article>
        )}
      </main>
    </>
  );
}

/** /app/terms-condition-standalone: the operator's terms, from the query or the trip being booked. */
export function TermsPage({ operatorCode }: { operatorCode: string | undefined }) {
  const tripCodes = useTripOperatorCodes();
  return (
    <>
      <Navbar title="Syarat & Ketentuan" />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-4">
        <div className="hairline rounded-card border-grey-200 bg-white p-5">
          <OperatorTermsList operatorCodes={operatorCode ? [operatorCode] : tripCodes} />
        </div>
      </main>
    </>
  );
}
