import { createFileRoute } from '@tanstack/react-router';
import { OrderLocationSheet } from '../../../features/order/order-sheets';

export const Route = createFileRoute('/app/order/$code/location')({
  staticData: { routeName: 'detail-order-location' },
  component: OrderLocationSheet,
});
