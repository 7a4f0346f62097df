import { createFileRoute } from '@tanstack/react-router';
import { configQueryOptions, faqQueryOptions, recommendedFaqQueryOptions } from '../../api/content-queries';
import { FaqScreen } from '../../features/content/faq-screen';

export const Route = createFileRoute('/app/faq')({
  staticData: { routeName: 'faq' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(recommendedFaqQueryOptions());
    void context.queryClient.prefetchQuery(faqQueryOptions());
    void context.queryClient.prefetchQuery(configQueryOptions());
  },
  component: FaqScreen,
});
