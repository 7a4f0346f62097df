import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/information-passengers/berkah-detail')({
  staticData: { routeName: 'berkah-detail' },
  component: BerkahDetailSheet,
});

function BerkahDetailSheet() {
  return <SheetPlaceholder title="Donasi Berkah" />;
}
