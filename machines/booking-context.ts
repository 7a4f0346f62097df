import type { CekHargaBody, CekHargaResults, ErrorCode, ReservasiResults } from '../contract';
import type { ReservationRequest } from './booking-requests';
import { DONATION_DEFAULT } from './constants';
import { passengerKey } from './passenger-form.machine';
import type {
  Booker,
  Direction,
  LayoutMode,
  NavigateEmitted,
  NavigationIntent,
  PassengerMap,
  SeatsByLeg,
  ToastEmitted,
  Trip,
  TripLeg,
} from './types';

/**
 * The booking machine's own words: its context, input, emitted events, UI texts and the pure
 * reads every booking-*.ts helper shares. The calls are asked in domain requests
 * (booking-requests.ts); src/api alone turns them into wire bodies.
 */

export type { LayoutMode } from './types';

/** Spec section 4: refundable cover is a tri-state, unset until the user answers. */
export type RefundableChoice = 'unset' | 'yes' | 'no';

/** Global feature flags (spec section 3). */
export interface BookingFeatures {
  refundable: boolean;
  /** Donation ("berkah"). */
  berkah: boolean;
  point: boolean;
}

export interface Voucher {
  name: string;
  code: string;
  /** Discount in rupiah, as validasi-voucher reported it. */
  price: number;
}

export type FeeType = NonNullable<CekHargaBody['tipe_admin_fee']>;

export interface Payment {
  code: string;
  name: string;
  fee: number;
  typeFee: FeeType;
}

/** Spec section 9 "Payment default": empty code and name, fee 0, fee type percent. */
export const DEFAULT_PAYMENT: Payment = { code: '', name: '', fee: 0, typeFee: 'persen' };

export interface Donation {
  on: boolean;
  /** Rupiah; never below DONATION_DEFAULT. */
  amount: number;
  message: string;
  /** The donation message rule's message, or null. */
  messageError: string | null;
}

/** Where the booking page was entered from (spec section 4 "Booking page entry"). */
export type EntrySource =
  | 'schedule'
  | 'partner-schedule'
  | 'schedule-standalone'
  | 'select-seat'
  | 'detail-reservation'
  | 'customer-order'
  | 'payment-confirmation'
  | 'other';

/** The booking page's own sheets (child routes); closing the booker sheet counts as an entry from it. */
export type BookingSheet = 'booker' | 'passengers' | 'voucher' | 'berkah' | 'terms';

/** Mobile screens hosting a passenger form (see PassengerFormFlow); desktop embeds it. */
export type MobilePassengerFlow = 'passenger-screen' | 'booking-page';

export type SeatHost = 'page' | 'sheet';
export type AutoOpenedForm = 'bookerForm' | 'passengerForm';

/** A child the booking page starts: seat choice per direction, passenger names per leg and direction, the booker. */
export type ChildRequest =
  | {
      kind: 'seatSelection';
      direction: Direction;
      /** Set by the seat page when it attaches (a reload, a link): finishing there leaves the page. */
      host?: SeatHost;
      /** The leg the seat page's address names (query connecting_route): a child started now starts there. */
      connectingRoute?: number;
    }
  | {
      kind: 'passengerForm';
      direction: Direction;
      /** 0-based leg; default 0. */
      legIndex?: number;
      /** Seats the screen knows to be left; the trip's own count applies too (the lower wins). */
      remainingSeats?: number;
      /** Mobile only; default passenger-screen. */
      flow?: MobilePassengerFlow;
    }
  | { kind: 'bookerForm' };

export interface BookingContext {
  layout: LayoutMode;
  signedIn: boolean;
  features: BookingFeatures;
  /** Advertising code and referrer URL (cookies), sent with the reservation. */
  adsCode: string | null;
  referrerUrl: string | null;
  trip: Trip | null;
  booker: Booker;
  /** One map per leg of each direction. */
  passengers: Record<Direction, PassengerMap[]>;
  seats: Record<Direction, SeatsByLeg>;
  /** "Sama dengan pemesan" was used on the passenger form. */
  sameAsBooker: boolean;
  voucher: Voucher | null;
  payment: Payment;
  refundable: RefundableChoice;
  usePoint: boolean;
  donation: Donation;
  termsAccepted: boolean;
  /** The booking page was opened with the query `sa`. */
  sa: boolean;
  /** Last successful price check; failures keep the previous one. */
  price: CekHargaResults | null;
  /** Temporary order code of the reservation just made. */
  orderCode: string | null;
  /** The server's new total when the reservation reported a price change. */
  changedTotal: number | null;
  /**
   * Idempotency key of the reservation being sent: persisted with the flow so a reload during the
   * call sends it again under the same key and the server answers the same order, not a second one.
   */
  reservationKey: string | null;
  /**
   * Fingerprint of the body (and hold token) last sent under reservationKey: a retry of the same
   * order after a failed call reuses the key, a changed order takes a new one.
   */
  reservationFingerprint: string | null;
  /**
   * The seat hold's token (hold-kursi), as the hold child last answered it: sent with the price
   * check, the seat layouts and the reservation. The hold itself and its countdown are the child's.
   */
  holdToken: string | null;
  /** The passenger form waiting behind the "Ubah Penumpang ?" dialog. */
  pendingPassengerChange: Extract<ChildRequest, { kind: 'passengerForm' }> | null;
  /** Where the user goes once "Konfirmasi Kembali ?" is confirmed. */
  pendingLeave: NavigationIntent | null;
  /**
   * Where the seat choice runs on desktop: its own page (after "Pilih", which then moves on to the
   * booking page) or the booking page's "Pilih Kursi" sheet (which simply closes).
   */
  seatHost: SeatHost;
  /** Mobile: the screen sequence the passenger forms belong to (decides where saving leads). */
  passengerFlow: MobilePassengerFlow;
  /** Forms the booking page opened by itself for this trip (mobile, no seat selection): once each. */
  autoOpened: AutoOpenedForm[];
  /**
   * Ids of the children running now. Mirrors snapshot.children because guards and pure
   * transitions (xstate/graph) see only the context.
   */
  openChildren: string[];
}

export interface BookingInput {
  layout: LayoutMode;
  signedIn: boolean;
  features: BookingFeatures;
  trip?: Trip | null;
  booker?: Booker;
  adsCode?: string | null;
  referrerUrl?: string | null;
}

export const EMPTY_BOOKER: Booker = { name: '', phone: '', email: '' };

/** One leg's seats as hold-kursi sends them; an empty list lets the leg's held seats go. */
export interface HoldLeg {
  direction: Direction;
  legIndex: number;
  operatorCode: string;
  scheduleCode: string;
  date: string;
  seats: string[];
}

export interface SeatHold {
  /** The server's hold token: the first hold's reply gives it, every later call sends it. */
  token: string | null;
  /** berakhir_pada of the last hold that kept seats (the server's clock). */
  endsAt: string | null;
  /**
   * The same end on this device's clock (ms), as the effect measured it at the reply: the
   * countdown compares it with the provided clock's ticks, so a throttled tab catches up.
   */
  deadline: number | null;
  /** Left of the hold at the last tick. */
  remainingMs: number;
  /** Legs whose seats the server holds for this booking now. */
  legs: HoldLeg[];
  /** Seats were saved again while a hold call ran: hold once more when it answers. */
  again: boolean;
}

export const EMPTY_HOLD: SeatHold = {
  token: null,
  endsAt: null,
  deadline: null,
  remainingMs: 0,
  legs: [],
  again: false,
};

/** What the holdSeats actor is asked: every leg to hold (or let go), sent one after another. */
export interface HoldInput {
  token: string | null;
  legs: HoldLeg[];
}

/**
 * The holdSeats actor's answer: the token, the legs the server holds now and, when a call was
 * refused, why (RSV-2: a seat was just taken; REQ-2: too many calls). A failed call rejects.
 */
export interface HoldOutcome {
  token: string | null;
  endsAt: string | null;
  /** The end on this device's clock (ms); null when nothing was held. */
  deadline: number | null;
  held: HoldLeg[];
  refusal: { kind: 'taken' | 'limited'; message: string; leg: HoldLeg } | null;
}

export function initialContext(input: BookingInput): BookingContext {
  return {
    layout: input.layout,
    signedIn: input.signedIn,
    features: input.features,
    adsCode: input.adsCode ?? null,
    referrerUrl: input.referrerUrl ?? null,
    trip: input.trip ?? null,
    booker: input.booker ?? EMPTY_BOOKER,
    passengers: { pergi: [], pulang: [] },
    seats: { pergi: [], pulang: [] },
    sameAsBooker: false,
    voucher: null,
    payment: DEFAULT_PAYMENT,
    refundable: 'unset',
    usePoint: false,
    donation: { on: false, amount: DONATION_DEFAULT, message: '', messageError: null },
    termsAccepted: false,
    sa: false,
    price: null,
    orderCode: null,
    changedTotal: null,
    reservationKey: null,
    reservationFingerprint: null,
    holdToken: null,
    pendingPassengerChange: null,
    pendingLeave: null,
    seatHost: 'page',
    passengerFlow: 'passenger-screen',
    autoOpened: [],
    openChildren: [],
  };
}

/** The reserve actor's output: the parsed results, or a typed error (never a throw). */
export type ReserveError = { kind: 'api'; code: ErrorCode; message: string } | { kind: 'network' };
/** What the reserve actor sends: the reservation under the confirmation's idempotency key. */
export interface ReserveInput {
  request: ReservationRequest;
  idempotencyKey: string | null;
  /** The hold to convert (sent as X-Hold-Token); null when nothing was held. */
  holdToken: string | null;
}
export type ReserveOutcome = { kind: 'ok'; results: ReservasiResults } | ReserveError;

/** Fields the booking page can scroll to when validation stops the reservation. */
export type BookingField = 'booker' | 'seats' | 'passengers' | 'passengersReturn' | 'refundable' | 'terms';
export type ScrollToEmitted = { type: 'scrollTo'; field: BookingField };

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_category: Direction;
  price: number;
  quantity: number;
}
/** GA4-style begin_checkout, fired once per reservation made without a price change. */
export type AnalyticsEmitted = {
  type: 'analytics';
  name: 'begin_checkout';
  transactionId: string;
  value: number;
  currency: 'IDR';
  items: AnalyticsItem[];
};

export type BookingEmitted = NavigateEmitted | ToastEmitted | ScrollToEmitted | AnalyticsEmitted;

/** UI texts of the booking page that are not field rules (those live in contract/fields), verbatim. */
export const bookingMessages = {
  bookerEmpty: 'Detail pemesan kosong, harap masukan detail lebih dahulu',
  passengersIncomplete: 'Harap lengkapi detail penumpang',
  returnPassengersIncomplete: 'Harap lengkapi detail penumpang pulang',
  connectingSeatsIncomplete: 'Harap lengkapi kursi terlebih dahulu',
  roundTripSeatsIncomplete: 'Harap lengkapi kursi pulang dan pergi terlebih dahulu',
  refundableUnset: 'Harap menentukan opsi refundable terlebih dahulu',
  /** Inline note under the option while it is unset. */
  refundableRequired: 'Harap tentukan opsi refundable berikut',
  termsNotAccepted: 'Kamu belum menyetujui syarat & ketentuan yang diberikan operator',
  refundableFree: 'Tiket gratis tidak dapat menggunakan fitur ini',
  pointsSignIn: 'Masuk untuk bisa gunakan fitur ini',
  pointsNone: 'Maaf tidak ada point yang dapat ditukarkan',
  pointsNotRedeemable: 'Yahh, pesanan ini tidak dapat ditukar dengan point',
  reserveFailed: 'Tidak dapat melakukan reservasi',
  /** Not in the spec: a connecting outbound cannot be combined with a return (one leg each way). */
  connectingRoundTrip: 'Perjalanan pindah armada belum bisa dipesan pulang pergi. Pilih jadwal langsung.',
  seatTakenSuffix: ', Silahkan pilih kursi yang lain',
  /** Not in the spec: the seat hold's countdown ({time} is MM:SS) and its end. */
  holdRemaining: 'Kursi ditahan untuk Anda selama {time}',
  holdExpired: 'Waktu penahanan kursi habis',
  bookerWarning: 'Harap lengkapi informasi pemesan',
  passengerNamesMissing: 'Ada nama penumpang yang belum terisi',
  termsLabel: 'Setuju dengan syarat & ketentuan yang diberikan operator perjalanan',
} as const;

export interface DialogTexts {
  title: string;
  confirmLabel: string;
  /** null: the dialog has no cancel button and cannot be closed. */
  cancelLabel: string | null;
}

/** Spec section 2 "Dialogs". */
export const dialogTexts = {
  reserve: { title: 'Lakukan Reservasi ?', confirmLabel: 'Ya, Reservasi', cancelLabel: 'Tidak' },
  priceChanged: { title: 'Terjadi Perubahan Harga', confirmLabel: 'Saya Paham', cancelLabel: null },
  changePassengers: { title: 'Ubah Penumpang ?', confirmLabel: 'Ya', cancelLabel: 'Tidak' },
  leave: { title: 'Konfirmasi Kembali ?', confirmLabel: 'Ya', cancelLabel: 'Tidak' },
} as const satisfies Record<string, DialogTexts>;

/** Search value of select-seat after a seat conflict on mobile (spec section 2). */
export const SEAT_CONFLICT_SEARCH_TYPE = 'fallback-confirmation-order';
export { RETURN_ROUTE_PARAM as RETURN_PARAM } from './constants';

// ---------------------------------------------------------------------------------------------
// Shared reads.

/** The legs of one direction: the outbound leg(s), or the return leg of a round trip. */
export function legsOf(trip: Trip | null, direction: Direction): TripLeg[] {
  if (!trip) return [];
  return direction === 'pergi' ? trip.outbound : (trip.return ?? []);
}

/**
 * Seats still free for the passengers of one direction: every leg carries them all, so the
 * fullest leg decides. null when no leg's schedule said.
 */
export function remainingSeatsOf(trip: Trip | null, direction: Direction): number | null {
  const known = legsOf(trip, direction).flatMap((leg) =>
    leg.remainingSeats === undefined ? [] : [leg.remainingSeats],
  );
  return known.length > 0 ? Math.min(...known) : null;
}

/** Passenger names of one leg in seat order, read with the passenger form's own keys. */
export function legNames(context: Pick<BookingContext, 'trip' | 'passengers'>, direction: Direction, legIndex: number) {
  const map = context.passengers[direction][legIndex] ?? {};
  const kind = context.trip?.kind ?? 'one-way';
  const names: string[] = [];
  for (let name = map[passengerKey(kind, legIndex, 0)]; name !== undefined;) {
    names.push(name);
    name = map[passengerKey(kind, legIndex, names.length)];
  }
  return names;
}

export function passengerCount(context: Pick<BookingContext, 'trip' | 'passengers'>, direction: Direction): number {
  return context.passengers[direction].reduce(
    (sum, _, legIndex) => sum + legNames(context, direction, legIndex).length,
    0,
  );
}

export function seatCount(context: Pick<BookingContext, 'seats'>, direction: Direction): number {
  return context.seats[direction].reduce((sum, leg) => sum + leg.length, 0);
}

export function hasAnySeats(context: Pick<BookingContext, 'seats'>): boolean {
  return seatCount(context, 'pergi') + seatCount(context, 'pulang') > 0;
}
