import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/schedule/{-$return}/filter/{-$type}')({
  staticData: { routeName: 'filter' },
  component: FilterSheet,
});

function FilterSheet() {
  return <SheetPlaceholder title="Filter Jadwal" />;
}
