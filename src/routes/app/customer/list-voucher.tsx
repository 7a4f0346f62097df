import { createFileRoute } from '@tanstack/react-router';
import { CustomerVouchersScreen } from '../../../features/account/vouchers-screen';

export const Route = createFileRoute('/app/customer/list-voucher')({
  staticData: { routeName: 'customer-list-voucher' },
  component: CustomerVouchersScreen,
});
