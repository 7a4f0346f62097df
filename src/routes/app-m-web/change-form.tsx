import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app-m-web/change-form')({
  staticData: { routeName: 'change-form' },
  component: ChangeFormScreen,
});

function ChangeFormScreen() {
  return (
    <PlaceholderScreen title="Ubah Pencarian">
      <Outlet />
    </PlaceholderScreen>
  );
}
