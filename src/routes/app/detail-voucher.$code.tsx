import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/detail-voucher/$code')({
  staticData: { routeName: 'detail-voucher' },
  component: DetailVoucherScreen,
});

function DetailVoucherScreen() {
  const { code } = Route.useParams();
  return <PlaceholderScreen title="Detail Voucher" subtitle={`Kode ${code}`} />;
}
