import { createContext, useContext } from 'react';
import type { OrderDetail } from '../../../contract/order';

export interface ShownOrder {
  order: OrderDetail;
  guest: boolean;
}

export const ShownOrderContext = createContext<ShownOrder | null>(null);

/** The order the page shows, for its child sheets (location, QR); null before it may be shown. */
export function useShownOrder(): ShownOrder | null {
  return useContext(ShownOrderContext);
}
