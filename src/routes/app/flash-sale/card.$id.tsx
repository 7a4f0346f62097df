import { createFileRoute } from '@tanstack/react-router';
import { flashSaleCardQueryOptions } from '../../../api/flash-sale-queries';
import { FlashSaleCardScreen } from '../../../features/flash-sale/card-screen';

const cardIdOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : 0);

export const Route = createFileRoute('/app/flash-sale/card/$id')({
  staticData: { routeName: 'flash-sale-card' },
  loader: ({ context, params }) => {
    const cardId = cardIdOf(params.id);
    if (cardId > 0) void context.queryClient.prefetchQuery(flashSaleCardQueryOptions(cardId));
  },
  component: function FlashSaleCardRoute() {
    const { id } = Route.useParams();
    return <FlashSaleCardScreen cardId={cardIdOf(id)} />;
  },
});
