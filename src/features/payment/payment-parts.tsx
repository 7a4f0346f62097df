import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { CircleAlert, CircleCheck, CircleX, Clock } from 'lucide-react';
import { paymentView, type PaymentView } from '../../../machines/payment.machine';
import { buttonStyles } from '../../components/button-styles';
import { cx } from '../../lib/cx';
import { formatRupiah } from '../../lib/format';
import type { PaymentActor } from '../../flow/payment-flow';
import { PAYMENT_TEXT } from './payment-texts';

/** Grey shimmering block for content still loading. */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cx('block animate-pulse rounded bg-grey-200', className)} />;
}

/** Shaped like the page: the countdown, the summary card, three method rows. */
export function PaymentSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-20 w-full rounded-card" />
      <Skeleton className="h-32 w-full rounded-card" />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-14 w-full rounded-card" />
      ))}
    </div>
  );
}

const STATUS_LOOK = {
  paid: { icon: CircleCheck, tone: 'text-success-600', title: PAYMENT_TEXT.paid },
  expired: { icon: Clock, tone: 'text-warning-700', title: PAYMENT_TEXT.expiredTitle },
  cancelled: { icon: CircleX, tone: 'text-grey-600', title: PAYMENT_TEXT.cancelledTitle },
  refused: { icon: CircleAlert, tone: 'text-danger-600', title: PAYMENT_TEXT.refusedTitle },
  loadFailed: { icon: CircleAlert, tone: 'text-danger-600', title: PAYMENT_TEXT.loadFailedTitle },
} as const;

export type StatusView = keyof typeof STATUS_LOOK;

export function isStatusView(view: PaymentView): view is StatusView {
  return view in STATUS_LOOK;
}

/**
 * What a page shows once the order cannot (or need not) be paid here: Lunas with the ticket link,
 * the end of the payment time or a cancelled order with a way home, or a failed load with a retry.
 * Its heading takes focus, so a screen reader hears what happened.
 */
export function PaymentStatus({ actor, view, code }: { actor: PaymentActor; view: StatusView; code: string }) {
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once per outcome, not on every render: a screen reader hears what happened.
  useEffect(() => heading.current?.focus({ preventScroll: true }), [view]);
  const look = STATUS_LOOK[view];
  const Icon = look.icon;
  const note: ReactNode =
    view === 'paid'
      ? PAYMENT_TEXT.paidNote
      : view === 'expired'
        ? PAYMENT_TEXT.expiredNote
        : view === 'cancelled'
          ? PAYMENT_TEXT.cancelledNote
          : error;
  return (
    <section
      aria-labelledby="payment-status-title"
      className="hairline flex flex-col items-center rounded-card border-grey-200 bg-white px-6 py-8 text-center"
    >
      <Icon className={cx('size-12', look.tone)} aria-hidden="true" />
      <h2 id="payment-status-title" tabIndex={-1} ref={heading} className="mt-3 text-xl font-bold outline-none">
        {look.title}
      </h2>
      {note ? <p className="mt-2 max-w-sm text-sm text-grey-700">{note}</p> : null}
      <div className="mt-6 flex w-full max-w-xs flex-col gap-3">
        {view === 'paid' ? (
          <Link to="/app/order/$code" params={{ code }} className={buttonStyles.primary}>
            {PAYMENT_TEXT.seeTicket}
          </Link>
        ) : null}
        {view === 'loadFailed' ? (
          <button type="button" className={buttonStyles.primary} onClick={() => actor.send({ type: 'load.retry' })}>
            {PAYMENT_TEXT.retry}
          </button>
        ) : null}
        <Link to="/" className={buttonStyles.secondary}>
          {PAYMENT_TEXT.home}
        </Link>
      </div>
    </section>
  );
}

/** "Total Pembayaran" with the method's fee, and "Bayar" (disabled until a method is chosen). */
export function PayPanel({ actor, className }: { actor: PaymentActor; className?: string }) {
  const canPay = useSelector(actor, (snapshot) => snapshot.can({ type: 'payment.pay' }));
  const busy = useSelector(actor, (snapshot) => {
    const view = paymentView(snapshot);
    return view === 'paying' || view === 'redirecting';
  });
  const totals = useSelector(
    actor,
    (snapshot) => {
      const { order, methods, chosen } = snapshot.context;
      const method = methods.find((item) => item.kode === chosen) ?? null;
      const ticket = order ? order.total_bayar - order.biaya_admin : 0;
      return { fee: method?.biaya ?? null, total: method?.total ?? ticket };
    },
    (a, b) => a.fee === b.fee && a.total === b.total,
  );
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <dl className="min-w-0 flex-1">
        <dt className="text-xs text-grey-700">{PAYMENT_TEXT.total}</dt>
        <dd className="text-lg font-bold" aria-live="polite">
          {formatRupiah(totals.total)}
        </dd>
        {totals.fee !== null ? (
          <dd className="text-xs text-grey-700">
            {totals.fee > 0 ? `Termasuk biaya admin ${formatRupiah(totals.fee)}` : 'Tanpa biaya admin'}
          </dd>
        ) : (
          <dd className="text-xs text-grey-700">Pilih metode pembayaran</dd>
        )}
      </dl>
      <button
        type="button"
        className={cx(buttonStyles.primary, 'min-w-32')}
        disabled={!canPay}
        aria-busy={busy || undefined}
        onClick={() => actor.send({ type: 'payment.pay' })}
      >
        {busy ? 'Memproses…' : PAYMENT_TEXT.pay}
      </button>
    </div>
  );
}
