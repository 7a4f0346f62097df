import { createFileRoute } from '@tanstack/react-router';
import { RefundableCovidInfoPage } from '../../features/booking/info-content';

export const Route = createFileRoute('/app/detail-refundable-covid')({
  staticData: { routeName: 'detail-refundable-covid' },
  component: RefundableCovidInfoPage,
});
