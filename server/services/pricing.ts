/**
 * Pricing rules of POST {prefix}/cek-harga. The server prices from its own data only; the
 * client's voucher_diskon, tipe_admin_fee and admin_fee are hints and are ignored. The trip comes
 * as a list of legs (services/trip.ts), decoded from the wire body at the edge.
 *
 * 1. Tickets: every chosen seat at its layout price (promo seat: promo price; tier-2 seat:
 *    price2; otherwise the base price). One 'normal' line per priced leg: "Tiket Pergi
 *    (2 kursi)", "Tiket Pulang (1 kursi)", "Tiket Rute 1 (2 kursi)". sub_total is their sum.
 *    Seats must exist on the leg's layout as bookable tiles (else 400 RSV-1), not be taken by a
 *    live booking (else 409 RSV-2), at most 3 per leg, and every connecting leg after the first
 *    carries as many passengers as the first.
 *    A leg whose schedule has no seat selection (select_seat false) takes no seat numbers (else
 *    400 RSV-1): the operator assigns seats, so it is priced jumlah_penumpang (default 1) x the
 *    schedule's base price, "Tiket Pergi (2 penumpang)", and needs that many seats still free.
 * 2. Voucher (voucher_kode): the voucher rule of services/vouchers.ts against sub_total and the
 *    chosen payment method, the very one validasi-voucher applies: a refusal is the same 422
 *    VCR-* code and message. Line 'less' "Voucher {name}".
 * 3. Admin fee of the payment method (jenis_pembayaran_kode, active): persen:
 *    ceil(sub_total x fee / 100); nominal: fee. Line 'add' "Biaya Admin {name}" when above 0.
 * 4. Refundable cover: offered (flag_status_asuransi 1) when sub_total > 0 and every schedule
 *    is refundable. biaya_asuransi = 5% of sub_total rounded up to Rp 500, at least Rp 2.000
 *    (0 when not offered). Charged as line 'add' "Asuransi Refundable" only with flag_asuransi 1.
 * 5. Donation (donasi > 0): line 'add' "Donasi Berkah".
 * 6. Points, for a signed-in (bearer) customer only: total_point = balance; max_point =
 *    min(balance, floor(10% of sub_total)); flag_status_point = 1 when max_point > 0. With
 *    flag_point 1 and flag_status_point 1: line 'potongan-point' of max_point (1 point = Rp 1).
 * 7. total_bayar = max(0, sub_total - voucher + admin + cover + donation - points), line 'total'.
 * 8. Cashback, signed-in customers with sub_total > 0: line 'cashback-point' of floor(1% of
 *    sub_total) points, listed after the total and not part of it.
 */
import { eq, sql } from 'drizzle-orm';
import type { CekHargaResults, PriceLine } from '../../contract';
import type { Database } from '../db/client';
import { paymentMethods } from '../db/schema';
import { addDays } from '../lib/dates';
import { badRequest, notBookable, notFound, seatTaken } from './errors';
import type { AuthCustomer } from './sessions';
import type { LegDeparture, PriceLeg, PriceRequest } from './trip';
import {
  MAX_PASSENGERS_PER_LEG,
  assertSaleDate,
  bookedSeatsOf,
  loadSaleSchedules,
  seatPrice,
  seatsByNumber,
  type SaleSchedule,
  type TakenOptions,
} from './seats';
import { queryRows } from './sql';
import { appliedVoucher, findVoucher, type VoucherRow } from './vouchers';

export const PRICING = {
  insurancePercent: 5,
  insuranceRoundTo: 500,
  insuranceMin: 2000,
  pointMaxPercent: 10,
  cashbackPercent: 1,
} as const;

interface PricedLeg {
  title: string;
  /** Seats chosen, or the head count of a leg without seat selection. */
  passengers: number;
  amount: number;
  refundable: boolean;
}

/** The connecting legs must be one stored itinerary, in order, on dates its day offsets give. */
export async function assertConnectingTrip(db: Database, legs: LegDeparture[]): Promise<void> {
  const first = legs[0];
  if (!first) return;
  const trips = await queryRows<{ codes: string[]; offsets: number[] }>(
    db,
    sql`
    SELECT array_agg(s.code ORDER BY cl.leg_no)::text[] AS codes, array_agg(cl.day_offset ORDER BY cl.leg_no)::int[] AS offsets
    FROM connecting_legs cl JOIN schedules s ON s.id = cl.schedule_id
    WHERE cl.trip_id IN (
      SELECT cl2.trip_id FROM connecting_legs cl2 JOIN schedules s2 ON s2.id = cl2.schedule_id WHERE s2.code = ${first.jadwal}
    )
    GROUP BY cl.trip_id`,
  );
  const codes = legs.map((leg) => leg.jadwal);
  const trip = trips.find((t) => t.codes.length === codes.length && t.codes.every((code, i) => code === codes[i]));
  if (!trip) throw notBookable('Rute pindah armada tidak ditemukan untuk jadwal yang dipilih');
  const startOffset = trip.offsets[0] ?? 0;
  legs.forEach((leg, i) => {
    const expected = addDays(first.date, (trip.offsets[i] ?? 0) - startOffset);
    if (leg.date !== expected) {
      throw notBookable(`Tanggal rute ${i + 1} harus ${expected}`);
    }
  });
}

/** What pricing reads, read before the rule runs, so cek-harga and reservasi share one pure rule. */
export interface PriceData {
  /** Each leg's schedule, in the request's leg order; null where none is sold (404). */
  schedules: (SaleSchedule | null)[];
  /** Each leg's taken seats; null where not read (a reservation's inserts meet the unique index instead). */
  booked: (Set<string> | null)[];
  /** The voucher the typed code names, null if none (or no code). */
  voucher: VoucherRow | null;
  paymentMethod: PaymentMethod | null;
}

type PaymentMethod = typeof paymentMethods.$inferSelect;

/**
 * Reads everything the rule needs in as few round trips as the legs allow: all schedules at once,
 * then all taken-seat sets at once. `seatLegsTaken` false leaves seat-selection legs unread.
 */
export async function readPriceData(
  db: Database,
  request: PriceRequest,
  taken: TakenOptions,
  options: { schedules?: (SaleSchedule | null)[]; seatLegsTaken?: boolean } = {},
): Promise<PriceData> {
  const { legs } = request;
  const schedules = options.schedules ?? (await loadSaleSchedules(db, legs));
  const wanted = legs.map((leg, i) => {
    const schedule = schedules[i];
    if (!schedule) return null;
    const needed = schedule.selectSeat ? options.seatLegsTaken !== false && leg.seats.length > 0 : true;
    return needed ? { scheduleId: schedule.id, date: leg.date } : null;
  });
  const departures = wanted.filter((d): d is { scheduleId: number; date: string } => d !== null);
  const [bookedBy, voucher, paymentMethod] = await Promise.all([
    bookedSeatsOf(db, departures, taken),
    request.voucherCode ? findVoucher(db, request.voucherCode) : null,
    request.paymentMethodCode ? findPaymentMethod(db, request.paymentMethodCode) : null,
  ]);
  return {
    schedules,
    booked: wanted.map((d) => (d ? (bookedBy.get(`${d.scheduleId}/${d.date}`) ?? new Set<string>()) : null)),
    voucher,
    paymentMethod,
  };
}

async function findPaymentMethod(db: Database, code: string): Promise<PaymentMethod | null> {
  const rows = await db.select().from(paymentMethods).where(eq(paymentMethods.code, code)).limit(1);
  return rows[0] ?? null;
}

function priceLeg(today: string, leg: PriceLeg, found: SaleSchedule | null, booked: Set<string> | null): PricedLeg {
  const { label } = leg;
  const seen = new Set<string>();
  for (const no of leg.seats) {
    if (seen.has(no)) throw badRequest(`Kursi ${no} dipilih lebih dari sekali (${label})`);
    seen.add(no);
  }
  if (leg.seats.length > MAX_PASSENGERS_PER_LEG) {
    throw badRequest(`Sudah mencapai batas maksimum (${MAX_PASSENGERS_PER_LEG}) penumpang per perjalanan (${label})`);
  }
  if (!found) throw notFound('Jadwal tidak ditemukan');
  const schedule = found;
  assertSaleDate(schedule, leg.date, today);
  if (!schedule.selectSeat) return priceByHeadCount(schedule, leg, booked ?? new Set());
  const tiles = seatsByNumber(schedule);
  let amount = 0;
  for (const no of leg.seats) {
    const tile = tiles.get(no);
    if (!tile) throw notBookable(`Kursi ${no} tidak ada pada jadwal ${schedule.code}`);
    amount += seatPrice(schedule, tile);
  }
  if (leg.seats.length > 0 && booked) {
    const gone = leg.seats.filter((no) => booked.has(no));
    if (gone.length > 0) throw seatTaken(`Kursi ${gone.join(', ')} sudah tidak tersedia`);
  }
  return {
    title: `Tiket ${label} (${leg.seats.length} kursi)`,
    passengers: leg.seats.length,
    amount,
    refundable: schedule.refundable,
  };
}

/** A leg without seat selection: the operator seats its passengers, so only their number counts. */
function priceByHeadCount(schedule: SaleSchedule, leg: PriceLeg, booked: Set<string>): PricedLeg {
  if (leg.seats.length > 0) {
    throw notBookable(`Jadwal ${schedule.code} tidak menyediakan pilih kursi: kursi ditentukan oleh operator`);
  }
  const passengers = leg.passengers ?? 1;
  const tiles = seatsByNumber(schedule);
  const free = [...tiles.keys()].filter((no) => !booked.has(no)).length;
  if (free < passengers) {
    throw notBookable(`Sisa kursi tidak mencukupi untuk ${passengers} penumpang, tersisa ${free} kursi`);
  }
  return {
    title: `Tiket ${leg.label} (${passengers} penumpang)`,
    passengers,
    amount: passengers * schedule.price,
    refundable: schedule.refundable,
  };
}

function adminFee(method: PaymentMethod | null, subTotal: number): { name: string; amount: number } {
  if (!method || !method.active) throw badRequest('Metode pembayaran tidak ditemukan');
  return { name: method.name, amount: feeOn(method, subTotal) };
}

/** The fee of a payment method on an amount: a percent fee rounds up to the next rupiah. */
export function feeOn(method: Pick<PaymentMethod, 'fee' | 'feeType'>, amount: number): number {
  return method.feeType === 'persen' ? Math.ceil((amount * method.fee) / 100) : method.fee;
}

/** 5% of the subtotal rounded up to Rp 500, at least Rp 2.000. */
export function insuranceFee(subTotal: number): number {
  const raw = (subTotal * PRICING.insurancePercent) / 100;
  return Math.max(PRICING.insuranceMin, Math.ceil(raw / PRICING.insuranceRoundTo) * PRICING.insuranceRoundTo);
}

export async function checkPrice(
  db: Database,
  today: string,
  request: PriceRequest,
  customer: AuthCustomer | null,
  taken: TakenOptions = {},
): Promise<CekHargaResults> {
  if (request.legs.length === 0) throw badRequest('Permintaan tidak valid. Jadwal belum dipilih');
  if (request.connecting) await assertConnectingTrip(db, request.legs);
  return priceTrip(today, request, customer, await readPriceData(db, request, taken));
}

/** The pricing rule itself, over data already read: no I/O, the same for cek-harga and reservasi. */
export function priceTrip(
  today: string,
  request: PriceRequest,
  customer: AuthCustomer | null,
  data: PriceData,
): CekHargaResults {
  const { legs } = request;
  if (legs.length === 0) throw badRequest('Permintaan tidak valid. Jadwal belum dipilih');
  const priced = legs.map((leg, i) => priceLeg(today, leg, data.schedules[i] ?? null, data.booked[i] ?? null));
  if (request.connecting) {
    // Counted after pricing: a leg without seat selection counts heads, which only its schedule tells.
    const firstCount = priced[0]?.passengers ?? 0;
    priced.forEach((leg, i) => {
      if (leg.passengers !== firstCount) {
        throw badRequest(`Jumlah kursi ${legs[i]?.label ?? ''} harus sama dengan rute pertama (${firstCount})`);
      }
    });
  }
  const subTotal = priced.reduce((sum, leg) => sum + leg.amount, 0);

  const lines: PriceLine[] = priced
    .filter((leg) => leg.passengers > 0)
    .map((leg) => ({ title: leg.title, price: leg.amount, type: 'normal' }));
  let total = subTotal;

  if (request.voucherCode) {
    const { voucher, discount } = appliedVoucher(data.voucher, today, {
      code: request.voucherCode,
      amount: subTotal,
      paymentMethodCode: request.paymentMethodCode,
    });
    lines.push({ title: `Voucher ${voucher.name}`, price: discount, type: 'less' });
    total -= discount;
  }
  if (request.paymentMethodCode) {
    const fee = adminFee(data.paymentMethod, subTotal);
    if (fee.amount > 0) {
      lines.push({ title: `Biaya Admin ${fee.name}`, price: fee.amount, type: 'add' });
      total += fee.amount;
    }
  }

  const coverOffered = subTotal > 0 && priced.every((leg) => leg.refundable);
  const cover = coverOffered ? insuranceFee(subTotal) : 0;
  if (request.insurance && coverOffered) {
    lines.push({ title: 'Asuransi Refundable', price: cover, type: 'add' });
    total += cover;
  }
  if (request.donation > 0) {
    lines.push({ title: 'Donasi Berkah', price: request.donation, type: 'add' });
    total += request.donation;
  }

  const balance = customer?.points ?? 0;
  const maxPoint = customer ? Math.min(balance, Math.floor((subTotal * PRICING.pointMaxPercent) / 100)) : 0;
  if (request.usePoints && maxPoint > 0) {
    lines.push({ title: 'Potongan Point', price: maxPoint, type: 'potongan-point' });
    total -= maxPoint;
  }

  total = Math.max(0, total);
  lines.push({ title: 'Total Pembayaran', price: total, type: 'total' });

  const cashback = customer ? Math.floor((subTotal * PRICING.cashbackPercent) / 100) : 0;
  if (cashback > 0) lines.push({ title: 'Cashback Point', price: cashback, type: 'cashback-point' });

  return {
    sub_total: subTotal,
    total_bayar: total,
    biaya_asuransi: cover,
    flag_status_asuransi: coverOffered ? 1 : 0,
    max_point: maxPoint,
    total_point: balance,
    flag_status_point: maxPoint > 0 ? 1 : 0,
    list_harga: lines,
  };
}
