import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/list-voucher-standalone')({
  staticData: { routeName: 'list-voucher-standalone' },
  component: ListVoucherStandaloneScreen,
});

function ListVoucherStandaloneScreen() {
  return <PlaceholderScreen title="Pilih Voucher" />;
}
