import { createFileRoute } from '@tanstack/react-router';
import { operatorLandingQueryOptions } from '../../api/operator-queries';
import { OperatorLandingScreen } from '../../features/operator/landing-screen';

export const Route = createFileRoute('/app/mitra/$operator')({
  staticData: { routeName: 'landing-page-mitra' },
  // Starts the read without blocking the page: skeletons show until it lands.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(operatorLandingQueryOptions(params.operator));
  },
  component: function OperatorLandingRoute() {
    return <OperatorLandingScreen code={Route.useParams().operator} />;
  },
});
