import { ORDER_KEY_HEADER, type KursiResults, type Seat } from '../../../contract';
import type { App } from '../../../server/app';
import { call, defaultHeaders, ok, type CallOptions } from '../api-support';

/** Bandung -> Jakarta, 150.000 on its ordinary seats (seed fixture). */
export const XTR = { operator: 'XTR', code: 'XTR-BDG-JKT-0800', price: 150000 };

export const booker = { pemesan_nama: 'Rina Kartika', pemesan_telp: '081234567890', pemesan_email: 'rina@contoh.id' };

/**
 * createApp options of a file whose tests book many orders as one traveller (`booker`) from one
 * address: the reservation limits (RESERVATION_LIMITS, tested in reservation-limits.test.ts)
 * would refuse them after a few. The factor raises them as it does for the e2e server.
 */
export const MANY_ORDERS = { clientRateFactor: 1000 } as const;

export const seatsOf = (layout: KursiResults): Seat[] =>
  layout.layout_kursi.flatMap((floor) => Object.values(floor.kursi)).filter((s) => s.tipe === 'P' || s.tipe === 'PS');

/** Free seats of the leg at its base price, by number. */
export async function freeSeats(app: App, leg: { operator: string; code: string; price: number }, date: string) {
  const layout = await ok(app, 'kursi', {
    operator_kode: leg.operator,
    jadwal_kode: leg.code,
    tanggal_berangkat: date,
  });
  return seatsOf(layout)
    .filter((s) => s.flag_booking === 0 && s.harga_tiket === leg.price)
    .map((s) => s.no);
}

export async function isTaken(app: App, leg: { operator: string; code: string }, date: string, no: string) {
  const layout = await ok(app, 'kursi', {
    operator_kode: leg.operator,
    jadwal_kode: leg.code,
    tanggal_berangkat: date,
  });
  return seatsOf(layout).find((s) => s.no === no)?.flag_booking === 1;
}

export function oneWay(date: string, seat: string, extra: Record<string, unknown> = {}) {
  return {
    operator_kode_pergi: XTR.operator,
    jadwal_kode_pergi: XTR.code,
    tanggal_berangkat_pergi: date,
    kursi_pergi: [{ no: seat, penumpang_nama: 'Budi Santoso' }],
    ...booker,
    total_bayar: XTR.price,
    ...extra,
  };
}

/** Reserves one ordinary XTR seat on `date`; answers the code, the order's key and the seat. */
export async function reserveSeat(
  app: App,
  date: string,
  options: { bearer?: string; extra?: Record<string, unknown>; seat?: string } = {},
) {
  const seat = options.seat ?? (await freeSeats(app, XTR, date))[0];
  if (!seat) throw new Error(`no free XTR seat on ${date}`);
  const opts: CallOptions = options.bearer ? { bearer: options.bearer } : {};
  const result = await ok(app, 'reservasi', oneWay(date, seat, options.extra), opts);
  return { code: result.reservasi_kode, key: result.kunci_pesanan, seat, total: result.total_bayar };
}

/** Call options carrying an order key (and optionally other headers). */
export function withKey(key: string, headers: Record<string, string> = {}): CallOptions {
  return { headers: { ...defaultHeaders(), [ORDER_KEY_HEADER]: key, ...headers } };
}

export const callWithKey = (app: App, name: Parameters<typeof call>[1], input: Record<string, unknown>, key: string) =>
  call(app, name, input, withKey(key));
