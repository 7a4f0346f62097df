import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/order/$code')({
  staticData: { routeName: 'detail-order' },
  component: DetailOrderScreen,
});

function DetailOrderScreen() {
  const { code } = Route.useParams();
  return (
    <PlaceholderScreen title="Detail Pesanan" subtitle={`Kode ${code}`}>
      <Outlet />
    </PlaceholderScreen>
  );
}
