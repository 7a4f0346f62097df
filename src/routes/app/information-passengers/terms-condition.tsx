import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/information-passengers/terms-condition')({
  staticData: { routeName: 'terms-condition' },
  component: TermsConditionSheet,
});

function TermsConditionSheet() {
  return <SheetPlaceholder title="Syarat & Ketentuan" />;
}
