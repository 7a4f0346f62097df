import { createFileRoute } from '@tanstack/react-router';
import { VoucherSheet } from '../../../features/booking/booking-sheets';

export const Route = createFileRoute('/app/information-passengers/list-voucher')({
  staticData: { routeName: 'list-voucher' },
  component: VoucherSheet,
});
