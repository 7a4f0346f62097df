import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/information-passengers/info-customer-order')({
  staticData: { routeName: 'info-customer-order' },
  component: InfoCustomerOrderSheet,
});

function InfoCustomerOrderSheet() {
  return <SheetPlaceholder title="Form Pemesan" />;
}
