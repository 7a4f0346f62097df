import { createFileRoute } from '@tanstack/react-router';
import { TermsSheet } from '../../../features/booking/booking-sheets';

export const Route = createFileRoute('/app/information-passengers/terms-condition')({
  staticData: { routeName: 'terms-condition' },
  component: TermsSheet,
});
