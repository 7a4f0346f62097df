import type { PriceLine, PriceLineType } from '../contract';
import { DONATION_DEFAULT } from './constants';
import { type BookingContext, bookingMessages, hasAnySeats, legsOf, passengerCount } from './booking-context';

/**
 * Price side of the booking page: the refundable and points permissions that follow from the
 * price check's reply, and the price list rows. The request itself is in booking-requests.ts.
 */

// ---------------------------------------------------------------------------------------------
// Permissions that follow from the price check (or, before one, from the trip).

type PermissionInputs = Pick<BookingContext, 'trip' | 'price' | 'features' | 'signedIn'>;

/**
 * The spec's isRefundableFlag: the price check's flag_status_asuransi once there is one, else
 * every leg of the trip must be refundable (free tickets cannot take cover).
 */
export function refundableFlag(context: Pick<BookingContext, 'trip' | 'price'>): 0 | 1 {
  if (context.price) return context.price.flag_status_asuransi;
  const legs = [...legsOf(context.trip, 'pergi'), ...legsOf(context.trip, 'pulang')];
  return legs.length > 0 && legs.every((leg) => leg.refundable) ? 1 : 0;
}

/** The option is asked (and required by validation) when the feature is on and the trip allows it. */
export function isRefundableAsked(context: PermissionInputs): boolean {
  return context.features.refundable && refundableFlag(context) === 1;
}

/** The note of the disabled option, or null when it is enabled (or the feature is off). */
export function refundableNote(context: PermissionInputs): string | null {
  return context.features.refundable && refundableFlag(context) === 0 ? bookingMessages.refundableFree : null;
}

/** Spec section 3 detailPoint: balance, points usable on this order, and whether any are. */
export function detailPoint(context: Pick<BookingContext, 'price'>) {
  return {
    totalPoint: context.price?.total_point ?? 0,
    usePoint: context.price?.max_point ?? 0,
    flag: context.price?.flag_status_point ?? 0,
  };
}

/** Spec section 5: points are usable only when signed in, detailPoint.flag is not 0 and usePoint is not 0. */
export function canUsePoints(context: PermissionInputs): boolean {
  const detail = detailPoint(context);
  return context.features.point && context.signedIn && detail.flag !== 0 && detail.usePoint !== 0;
}

/** Why the points toggle refuses to switch on, or null when it may. */
export function pointsRefusal(context: PermissionInputs): string | null {
  if (!context.signedIn) return bookingMessages.pointsSignIn;
  return canUsePoints(context) ? null : bookingMessages.pointsNone;
}

type PointsNoteInputs = PermissionInputs & Pick<BookingContext, 'seats' | 'passengers'>;

/** Something is chosen to price: seats, or passengers where the operator assigns the seats. */
function hasSomethingPriced(context: PointsNoteInputs): boolean {
  return hasAnySeats(context) || passengerCount(context, 'pergi') > 0;
}

/**
 * The points option's text (spec section 8), or null when there is nothing to say yet (nothing
 * chosen to price) or points can be redeemed (the option then shows how many): a guest is asked
 * to sign in, a free ticket cannot use it, and an order that allows no points says so.
 */
export function pointsNote(context: PointsNoteInputs): string | null {
  if (!context.signedIn) return bookingMessages.pointsSignIn;
  if (canUsePoints(context) || context.price === null || !hasSomethingPriced(context)) return null;
  return context.price.sub_total === 0 ? bookingMessages.refundableFree : bookingMessages.pointsNotRedeemable;
}

export function isValidDonationAmount(amount: number): boolean {
  return Number.isInteger(amount) && amount >= DONATION_DEFAULT;
}

// ---------------------------------------------------------------------------------------------
// Price list rows ("Detail Harga Tiket").

export interface PriceRow {
  title: string;
  /** Rupiah, or points for the two point lines. */
  amount: number;
  unit: 'rupiah' | 'point';
  /** Spec section 3: less -, add +, total ., the rest none; cashback adds points (+). */
  sign: '-' | '+' | '.' | '';
  type: PriceLineType;
  /** A rupiah amount of 0 shows Gratis (spec section 9). */
  free: boolean;
  emphasis: boolean;
}

const SIGNS: Record<PriceLineType, PriceRow['sign']> = {
  less: '-',
  add: '+',
  total: '.',
  'cashback-point': '+',
  'potongan-point': '-',
  normal: '',
};

export function mapPriceLine(line: PriceLine): PriceRow {
  const unit = line.type === 'cashback-point' || line.type === 'potongan-point' ? 'point' : 'rupiah';
  return {
    title: line.title,
    amount: line.price,
    unit,
    sign: SIGNS[line.type],
    type: line.type,
    free: unit === 'rupiah' && line.price === 0,
    emphasis: line.type === 'total',
  };
}

export function priceRows(context: Pick<BookingContext, 'price'>): PriceRow[] {
  return (context.price?.list_harga ?? []).map(mapPriceLine);
}
