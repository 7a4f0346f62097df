import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/list-customer-point')({
  staticData: { routeName: 'list-customer-point' },
  component: ListCustomerPointScreen,
});

function ListCustomerPointScreen() {
  return <PlaceholderScreen title="Point Saya" />;
}
