import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/customer/detail-voucher/$code')({
  staticData: { routeName: 'customer-detail-voucher' },
  component: CustomerDetailVoucherScreen,
});

function CustomerDetailVoucherScreen() {
  const { code } = Route.useParams();
  return <PlaceholderScreen title="Detail Voucher" subtitle={`Kode ${code}`} />;
}
