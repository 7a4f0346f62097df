import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/schedule/{-$return}/filter-mitra')({
  staticData: { routeName: 'filter-mitra' },
  component: FilterMitraSheet,
});

function FilterMitraSheet() {
  return <SheetPlaceholder title="Filter Mitra" />;
}
