import { useSelector } from '@xstate/react';
import { paymentView } from '../../../machines/payment.machine';
import { RouteSheet } from '../../components/route-sheet';
import { CheckoutBody } from './checkout-screen';
import { PayPanel } from './payment-parts';
import { PAYMENT_TEXT } from './payment-texts';
import { usePaymentActor } from '../../flow/payment-flow';

/**
 * The change-payment child of the order pages (detail-order, detail-order-guest, payment-order):
 * the same chooser in a sheet, with "Bayar" in its footer. It needs only the code: the order key
 * comes from this browser's store (orderKeyOf), filled by the booking or the guest look-up.
 */
export function ChangePaymentSheet({ code }: { code: string }) {
  const actor = usePaymentActor(code, 'checkout');
  const choosing = useSelector(actor, (snapshot) => {
    const view = paymentView(snapshot);
    return view === 'checkout' || view === 'paying' || view === 'redirecting';
  });
  return (
    <RouteSheet
      title={PAYMENT_TEXT.changeMethod}
      tone="grey"
      footer={choosing ? <PayPanel actor={actor} /> : undefined}
    >
      <CheckoutBody actor={actor} code={code} sheet />
    </RouteSheet>
  );
}
