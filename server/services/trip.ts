/**
 * A trip as pricing and reservation take it: a list of legs, already decoded from the flat wire
 * body (operator_kode_pergi, kursi_pulang, connecting...) once, at the edge (http/trip-body.ts).
 * Services never read the flat body's fields.
 */

/** Where a leg sits in the trip: its label in price lines and messages, and how an order stores it. */
export interface LegPlace {
  /** "Pergi", "Pulang", or "Rute 1".."Rute 4" of a connecting trip. */
  label: string;
  direction: 'pergi' | 'pulang';
  /** 1 for outbound and return; the leg's number on a connecting trip. */
  legNo: number;
}

/** One departure: the operator's schedule on a date. */
export interface LegDeparture {
  operator: string;
  /** The schedule's code. */
  jadwal: string;
  /** `YYYY-MM-DD`. */
  date: string;
}

/** A leg as the price check prices it. */
export interface PriceLeg extends LegPlace, LegDeparture {
  /** Chosen seat numbers; empty on a leg without seat selection. */
  seats: string[];
  /** Head count of a leg without seat selection (the operator seats them); 1 when not given. */
  passengers: number | undefined;
}

/** One traveller of a reserved leg: the seat chosen (null where the operator seats), and the name. */
export interface Rider {
  seat: string | null;
  name: string;
}

/** A leg as a reservation books it. */
export interface BookingLeg extends LegPlace, LegDeparture {
  riders: Rider[];
}

/** What a trip's price depends on besides its legs. */
export interface PriceOptions {
  /** Legs of one connecting itinerary (checked against the timetable, equal head counts). */
  connecting: boolean;
  voucherCode: string | null;
  paymentMethodCode: string | null;
  /** Refundable cover asked for. */
  insurance: boolean;
  /** Donation in rupiah; 0 for none. */
  donation: number;
  /** Pay part with the signed-in customer's points. */
  usePoints: boolean;
}

export interface PriceRequest extends PriceOptions {
  legs: PriceLeg[];
}

export interface ReservationRequest extends PriceOptions {
  legs: BookingLeg[];
  /** A round trip (outbound and return), not a connecting one. */
  roundTrip: boolean;
  booker: { name: string; phone: string; email: string };
  /** The total the passenger was shown: only compared with the server's own. */
  shownTotal: number;
  donationMessage: string | null;
  adsCode: string | null;
  referrerUrl: string | null;
  /** The seat hold the body names (hold_token); the X-Hold-Token header's otherwise. */
  holdToken: string | null;
  /**
   * The parsed body as JSON, read only for the Idempotency-Key digest: a repeated key must come
   * with the same request, and orders already stored keep the digest of this very text.
   */
  sentJson: string;
}
