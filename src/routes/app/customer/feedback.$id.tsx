import { createFileRoute } from '@tanstack/react-router';
import { FeedbackDetailScreen } from '../../../features/account/feedback-screen';

export const Route = createFileRoute('/app/customer/feedback/$id')({
  staticData: { routeName: 'customer-feedback-detail' },
  component: function FeedbackDetailRoute() {
    const { id } = Route.useParams();
    return <FeedbackDetailScreen id={/^\d{1,9}$/.test(id) ? Number(id) : 0} />;
  },
});
