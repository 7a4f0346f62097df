import { createFileRoute } from '@tanstack/react-router';
import { OrderQrSheet } from '../../../features/order/order-sheets';

export const Route = createFileRoute('/app/order/$code/qr-code')({
  staticData: { routeName: 'detail-order-qr-code' },
  component: OrderQrSheet,
});
