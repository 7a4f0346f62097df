import { useSelector } from '@xstate/react';
import { paymentView } from '../../../machines/payment.machine';
import { Navbar } from '../../components/navbar';
import { useLayoutMode } from '../../platform/layout-mode';
import { MethodChooser } from './method-chooser';
import { OrderSummary } from './order-summary';
import { PaymentCountdown } from './payment-countdown';
import { isStatusView, PaymentSkeleton, PaymentStatus, PayPanel } from './payment-parts';
import { usePaymentActor, type PaymentActor } from '../../flow/payment-flow';

/** The chooser with its countdown and summary, shared by the pages and the change-payment sheets. */
export function CheckoutBody({ actor, code, sheet = false }: { actor: PaymentActor; code: string; sheet?: boolean }) {
  const view = useSelector(actor, paymentView);
  const order = useSelector(actor, (snapshot) => snapshot.context.order);
  const methods = useSelector(actor, (snapshot) => snapshot.context.methods);
  const chosen = useSelector(actor, (snapshot) => snapshot.context.chosen);
  const remainingMs = useSelector(actor, (snapshot) => snapshot.context.remainingMs);
  const layout = useLayoutMode();

  if (view === 'loading') return <PaymentSkeleton label="Memuat data pembayaran" />;
  if (isStatusView(view)) return <PaymentStatus actor={actor} view={view} code={code} />;
  if (!order) return null;

  const chooser = (
    <MethodChooser
      methods={methods}
      chosen={chosen}
      disabled={view !== 'checkout'}
      onChoose={(method) => actor.send({ type: 'method.choose', code: method })}
    />
  );
  if (sheet) {
    return (
      <div className="flex flex-col gap-4">
        <PaymentCountdown remainingMs={remainingMs} deadline={order.batas_bayar} />
        {chooser}
      </div>
    );
  }
  if (layout === 'd') {
    return (
      <div className="grid grid-cols-12 items-start gap-6">
        <div className="col-span-7 flex flex-col gap-4">
          <PaymentCountdown remainingMs={remainingMs} deadline={order.batas_bayar} />
          <section className="hairline rounded-card border-grey-200 bg-white p-4">{chooser}</section>
        </div>
        <aside aria-label="Ringkasan pembayaran" className="sticky top-4 col-span-5 flex flex-col gap-4">
          <OrderSummary order={order} />
          <PayPanel actor={actor} className="hairline rounded-card border-grey-200 bg-white p-4" />
        </aside>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <PaymentCountdown remainingMs={remainingMs} deadline={order.batas_bayar} />
      <OrderSummary order={order} />
      <section className="hairline rounded-card border-grey-200 bg-white p-4">{chooser}</section>
      {/* The total and "Bayar" stay in a bar fixed to the bottom. */}
      <div className="hairline fixed inset-x-0 bottom-0 z-30 border-t border-grey-200 bg-white px-4 py-3">
        <PayPanel actor={actor} className="mx-auto max-w-5xl" />
      </div>
    </div>
  );
}

/**
 * confirmation-payment-order and payment-order: the order's countdown, summary and methods, and
 * "Bayar"; a paid order shows Lunas with its ticket, an expired one a way home.
 */
export function CheckoutScreen({ code, title = 'Pembayaran' }: { code: string; title?: string }) {
  const actor = usePaymentActor(code, 'checkout');
  return (
    <>
      <Navbar title={title} subtitle={`Kode pesanan ${code}`} />
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-4 pb-32 desktop:pb-10">
        <CheckoutBody actor={actor} code={code} />
      </main>
    </>
  );
}
