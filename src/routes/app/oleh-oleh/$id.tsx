import { createFileRoute } from '@tanstack/react-router';
import { souvenirDetailQueryOptions } from '../../../api/content-queries';
import { SouvenirDetailScreen } from '../../../features/souvenirs/souvenir-detail-screen';

const productIdOf = (id: string) => (/^\d{1,9}$/.test(id) ? Number(id) : 0);

export const Route = createFileRoute('/app/oleh-oleh/$id')({
  staticData: { routeName: 'oleh-oleh-detail' },
  loader: ({ context, params }) => {
    const productId = productIdOf(params.id);
    if (productId > 0) void context.queryClient.prefetchQuery(souvenirDetailQueryOptions(productId));
  },
  component: function SouvenirDetailRoute() {
    const { id } = Route.useParams();
    return <SouvenirDetailScreen productId={productIdOf(id)} />;
  },
});
