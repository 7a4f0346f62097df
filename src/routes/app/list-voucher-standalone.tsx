import { createFileRoute } from '@tanstack/react-router';
import { preloadBookingActor } from '../../flow/booking-actor';
import { VoucherListPage } from '../../features/booking/standalone-pages';

export const Route = createFileRoute('/app/list-voucher-standalone')({
  staticData: { routeName: 'list-voucher-standalone' },
  loader: async () => {
    await preloadBookingActor().catch(() => undefined);
  },
  component: VoucherListPage,
});
