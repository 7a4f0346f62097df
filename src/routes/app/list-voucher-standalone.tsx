import { createFileRoute } from '@tanstack/react-router';
import { preloadAppFlow } from '../../flow/app-flow';
import { VoucherListPage } from '../../features/booking/standalone-pages';

export const Route = createFileRoute('/app/list-voucher-standalone')({
  staticData: { routeName: 'list-voucher-standalone' },
  loader: async () => {
    await preloadAppFlow().catch(() => undefined);
  },
  component: VoucherListPage,
});
