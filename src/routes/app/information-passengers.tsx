import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/information-passengers')({
  staticData: { routeName: 'information-passengers' },
  component: InformationPassengersScreen,
});

function InformationPassengersScreen() {
  return (
    <PlaceholderScreen title="Konfirmasi Pesanan">
      <Outlet />
    </PlaceholderScreen>
  );
}
