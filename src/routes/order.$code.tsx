import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/placeholder-screen';

export const Route = createFileRoute('/order/$code')({
  staticData: { routeName: 'detail-order-guest' },
  component: DetailOrderGuestScreen,
});

function DetailOrderGuestScreen() {
  const { code } = Route.useParams();
  return (
    <PlaceholderScreen title="Detail Pesanan" subtitle={`Kode ${code}`}>
      <Outlet />
    </PlaceholderScreen>
  );
}
