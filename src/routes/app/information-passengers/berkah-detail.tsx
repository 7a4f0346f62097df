import { createFileRoute } from '@tanstack/react-router';
import { BerkahSheet } from '../../../features/booking/booking-sheets';

export const Route = createFileRoute('/app/information-passengers/berkah-detail')({
  staticData: { routeName: 'berkah-detail' },
  component: BerkahSheet,
});
