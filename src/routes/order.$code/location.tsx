import { createFileRoute } from '@tanstack/react-router';
import { OrderLocationSheet } from '../../features/order/order-sheets';

export const Route = createFileRoute('/order/$code/location')({
  staticData: { routeName: 'detail-order-guest-location' },
  component: OrderLocationSheet,
});
