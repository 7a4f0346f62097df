import { createFileRoute } from '@tanstack/react-router';
import { RefundableInfoPage } from '../../features/booking/info-content';

export const Route = createFileRoute('/app/detail-refundable')({
  staticData: { routeName: 'detail-refundable' },
  component: RefundableInfoPage,
});
