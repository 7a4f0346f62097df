import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/payment-order/$code')({
  staticData: { routeName: 'payment-order' },
  component: PaymentOrderScreen,
});

function PaymentOrderScreen() {
  const { code } = Route.useParams();
  return (
    <PlaceholderScreen title="Pembayaran" subtitle={`Kode ${code}`}>
      <Outlet />
    </PlaceholderScreen>
  );
}
