import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/confirmation-order/$code')({
  staticData: { routeName: 'confirmation-payment-order' },
  component: ConfirmationPaymentOrderScreen,
});

function ConfirmationPaymentOrderScreen() {
  const { code } = Route.useParams();
  return <PlaceholderScreen title="Konfirmasi Pembayaran" subtitle={`Kode ${code}`} />;
}
