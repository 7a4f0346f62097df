import { BookerNameSchema, EmailSchema, firstError, PassengerNameSchema, PhoneSchema } from '../contract/fields';
import { type BookingContext, type BookingField, bookingMessages, legNames, legsOf } from './booking-context';
import { isRefundableAsked } from './booking-price';
import type { Booker, Direction } from './types';
import { sheetMessages } from './sheet.machine';

/**
 * Spec section 5 "Booking validation order", plus the desktop seat checks. The first failing
 * rule decides the toast and the field the page scrolls to.
 */

export interface ValidationFailure {
  message: string;
  field: BookingField;
}

type ValidationInputs = Pick<
  BookingContext,
  | 'layout'
  | 'trip'
  | 'booker'
  | 'passengers'
  | 'seats'
  | 'refundable'
  | 'termsAccepted'
  | 'price'
  | 'features'
  | 'signedIn'
>;

/**
 * Name, phone and email all filled. "Filled" means passing their rules: the booker form only
 * saves valid details, and a prefilled profile that does not pass must be completed first.
 */
export function isBookerComplete(booker: Booker): boolean {
  return (
    firstError(BookerNameSchema, booker.name) === null &&
    firstError(PhoneSchema, booker.phone) === null &&
    firstError(EmailSchema, booker.email) === null
  );
}

/** The leg has its seats, or needs none (schedules without seat selection: the operator assigns). */
function legSeated(context: Pick<BookingContext, 'trip' | 'seats'>, direction: Direction, legIndex: number): boolean {
  const leg = legsOf(context.trip, direction)[legIndex];
  return !leg?.selectSeat || (context.seats[direction][legIndex]?.length ?? 0) > 0;
}

export function hasAllLegSeats(context: Pick<BookingContext, 'trip' | 'seats'>, direction: Direction): boolean {
  const legs = legsOf(context.trip, direction);
  return legs.length > 0 && legs.every((_, legIndex) => legSeated(context, direction, legIndex));
}

/**
 * Every leg of the direction has a valid name per passenger, one per chosen seat (legs without
 * seat selection need at least one name).
 */
export function arePassengersComplete(
  context: Pick<BookingContext, 'trip' | 'passengers' | 'seats'>,
  direction: Direction,
): boolean {
  const legs = legsOf(context.trip, direction);
  return (
    legs.length > 0 &&
    legs.every((leg, legIndex) => {
      const names = legNames(context, direction, legIndex);
      const seats = context.seats[direction][legIndex] ?? [];
      const countOk = leg.selectSeat ? seats.length === names.length : true;
      return names.length > 0 && countOk && names.every((name) => firstError(PassengerNameSchema, name) === null);
    })
  );
}

/** The "Reservasi Tiket" button looks enabled only when every leg has as many seats as names. */
export function doSeatCountsMatch(context: Pick<BookingContext, 'trip' | 'passengers' | 'seats'>): boolean {
  const directions: Direction[] = context.trip?.kind === 'round-trip' ? ['pergi', 'pulang'] : ['pergi'];
  return directions.every((direction) =>
    legsOf(context.trip, direction).every((leg, legIndex) => {
      const seats = context.seats[direction][legIndex]?.length ?? 0;
      return seats > 0 ? seats === legNames(context, direction, legIndex).length : !leg.selectSeat;
    }),
  );
}

/** Mobile warning "Ada nama penumpang yang belum terisi": some leg has fewer names than seats. */
export function hasMissingPassengerNames(context: Pick<BookingContext, 'trip' | 'passengers' | 'seats'>): boolean {
  return (['pergi', 'pulang'] as const).some((direction) =>
    context.seats[direction].some(
      (seats, legIndex) =>
        legNames(context, direction, legIndex).filter((name) => name.trim() !== '').length < seats.length,
    ),
  );
}

/**
 * The first failing rule, in order:
 * 1. booker details;
 * desktop: every connecting leg seated ("Harap lengkapi kursi terlebih dahulu"), both directions of
 *   a round trip seated ("Harap lengkapi kursi pulang dan pergi terlebih dahulu");
 * 2. passengers (on mobile a round trip's return passengers count here too: that layout has no
 *    separate message for them, and a reservation without them cannot be made);
 * 3. desktop round trip: return passengers;
 * 4. refundable asked and unset;
 * 5. terms accepted.
 */
export function validateBooking(context: ValidationInputs): ValidationFailure | null {
  const roundTrip = context.trip?.kind === 'round-trip';
  const desktop = context.layout === 'd';
  if (!isBookerComplete(context.booker)) return { message: bookingMessages.bookerEmpty, field: 'booker' };
  if (desktop && context.trip?.kind === 'connecting' && !hasAllLegSeats(context, 'pergi')) {
    return { message: bookingMessages.connectingSeatsIncomplete, field: 'seats' };
  }
  if (desktop && roundTrip && !(hasAllLegSeats(context, 'pergi') && hasAllLegSeats(context, 'pulang'))) {
    return { message: bookingMessages.roundTripSeatsIncomplete, field: 'seats' };
  }
  const mobileReturnMissing = !desktop && roundTrip && !arePassengersComplete(context, 'pulang');
  if (!arePassengersComplete(context, 'pergi') || mobileReturnMissing) {
    return { message: bookingMessages.passengersIncomplete, field: 'passengers' };
  }
  if (desktop && roundTrip && !arePassengersComplete(context, 'pulang')) {
    return { message: bookingMessages.returnPassengersIncomplete, field: 'passengersReturn' };
  }
  if (isRefundableAsked(context) && context.refundable === 'unset') {
    return { message: bookingMessages.refundableUnset, field: 'refundable' };
  }
  if (!context.termsAccepted) return { message: bookingMessages.termsNotAccepted, field: 'terms' };
  return null;
}

/**
 * What blocks closing the seat sheet (spec section 2): on desktop a round trip keeps it open
 * until both directions have their seats. Feed it to the sheet machine's `sheet.setCloseBlock`.
 */
export function seatSheetCloseBlock(context: Pick<BookingContext, 'trip' | 'seats' | 'layout'>): string | null {
  if (context.layout !== 'd' || context.trip?.kind !== 'round-trip') return null;
  const seated = hasAllLegSeats(context, 'pergi') && hasAllLegSeats(context, 'pulang');
  return seated ? null : sheetMessages.seatsRequired;
}
