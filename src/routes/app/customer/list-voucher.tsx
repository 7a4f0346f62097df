import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/customer/list-voucher')({
  staticData: { routeName: 'customer-list-voucher' },
  component: CustomerListVoucherScreen,
});

function CustomerListVoucherScreen() {
  return <PlaceholderScreen title="Voucher Saya" />;
}
