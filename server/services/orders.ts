/**
 * After booking (spec section 7): the order's detail for whoever may open it, the guest's
 * look-up by code plus email or phone, and cancelling an unpaid order. Statuses are read as of
 * now: a pending order past its deadline reads expired, whether or not the sweep has run.
 */
import { eq, sql } from 'drizzle-orm';
import {
  GUEST_LOOKUP_REFUSED,
  type OrderDetail,
  type OrderLeg,
  type OperatorType,
  type PriceLine,
} from '../../contract';
import type { Database } from '../db/client';
import { reservations } from '../db/schema';
import { ApiError, notFound } from './errors';
import { ORDER_MESSAGE, feeOf, findOrder, kindOf, statusAt, type OrderRow } from './order-store';
import { PRICING, insuranceFee } from './pricing';
import { asDb, creditPoints, withRetry } from './reservations-db';
import { queryRows } from './sql';

/**
 * Each passenger (p) with the seat (sb), departure (s), route (r), operator (o), and both ends:
 * pool and city of origin (op, oc) and of destination (dp, dc).
 */
export const PASSENGER_LEGS = sql`FROM passengers p
    JOIN seat_bookings sb ON sb.id = p.seat_booking_id
    JOIN schedules s ON s.id = sb.schedule_id
    JOIN routes r ON r.id = s.route_id
    JOIN operators o ON o.id = r.operator_id
    JOIN points op ON op.id = r.origin_point_id
    JOIN cities oc ON oc.id = op.city_id
    JOIN points dp ON dp.id = r.destination_point_id
    JOIN cities dc ON dc.id = dp.city_id`;

export const ORDER_CANCEL_MESSAGE = {
  paid: 'Pesanan sudah lunas dan tidak dapat dibatalkan',
  cancelled: 'Pesanan sudah dibatalkan sebelumnya',
  expired: 'Pesanan sudah kedaluwarsa dan tidak dapat dibatalkan',
} as const;

interface PassengerLegRow {
  direction: 'pergi' | 'pulang';
  leg_no: number;
  nama: string;
  seat_no: string;
  select_seat: boolean;
  tanggal: string;
  jam: string;
  jadwal_kode: string;
  operator_kode: string;
  operator_nama: string;
  operator_tipe: OperatorType;
  operator_logo: string;
  asal_kota_nama: string;
  asal_cabang_nama: string;
  asal_alamat: string;
  asal_lat: number;
  asal_lon: number;
  tujuan_kota_nama: string;
  tujuan_cabang_nama: string;
}

async function legsOf(db: Database, reservationId: number): Promise<{ direction: string; leg: OrderLeg }[]> {
  const rows = await queryRows<PassengerLegRow>(
    db,
    sql`
    SELECT p.direction, p.leg_no::int AS leg_no, p.name AS nama, sb.seat_no::text AS seat_no, s.select_seat,
           to_char(sb.departure_date, 'YYYY-MM-DD') AS tanggal, to_char(s.departure_time, 'HH24:MI') AS jam,
           s.code AS jadwal_kode, o.code AS operator_kode, o.name AS operator_nama, o.type AS operator_tipe,
           o.logo AS operator_logo, oc.name AS asal_kota_nama, op.name AS asal_cabang_nama, op.address AS asal_alamat,
           op.lat::float8 AS asal_lat, op.lon::float8 AS asal_lon, dc.name AS tujuan_kota_nama, dp.name AS tujuan_cabang_nama
    ${PASSENGER_LEGS}
    WHERE p.reservation_id = ${reservationId}
    ORDER BY p.direction = 'pulang', p.leg_no, p.id`,
  );
  const legs = new Map<string, { direction: string; leg: OrderLeg }>();
  for (const row of rows) {
    const key = `${row.direction}/${row.leg_no}`;
    let entry = legs.get(key);
    if (!entry) {
      entry = {
        direction: row.direction,
        leg: {
          operator_kode: row.operator_kode,
          operator_nama: row.operator_nama,
          operator_tipe: row.operator_tipe,
          operator_logo: row.operator_logo,
          jadwal_kode: row.jadwal_kode,
          tanggal_berangkat: row.tanggal,
          jam_berangkat: row.jam,
          asal_kota_nama: row.asal_kota_nama,
          asal_cabang_nama: row.asal_cabang_nama,
          asal_alamat: row.asal_alamat,
          asal_lat: Number(row.asal_lat),
          asal_lon: Number(row.asal_lon),
          tujuan_kota_nama: row.tujuan_kota_nama,
          tujuan_cabang_nama: row.tujuan_cabang_nama,
          penumpang: [],
        },
      };
      legs.set(key, entry);
    }
    // The operator seats passengers on a schedule without seat selection: no number to show yet.
    entry.leg.penumpang.push({ kursi: row.select_seat ? row.seat_no : null, nama: row.nama });
  }
  return [...legs.values()];
}

/**
 * The price lines from what the order stores. The voucher's discount is what the stored figures
 * leave over (the voucher row may have changed since), and cashback is what was credited, or for
 * an unpaid order of a signed-in booker what payment will credit.
 */
function priceLinesOf(order: OrderRow, status: OrderDetail['status'], passengerCount: number): PriceLine[] {
  const fee = feeOf(order);
  const cover = order.insurance ? insuranceFee(order.subTotal) : 0;
  const lines: PriceLine[] = [
    { title: `Harga Tiket (${passengerCount} penumpang)`, price: order.subTotal, type: 'normal' },
  ];
  if (order.voucherCode) {
    const discount = Math.max(0, order.subTotal + fee + cover + order.donation - order.usedPoints - order.total);
    lines.push({ title: `Voucher ${order.voucherCode}`, price: discount, type: 'less' });
  }
  if (fee > 0) lines.push({ title: `Biaya Admin ${order.method?.name ?? ''}`.trim(), price: fee, type: 'add' });
  if (cover > 0) lines.push({ title: 'Asuransi Refundable', price: cover, type: 'add' });
  if (order.donation > 0) lines.push({ title: 'Donasi Berkah', price: order.donation, type: 'add' });
  if (order.usedPoints > 0) lines.push({ title: 'Potongan Point', price: order.usedPoints, type: 'potongan-point' });
  lines.push({ title: 'Total Pembayaran', price: order.total, type: 'total' });
  const cashback =
    status === 'paid'
      ? order.cashbackPoints
      : status === 'pending' && order.customerId !== null
        ? Math.floor((order.subTotal * PRICING.cashbackPercent) / 100)
        : 0;
  if (cashback > 0) lines.push({ title: 'Cashback Point', price: cashback, type: 'cashback-point' });
  return lines;
}

export async function orderDetail(db: Database, order: OrderRow, now: Date): Promise<OrderDetail> {
  const legs = await legsOf(db, order.id);
  const outbound = legs.filter((l) => l.direction === 'pergi').map((l) => l.leg);
  const pergi = outbound[0];
  // An order without legs (none is booked that way) cannot be shown as a ticket.
  if (!pergi) throw notFound(ORDER_MESSAGE.notFound);
  const pulang = legs.find((l) => l.direction === 'pulang')?.leg ?? null;
  const status = statusAt(order, now);
  return {
    reservasi_kode: order.code,
    status,
    flag_lunas: status === 'paid' ? 1 : 0,
    pemesan_nama: order.bookerName,
    pemesan_email: order.bookerEmail,
    pemesan_telp: order.bookerPhone,
    pergi,
    pulang,
    connecting: outbound.length > 1 ? outbound : [],
    sub_total: order.subTotal,
    total_bayar: order.total,
    biaya_admin: feeOf(order),
    list_harga: priceLinesOf(
      order,
      status,
      outbound.reduce((n, leg) => n + leg.penumpang.length, 0),
    ),
    jenis_pembayaran: order.method
      ? { kode: order.method.code, nama: order.method.name, jenis: kindOf(order.method) }
      : null,
    batas_bayar: order.expiresAt.toISOString(),
    waktu_server: now.toISOString(),
    dibayar_pada: order.paidAt ? order.paidAt.toISOString() : null,
    cashback_point: order.cashbackPoints,
    bisa_batal: status === 'pending',
  };
}

const digits = (text: string): string => {
  const only = text.replace(/\D/g, '');
  // +62 812... and 0812... are the same number.
  return only.startsWith('62') ? `0${only.slice(2)}` : only;
};

/** Email without case, or phone by its digits. */
export function contactMatches(order: OrderRow, given: string): boolean {
  const typed = given.trim();
  if (typed.includes('@')) return typed.toLowerCase() === order.bookerEmail.trim().toLowerCase();
  const wanted = digits(typed);
  return wanted.length >= 6 && wanted === digits(order.bookerPhone);
}

/** The guest look-up: one refusal for an unknown code and a wrong contact, so neither is revealed. */
export async function guestOrder(db: Database, code: string, contact: string, now: Date): Promise<OrderDetail> {
  const order = await findOrder(db, code);
  if (!order || !contactMatches(order, contact)) throw notFound(GUEST_LOOKUP_REFUSED);
  try {
    return await orderDetail(db, order, now);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NFD-1') throw notFound(GUEST_LOOKUP_REFUSED);
    throw error;
  }
}

/** batal-reservasi: an unpaid order within its deadline is cancelled and its seats are free at once. */
export async function cancelOrder(
  db: Database,
  code: string,
  reason: string,
  now: Date,
  mayOpen: (order: OrderRow) => boolean,
): Promise<{ reservasi_kode: string; status: 'cancelled' }> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const order = await findOrder(asDb(tx), code, true);
      if (!order || !mayOpen(order)) throw notFound(ORDER_MESSAGE.notFound);
      const status = statusAt(order, now);
      if (status !== 'pending') throw new ApiError(409, 'ORD-1', ORDER_CANCEL_MESSAGE[status]);
      await tx
        .update(reservations)
        .set({ status: 'cancelled', cancelReason: reason })
        .where(eq(reservations.id, order.id));
      await tx.execute(sql`UPDATE seat_bookings SET live = false WHERE reservation_id = ${order.id} AND live`);
      if (order.customerId !== null) {
        const change = { customerId: order.customerId, points: order.usedPoints, reservationCode: order.code, at: now };
        await creditPoints(tx, 'kembali', change);
      }
      return { reservasi_kode: order.code, status: 'cancelled' as const };
    }),
  );
}
