import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { bookerFormMachine } from './booker-form.machine';
import { childId } from './booking-children';
import { dialogTexts, type BookingContext } from './booking-context';
import type { bookingHoldMachine } from './booking-hold.machine';
import type { bookingPriceMachine } from './booking-price.machine';
import { doSeatCountsMatch, isBookerComplete, validateBooking } from './booking-validation';
import type { BookingSnapshot } from './booking.machine';
import { PRICE_SKELETON_ROWS } from './constants';
import type { passengerFormMachine } from './passenger-form.machine';
import type { seatSelectionMachine } from './seat-selection.machine';
import type { Direction } from './types';

/**
 * What the booking screens read from the booking actor's snapshot (with useSelector): the loading
 * and dialog flags of the chart's regions, and the running children by a stable name, so no
 * screen builds a child id or repeats a state name.
 */

export type BookingPriceRef = ActorRefFrom<typeof bookingPriceMachine>;
export type BookingPriceSnapshot = SnapshotFrom<typeof bookingPriceMachine>;
export type BookingHoldRef = ActorRefFrom<typeof bookingHoldMachine>;
export type BookingHoldSnapshot = SnapshotFrom<typeof bookingHoldMachine>;

/** The price check child (invoked by the root, so running while the booking runs). */
export function priceChild(snapshot: BookingSnapshot): BookingPriceRef | undefined {
  return (snapshot.children as Record<string, unknown>)['price'] as BookingPriceRef | undefined;
}

/** The seat hold child (invoked by the root, so running while the booking runs). */
export function holdChild(snapshot: BookingSnapshot): BookingHoldRef | undefined {
  return (snapshot.children as Record<string, unknown>)['hold'] as BookingHoldRef | undefined;
}

/** The skeleton rows of the price list show while this is true (the price child's snapshot). */
export function priceLoading(price: BookingPriceSnapshot | undefined): boolean {
  return price?.matches('checking') ?? false;
}

/** How many skeleton rows the price list shows now. */
export function priceSkeletonRows(price: BookingPriceSnapshot | undefined): number {
  return priceLoading(price) ? PRICE_SKELETON_ROWS : 0;
}

/** The booking would pass validation now: the mobile "Bayar Sekarang" looks ready. */
export function isReadyToReserve(snapshot: BookingSnapshot): boolean {
  return validateBooking(snapshot.context) === null;
}

/** Every leg has a seat per passenger: the desktop "Reservasi Tiket" looks ready. */
export function seatCountsMatch(snapshot: BookingSnapshot): boolean {
  return doSeatCountsMatch(snapshot.context);
}

/** The booker's details are all there (else the page warns under them). */
export function bookerComplete(snapshot: BookingSnapshot): boolean {
  return isBookerComplete(snapshot.context.booker);
}

/** The full-page loader. */
export function reserving(snapshot: BookingSnapshot): boolean {
  return snapshot.matches({ flow: 'reserving' });
}

/** The seat hold's countdown: what is left while held, `expired` once it ran out, null otherwise. */
export type HoldCountdown = { kind: 'held'; remainingMs: number } | { kind: 'expired' } | null;

/** From the hold child's snapshot. */
export function holdCountdown(snapshot: BookingHoldSnapshot | undefined): HoldCountdown {
  if (!snapshot) return null;
  const { hold } = snapshot.context;
  if (snapshot.matches('held')) return { kind: 'held', remainingMs: hold.remainingMs };
  // Holding more seats: the seats already held keep showing their time.
  if (snapshot.matches('holding') && hold.legs.length > 0 && hold.remainingMs > 0) {
    return { kind: 'held', remainingMs: hold.remainingMs };
  }
  if (snapshot.matches('expired')) return { kind: 'expired' };
  return null;
}

export function refundableHighlighted(snapshot: BookingSnapshot): boolean {
  return snapshot.matches({ refundableHighlight: 'on' });
}

export function voucherListOpen(snapshot: BookingSnapshot): boolean {
  return snapshot.matches({ voucherList: 'open' });
}

export type OpenDialog =
  | { kind: 'reserve'; texts: (typeof dialogTexts)['reserve'] }
  | { kind: 'priceChanged'; texts: (typeof dialogTexts)['priceChanged']; total: number }
  | { kind: 'changePassengers'; texts: (typeof dialogTexts)['changePassengers'] }
  | { kind: 'leave'; texts: (typeof dialogTexts)['leave'] };

export function openDialog(snapshot: BookingSnapshot): OpenDialog | null {
  if (snapshot.matches({ flow: 'confirmingReservation' })) return { kind: 'reserve', texts: dialogTexts.reserve };
  if (snapshot.matches({ flow: 'priceChanged' })) {
    return { kind: 'priceChanged', texts: dialogTexts.priceChanged, total: snapshot.context.changedTotal as number };
  }
  if (snapshot.matches({ flow: 'confirmingPassengerChange' })) {
    return { kind: 'changePassengers', texts: dialogTexts.changePassengers };
  }
  if (snapshot.matches({ flow: 'confirmingLeave' })) return { kind: 'leave', texts: dialogTexts.leave };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Running children. The booking actor spawns each child under its id (see childId); a screen
// asks for the one it hosts and gets undefined while that child is not running.

function runningChild(snapshot: BookingSnapshot, id: string): unknown {
  // A child that finished (saved) stays in snapshot.children until the next one replaces it;
  // openChildren lists only those still running, so a saved form is never drawn as open.
  if (!snapshot.context.openChildren.includes(id)) return undefined;
  return (snapshot.children as Record<string, unknown>)[id];
}

export function seatSelectionChild(
  snapshot: BookingSnapshot,
  direction: Direction,
): ActorRefFrom<typeof seatSelectionMachine> | undefined {
  return runningChild(snapshot, childId({ kind: 'seatSelection', direction })) as
    ActorRefFrom<typeof seatSelectionMachine> | undefined;
}

export function passengerFormChild(
  snapshot: BookingSnapshot,
  direction: Direction,
  legIndex: number,
): ActorRefFrom<typeof passengerFormMachine> | undefined {
  return runningChild(snapshot, childId({ kind: 'passengerForm', direction, legIndex })) as
    ActorRefFrom<typeof passengerFormMachine> | undefined;
}

export function bookerFormChild(snapshot: BookingSnapshot): ActorRefFrom<typeof bookerFormMachine> | undefined {
  return runningChild(snapshot, childId({ kind: 'bookerForm' })) as ActorRefFrom<typeof bookerFormMachine> | undefined;
}

// ---------------------------------------------------------------------------------------------
// Where the customer is: the support replay tells it (src/trace/step-story.ts) and draws it
// (src/features/booking/booking-preview.tsx) from the same reading of a snapshot.

export type BookingScreen =
  | { kind: 'booking' }
  | { kind: 'seats'; direction: Direction }
  | { kind: 'passengers'; direction: Direction; legIndex: number };

export type BookingSheetOpen =
  { kind: 'seatSheet'; direction: Direction } | { kind: 'bookerSheet' } | { kind: 'voucherSheet' } | null;

/**
 * The screen the booking's running children put the customer on, and the sheet over it: a seat
 * choice is a page on a phone (or on desktop when it started there) and the booking page's "Pilih
 * Kursi" sheet otherwise; a phone's passenger form is its own page and its booker form a sheet
 * (desktop keeps both inline); the voucher list is a sheet on both.
 */
export function bookingPlace(
  context: Pick<BookingContext, 'openChildren' | 'layout' | 'seatHost'>,
  voucherListIsOpen: boolean,
): { screen: BookingScreen; sheet: BookingSheetOpen } {
  const open = context.openChildren;
  const phone = context.layout === 'm';
  const seat = (['pulang', 'pergi'] as const).find((direction) =>
    open.includes(childId({ kind: 'seatSelection', direction })),
  );
  const passenger = open.find((id) => id.startsWith('passengerForm.'));
  let screen: BookingScreen = { kind: 'booking' };
  let sheet: BookingSheetOpen = null;
  if (seat && (phone || context.seatHost === 'page')) screen = { kind: 'seats', direction: seat };
  else if (seat) sheet = { kind: 'seatSheet', direction: seat };
  else if (passenger && phone) {
    const [, direction, leg] = passenger.split('.');
    screen = { kind: 'passengers', direction: direction === 'pulang' ? 'pulang' : 'pergi', legIndex: Number(leg ?? 0) };
  }
  if (voucherListIsOpen) sheet = { kind: 'voucherSheet' };
  else if (phone && screen.kind === 'booking' && open.includes(childId({ kind: 'bookerForm' }))) {
    sheet = { kind: 'bookerSheet' };
  }
  return { screen, sheet };
}
