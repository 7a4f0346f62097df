import { createFileRoute } from '@tanstack/react-router';
import {
  souvenirListQueryOptions,
  souvenirMessageQueryOptions,
  souvenirRecommendationsQueryOptions,
} from '../../../api/content-queries';
import { souvenirSearchSchema } from '../../../features/souvenirs/souvenir-search';
import { SouvenirsScreen } from '../../../features/souvenirs/souvenirs-screen';

export const Route = createFileRoute('/app/oleh-oleh/')({
  staticData: { routeName: 'oleh-oleh' },
  validateSearch: souvenirSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(souvenirMessageQueryOptions());
    void context.queryClient.prefetchQuery(souvenirRecommendationsQueryOptions());
    void context.queryClient.prefetchQuery(
      souvenirListQueryOptions({ kategori: deps.kategori, q: deps.q, page: deps.page }),
    );
  },
  component: function SouvenirsRoute() {
    const search = Route.useSearch();
    // A new search or category starts a fresh form state.
    return <SouvenirsScreen key={`${search.kategori ?? ''}|${search.q}`} search={search} />;
  },
});
