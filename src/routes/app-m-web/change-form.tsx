import { createFileRoute } from '@tanstack/react-router';
import { ChangeFormScreen } from '../../features/search/change-form-screen';
import { changeFormSearchSchema } from '../../lib/schedule-search';

export const Route = createFileRoute('/app-m-web/change-form')({
  staticData: { routeName: 'change-form' },
  validateSearch: changeFormSearchSchema,
  component: ChangeFormRoute,
});

function ChangeFormRoute() {
  return <ChangeFormScreen search={Route.useSearch()} />;
}
