import type { OrderDetail, OrderLeg } from '../../contract/order';
import type { PriceLine } from '../../contract/price';
import { APP_TIME_ZONE, FREE_LABEL, formatDateShort, formatPriceLine, formatTime } from './format';

/** The texts of the order pages that are worked out from the order, in one place for the tests. */

export interface LabelledLeg {
  /** "Pergi"/"Pulang" on a round trip, "Rute n" on a connecting trip, null one way. */
  label: string | null;
  leg: OrderLeg;
}

/** The order's legs as the ticket lists them (spec: round trip Pergi/Pulang, connecting Rute n). */
export function orderLegs(order: OrderDetail): LabelledLeg[] {
  if (order.connecting.length > 0) {
    return order.connecting.map((leg, index) => ({ label: `Rute ${index + 1}`, leg }));
  }
  if (order.pulang) {
    return [
      { label: 'Pergi', leg: order.pergi },
      { label: 'Pulang', leg: order.pulang },
    ];
  }
  return [{ label: null, leg: order.pergi }];
}

/** `2026-11-23T13:00:00Z` -> `Sen, 23 Nov 2026 20.00 WIB` (Jakarta's wall clock, whatever the phone's zone). */
export function formatInstant(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: APP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${formatDateShort(`${part('year')}-${part('month')}-${part('day')}`)} ${formatTime(`${part('hour')}:${part('minute')}`)}`;
}

/** A price line: Gratis for a rupiah 0, else its sign by type (spec section 9). */
export function orderPriceText(line: PriceLine): string {
  const points = line.type === 'cashback-point' || line.type === 'potongan-point';
  if (!points && line.price === 0) return FREE_LABEL;
  return formatPriceLine(line.price, line.type);
}

/** Passengers of a leg as the ticket lists them: "Siti Aminah · Kursi 9". */
export function seatText(seat: string | null): string {
  return seat === null ? 'Kursi ditentukan operator' : `Kursi ${seat}`;
}
