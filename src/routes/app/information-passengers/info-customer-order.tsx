import { createFileRoute } from '@tanstack/react-router';
import { BookerSheet } from '../../../features/booking/booking-sheets';

export const Route = createFileRoute('/app/information-passengers/info-customer-order')({
  staticData: { routeName: 'info-customer-order' },
  component: BookerSheet,
});
