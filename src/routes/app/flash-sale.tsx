import { Outlet, createFileRoute } from '@tanstack/react-router';
import { FlashSaleProvider } from '../../flow/flash-sale-actor';

/** The flash sale's pages share one running chart (beyond the spec's route table). */
export const Route = createFileRoute('/app/flash-sale')({
  component: () => (
    <FlashSaleProvider>
      <Outlet />
    </FlashSaleProvider>
  ),
});
