import { createFileRoute } from '@tanstack/react-router';
import { PassengerSheet } from '../../../features/booking/booking-sheets';

export const Route = createFileRoute('/app/information-passengers/info-passenger-order')({
  staticData: { routeName: 'info-passenger-order' },
  component: PassengerSheet,
});
