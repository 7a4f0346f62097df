import type { KursiResults, OperatorType } from '../contract';

/**
 * The booking flow's own words, shared by every machine. Wire names (spec) are mapped to these
 * once, in src/api; machines never see a raw reply other than the contract types they import.
 */

/** Layout mode of the page meta value `vm` (spec section 2): m mobile, d desktop. */
export type LayoutMode = 'm' | 'd';

/** Outbound ("Pergi") or return ("Pulang"). */
export type Direction = 'pergi' | 'pulang';

/** One bookable departure: a direct schedule, or one leg of a connecting trip. */
export interface TripLeg {
  operatorCode: string;
  operatorName: string;
  operatorType: OperatorType;
  operatorLogo: string;
  scheduleCode: string;
  /** Departure date `YYYY-MM-DD`. */
  date: string;
  /** `HH:mm` WIB. */
  departureTime: string;
  origin: string;
  destination: string;
  selectSeat: boolean;
  /** Free trips cannot take refundable cover. */
  refundable: boolean;
  /** Seats still free when the schedule was chosen (remaining_seats, sisa_kursi); absent when not told. */
  remainingSeats?: number;
}

/** What the passenger chose on the schedule pages. Connecting trips have two or more legs. */
export interface Trip {
  kind: 'one-way' | 'round-trip' | 'connecting';
  /** One leg, or the ordered legs of a connecting trip. */
  outbound: TripLeg[];
  /** Round trip only. */
  return: TripLeg[] | null;
  /** Code of the connecting itinerary, when kind is connecting. */
  connectingCode: string | null;
}

/** A chosen seat with the prices the seat map showed. */
export interface ChosenSeat {
  no: string;
  /** `row-col` key in the floor's seat map. */
  key: string;
  floor: string;
  price: number;
  /** Normal price, for the strikethrough beside a promo price. */
  normalPrice: number;
  promoCode: string | null;
}

/** The seat layout reply of `{prefix}/kursi`, as the machines read it. */
export type SeatLayout = KursiResults;

/** Seats per leg index (0 = first leg) of one direction. */
export type SeatsByLeg = ChosenSeat[][];

/** Passenger names of one direction: `pass0..` for direct legs, `pass{leg}-{index}` for connecting legs. */
export type PassengerMap = Record<string, string>;

/**
 * Where to pay (an order's instruction, a flash-sale purchase), as the gateway (or the simulator)
 * answered; null where the method has none.
 */
export interface PayingPlace {
  /** Virtual account, retail number or Mandiri's bill key. */
  number: string | null;
  /** Mandiri's biller code, shown beside the bill key. */
  billerCode: string | null;
  /** The QRIS payload to draw. */
  qris: string | null;
  /** The gateway's page or GoPay's app link. */
  url: string | null;
}

export interface Booker {
  name: string;
  phone: string;
  email: string;
}

/**
 * Where the spec sends the user next. Machines emit these (`emit({ type: 'navigate', intent })`);
 * one adapter in src/ applies them to the router. Route names are the spec's.
 */
export type NavigationIntent =
  | { kind: 'back'; steps: number }
  | {
      kind: 'route';
      name:
        | 'home'
        | 'schedule'
        | 'detail-schedule'
        | 'detail-schedule-standalone'
        | 'select-seat'
        | 'information-passengers'
        | 'list-voucher'
        | 'm-information-passengers-no-select-seat'
        | 'info-customer-order'
        | 'confirmation-payment-order'
        | 'payment-order'
        | 'payment-order-change-payment'
        | 'payment-url'
        | 'detail-order'
        | 'detail-order-change-payment'
        | 'detail-order-location'
        | 'detail-order-qr-code'
        | 'detail-order-guest'
        | 'detail-order-guest-change-payment'
        | 'detail-order-guest-location';
      params?: Record<string, string>;
      search?: Record<string, string | number>;
      /** Replace the current history entry instead of pushing. */
      replace?: boolean;
    };

export type NavigateEmitted = { type: 'navigate'; intent: NavigationIntent };
/** Toast requests: the screen shows `message` for `durationMs` at `position`. */
export type ToastEmitted = {
  type: 'toast';
  message: string;
  durationMs: number;
  position: 'top' | 'bottom';
};

/**
 * Child machines report their result by reaching their final state with one of these outputs;
 * the booking machine reads it from the child's done event.
 */
export interface SeatSelectionOutput {
  direction: Direction;
  /** Seats per leg of that direction (one entry for a direct trip). */
  seats: SeatsByLeg;
}
export interface PassengerFormOutput {
  direction: Direction;
  /** One map per leg (one entry for a direct trip); keys as PassengerMap says. */
  passengers: PassengerMap[];
}
export type BookerFormOutput = Booker;
