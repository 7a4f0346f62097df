import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/detail-refundable')({
  staticData: { routeName: 'detail-refundable' },
  component: DetailRefundableScreen,
});

function DetailRefundableScreen() {
  return <PlaceholderScreen title="Tiket Refundable" />;
}
