import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../../components/placeholder-screen';

export const Route = createFileRoute('/app/detail-refundable-covid')({
  staticData: { routeName: 'detail-refundable-covid' },
  component: DetailRefundableCovidScreen,
});

function DetailRefundableCovidScreen() {
  return <PlaceholderScreen title="Refundable Covid-19" />;
}
