import { createFileRoute } from '@tanstack/react-router';
import { flashSaleHomeQueryOptions } from '../../../api/flash-sale-queries';
import { FlashSaleScreen } from '../../../features/flash-sale/sessions-screen';

export const Route = createFileRoute('/app/flash-sale/')({
  staticData: { routeName: 'flash-sale' },
  loader: ({ context }) => void context.queryClient.prefetchQuery(flashSaleHomeQueryOptions()),
  component: FlashSaleScreen,
});
