import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/payment-url')({
  staticData: { routeName: 'payment-url' },
  component: PaymentUrlScreen,
});

function PaymentUrlScreen() {
  return <PlaceholderScreen title="Pembayaran" />;
}
