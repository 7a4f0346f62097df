import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/information-passengers/list-voucher')({
  staticData: { routeName: 'list-voucher' },
  component: ListVoucherSheet,
});

function ListVoucherSheet() {
  return <SheetPlaceholder title="Pilih Voucher" />;
}
