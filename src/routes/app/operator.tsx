import { createFileRoute } from '@tanstack/react-router';
import { operatorsQueryOptions } from '../../api/content-queries';
import { OperatorsScreen } from '../../features/content/operators-screen';

export const Route = createFileRoute('/app/operator')({
  staticData: { routeName: 'list-operator' },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(operatorsQueryOptions());
  },
  component: OperatorsScreen,
});
