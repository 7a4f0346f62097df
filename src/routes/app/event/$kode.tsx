import { createFileRoute } from '@tanstack/react-router';
import { eventVouchersQueryOptions } from '../../../api/content-queries';
import { EventScreen } from '../../../features/content/event-screen';

export const Route = createFileRoute('/app/event/$kode')({
  staticData: { routeName: 'event' },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(eventVouchersQueryOptions(params.kode));
  },
  component: function EventRoute() {
    return <EventScreen code={Route.useParams().kode} />;
  },
});
