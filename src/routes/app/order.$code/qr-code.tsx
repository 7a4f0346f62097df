import { createFileRoute } from '@tanstack/react-router';
import { SheetPlaceholder } from '../../../components/placeholder-screen';

export const Route = createFileRoute('/app/order/$code/qr-code')({
  staticData: { routeName: 'detail-order-qr-code' },
  component: DetailOrderQrCodeSheet,
});

function DetailOrderQrCodeSheet() {
  return <SheetPlaceholder title="Kode QR Tiket" />;
}
