import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ArrowRight, Ban, Check, Clock, Copy, CreditCard, MapPin, QrCode as QrIcon, User } from 'lucide-react';
import { ORDER_STATUS_LABEL, type OrderDetail, type OrderStatus } from '../../../contract/order';
import { isRefreshing } from '../../../machines/order.machine';
import { buttonStyles } from '../../components/button-styles';
import { OperatorLogo } from '../../components/operator-logo';
import { QrCode } from '../../components/qr-code';
import { cx } from '../../lib/cx';
import { formatDateShort, formatRupiah, formatTime } from '../../lib/format';
import { Skeleton } from '../../components/form-field';
import { CANCEL_LABEL } from './cancel-dialogs';
import type { OrderActor } from '../../flow/order-flow';
import { OperatorLink } from '../operator';
import { HelpFooter } from '../support';
import { formatInstant, orderLegs, orderPriceText, seatText } from '../../lib/order-format';

const STATUS_STYLE: Record<OrderStatus, string> = {
  pending: 'bg-warning-100 text-warning-800',
  paid: 'bg-success-100 text-success-700',
  cancelled: 'bg-grey-100 text-grey-800',
  expired: 'bg-grey-100 text-grey-800',
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-order-status={status}
      className={cx('inline-flex rounded-full px-3 py-1 text-xs font-bold', STATUS_STYLE[status])}
    >
      {ORDER_STATUS_LABEL[status]}
    </span>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="hairline rounded-card border-grey-200 bg-white p-4">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="flex-1 text-base font-bold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={buttonStyles.ghost}
      onClick={() => {
        void navigator.clipboard?.writeText(code).then(
          () => setCopied(true),
          () => setCopied(false),
        );
      }}
    >
      {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
      {copied ? 'Tersalin' : 'Salin'}
      <span className="sr-only"> kode pesanan</span>
    </button>
  );
}

/** The route of a child of this page, the app's or the guest's. */
function childRoute(guest: boolean, child: 'location' | 'change-payment') {
  if (child === 'location') return guest ? ('/order/$code/location' as const) : ('/app/order/$code/location' as const);
  return guest ? ('/order/$code/change-payment' as const) : ('/app/order/$code/change-payment' as const);
}

/** The order: code and status first, then payment while unpaid, the trip, the price lines. */
export function OrderView({
  actor,
  order,
  guest,
  focusOnShow = false,
}: {
  actor: OrderActor;
  order: OrderDetail;
  guest: boolean;
  /** Move focus to the summary when shown (the look-up form it replaces had it). */
  focusOnShow?: boolean;
}) {
  const summaryRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusOnShow) summaryRef.current?.focus();
  }, [focusOnShow]);
  const refreshing = useSelector(actor, isRefreshing);
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'cancel.open' }));
  const code = order.reservasi_kode;
  const params = { code };
  return (
    <div aria-busy={refreshing} className="grid gap-4 desktop:grid-cols-12 desktop:items-start">
      <div className="grid gap-4 desktop:col-span-7">
        <section
          ref={summaryRef}
          tabIndex={-1}
          aria-label="Ringkasan pesanan"
          className="hairline rounded-card border-grey-200 bg-white p-4 outline-none"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StatusBadge status={order.status} />
            {refreshing ? <span className="text-xs text-grey-600">Memperbarui...</span> : null}
          </div>
          <p className="mt-3 text-xs text-grey-600">Kode Pesanan</p>
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-2xl font-bold tracking-wider" data-testid="order-code">
              {code}
            </p>
            <CopyCode code={code} />
          </div>
          {order.status === 'paid' ? (
            <div className="mt-3 flex flex-col items-center gap-2 rounded-card bg-grey-50 p-4">
              <QrCode value={code} size={160} label={`Kode QR tiket ${code}`} />
              <p className="text-sm text-grey-700">Tunjukkan kode ini kepada petugas saat naik.</p>
              {guest ? null : (
                <Link to="/app/order/$code/qr-code" params={params} className={buttonStyles.secondary}>
                  <QrIcon className="size-4" aria-hidden="true" />
                  Tampilkan Kode QR
                </Link>
              )}
            </div>
          ) : null}
          <div className="mt-3 flex items-start gap-2 text-sm">
            <User className="mt-0.5 size-4 shrink-0 text-grey-600" aria-hidden="true" />
            <div>
              <p className="text-xs text-grey-600">Pemesan</p>
              <p className="font-semibold">{order.pemesan_nama}</p>
              <p className="text-grey-700">
                {order.pemesan_email} · {order.pemesan_telp}
              </p>
            </div>
          </div>
        </section>

        {order.status === 'pending' ? (
          <Section title="Menunggu Pembayaran">
            <p className="flex items-center gap-2 text-sm text-warning-800">
              <Clock className="size-4 shrink-0" aria-hidden="true" />
              <span>
                Bayar sebelum <span className="font-bold">{formatInstant(order.batas_bayar)}</span>
              </span>
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {/* payment-order, not confirmation-order: arriving there from this page leads home (spec section 2). */}
              <Link to="/app/payment-order/$code" params={params} className={buttonStyles.primary}>
                <CreditCard className="size-4" aria-hidden="true" />
                Bayar Sekarang
              </Link>
              <Link to={childRoute(guest, 'change-payment')} params={params} className={buttonStyles.secondary}>
                Ganti Metode Pembayaran
              </Link>
            </div>
          </Section>
        ) : null}
        {order.status === 'expired' ? (
          <p className="rounded-card bg-grey-100 px-4 py-3 text-sm text-grey-800">
            Batas waktu pembayaran sudah lewat ({formatInstant(order.batas_bayar)}). Silakan pesan ulang.
          </p>
        ) : null}

        <Section
          title="Perjalanan"
          action={
            <Link to={childRoute(guest, 'location')} params={params} className={buttonStyles.ghost}>
              <MapPin className="size-4" aria-hidden="true" />
              Lihat Lokasi
            </Link>
          }
        >
          <ol className="grid gap-4">
            {orderLegs(order).map(({ label, leg }, index) => (
              <li key={`${leg.jadwal_kode}-${index}`} className={cx(index > 0 && 'border-t border-grey-200 pt-4')}>
                <div className="flex items-center gap-3">
                  <OperatorLogo src={leg.operator_logo} name={leg.operator_nama} />
                  <div className="min-w-0 flex-1 text-sm">
                    {label ? (
                      <span className="inline-block rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800">
                        {label}
                      </span>
                    ) : null}
                    <p className="font-bold">
                      <OperatorLink code={leg.operator_kode}>{leg.operator_nama}</OperatorLink>
                    </p>
                    <p className="text-grey-700">
                      {formatDateShort(leg.tanggal_berangkat)} · {formatTime(leg.jam_berangkat)}
                    </p>
                  </div>
                </div>
                <p className="mt-2 flex flex-wrap items-center gap-1 text-sm">
                  <span className="font-semibold">
                    {leg.asal_cabang_nama}, {leg.asal_kota_nama}
                  </span>
                  <ArrowRight className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="sr-only">ke</span>
                  <span className="font-semibold">
                    {leg.tujuan_cabang_nama}, {leg.tujuan_kota_nama}
                  </span>
                </p>
                <ul className="mt-2 grid gap-1 text-sm" aria-label={`Penumpang ${label ?? ''}`.trim()}>
                  {leg.penumpang.map((passenger, passengerIndex) => (
                    <li key={passengerIndex} className="flex justify-between gap-3 rounded bg-grey-50 px-3 py-2">
                      <span>{passenger.nama}</span>
                      <span className="font-semibold">{seatText(passenger.kursi)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </Section>
      </div>

      <div className="grid gap-4 desktop:sticky desktop:top-20 desktop:col-span-5">
        <Section title="Detail Harga">
          <dl className="space-y-2 text-sm">
            {order.list_harga.map((line, index) => (
              <div
                key={`${line.title}-${index}`}
                className={cx(
                  'flex items-start justify-between gap-4',
                  line.type === 'total' && 'mt-2 border-t border-grey-200 pt-3 text-base font-bold',
                )}
              >
                <dt className={cx(line.type !== 'total' && 'text-grey-700')}>{line.title}</dt>
                <dd className={cx('shrink-0 text-right font-semibold', line.type === 'less' && 'text-success-700')}>
                  {orderPriceText(line)}
                </dd>
              </div>
            ))}
          </dl>
          {order.list_harga.some((line) => line.type === 'total') ? null : (
            <p className="mt-3 flex justify-between border-t border-grey-200 pt-3 text-base font-bold">
              <span>Total Bayar</span>
              <span>{formatRupiah(order.total_bayar)}</span>
            </p>
          )}
          <div className="mt-4 border-t border-grey-200 pt-3 text-sm">
            <p className="text-xs text-grey-600">Metode Pembayaran</p>
            <p className="font-semibold">{order.jenis_pembayaran?.nama ?? 'Belum dipilih'}</p>
            {order.dibayar_pada ? <p className="text-grey-700">Dibayar {formatInstant(order.dibayar_pada)}</p> : null}
          </div>
        </Section>
        {canCancel ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => actor.send({ type: 'cancel.open' })}>
            <Ban className="size-4" aria-hidden="true" />
            {CANCEL_LABEL}
          </button>
        ) : null}
      </div>
      <HelpFooter className="desktop:col-span-12" />
    </div>
  );
}

/** Shaped like the order while its first read runs. */
export function OrderSkeleton() {
  return (
    <div aria-busy="true" aria-label="Memuat pesanan" role="status" className="grid gap-4 desktop:grid-cols-12">
      <div className="grid gap-4 desktop:col-span-7">
        <div className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <div className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-9 w-full" />
        </div>
      </div>
      <div className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4 desktop:col-span-5">
        <Skeleton className="h-5 w-28" />
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-4 w-full" />
        ))}
      </div>
      <span className="sr-only">Memuat pesanan...</span>
    </div>
  );
}
