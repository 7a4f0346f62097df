import { createFileRoute } from '@tanstack/react-router';
import { kotaPopulerQueryOptions } from '../api/queries';
import { HomeScreen } from '../features/search/home-screen';

export const Route = createFileRoute('/')({
  staticData: { routeName: 'home' },
  loader: ({ context }) => {
    // Popular cities fill in under the form; never hold the page for them.
    void context.queryClient.prefetchQuery(kotaPopulerQueryOptions());
  },
  component: HomeScreen,
});
