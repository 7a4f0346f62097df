/**
 * The flat trip body of cek-harga and reservasi (operator_kode_pergi, kursi_pulang, connecting...)
 * becomes a list of legs here, once, at the edge; hold-kursi's one leg too. Pricing, reservation
 * and holds take the legs (services/trip.ts) and never read the wire's trip fields.
 */
import type { z } from 'zod';
import type { CekHargaBodySchema, HoldKursiBodySchema, ReservasiParsedBody, ReservedSeat } from '../../contract';
import type { HoldRequest } from '../services/holds';
import type {
  BookingLeg,
  LegDeparture,
  LegPlace,
  PriceLeg,
  PriceOptions,
  PriceRequest,
  ReservationRequest,
} from '../services/trip';

type CekHargaParsedBody = z.output<typeof CekHargaBodySchema>;
type HoldKursiParsedBody = z.output<typeof HoldKursiBodySchema>;

interface FlatLegInput<S> {
  operator_kode: string;
  jadwal_kode: string;
  tanggal_berangkat: string;
  kursi: S[];
  jumlah_penumpang?: number | undefined;
}

/** The trip fields both bodies share, over each body's own seat entry (a number, or a number and a name). */
interface FlatTrip<S> {
  flag_connecting: 0 | 1;
  flag_pp: 0 | 1;
  connecting: FlatLegInput<S>[];
  operator_kode_pergi?: string | undefined;
  jadwal_kode_pergi?: string | undefined;
  tanggal_berangkat_pergi?: string | undefined;
  kursi_pergi: S[];
  jumlah_penumpang_pergi?: number | undefined;
  operator_kode_pulang?: string | undefined;
  jadwal_kode_pulang?: string | undefined;
  tanggal_berangkat_pulang?: string | undefined;
  kursi_pulang: S[];
  jumlah_penumpang_pulang?: number | undefined;
}

interface DecodedLeg<S> extends LegPlace, LegDeparture {
  entries: S[];
  passengers: number | undefined;
}

function legOf<S>(place: LegPlace, input: Partial<FlatLegInput<S>>): DecodedLeg<S> | null {
  if (!input.operator_kode || !input.jadwal_kode || !input.tanggal_berangkat) return null;
  return {
    ...place,
    operator: input.operator_kode,
    jadwal: input.jadwal_kode,
    date: input.tanggal_berangkat,
    entries: input.kursi ?? [],
    passengers: input.jumlah_penumpang,
  };
}

const PERGI: LegPlace = { label: 'Pergi', direction: 'pergi', legNo: 1 };
const PULANG: LegPlace = { label: 'Pulang', direction: 'pulang', legNo: 1 };

/**
 * A connecting trip's legs in order; otherwise the outbound leg and, on a round trip, the return.
 * Runs on every price check and reservation, so it reads plain fields and makes no closures.
 */
function legsOf<S>(body: FlatTrip<S>): DecodedLeg<S>[] {
  const legs: DecodedLeg<S>[] = [];
  if (body.flag_connecting === 1) {
    for (let i = 0; i < body.connecting.length; i += 1) {
      const leg = legOf({ label: `Rute ${i + 1}`, direction: 'pergi', legNo: i + 1 }, body.connecting[i] ?? {});
      if (leg) legs.push(leg);
    }
    return legs;
  }
  // The body schema guarantees the outbound fields unless flag_connecting is 1, and the return
  // fields on a round trip; a leg missing one is no leg (and an empty trip is refused downstream).
  const pergi = legOf(PERGI, {
    operator_kode: body.operator_kode_pergi,
    jadwal_kode: body.jadwal_kode_pergi,
    tanggal_berangkat: body.tanggal_berangkat_pergi,
    kursi: body.kursi_pergi,
    jumlah_penumpang: body.jumlah_penumpang_pergi,
  });
  if (pergi) legs.push(pergi);
  if (body.flag_pp !== 1) return legs;
  const pulang = legOf(PULANG, {
    operator_kode: body.operator_kode_pulang,
    jadwal_kode: body.jadwal_kode_pulang,
    tanggal_berangkat: body.tanggal_berangkat_pulang,
    kursi: body.kursi_pulang,
    jumlah_penumpang: body.jumlah_penumpang_pulang,
  });
  if (pulang) legs.push(pulang);
  return legs;
}

function optionsOf(body: CekHargaParsedBody | ReservasiParsedBody): PriceOptions {
  return {
    connecting: body.flag_connecting === 1,
    voucherCode: body.voucher_kode,
    paymentMethodCode: body.jenis_pembayaran_kode,
    insurance: body.flag_asuransi === 1,
    donation: body.donasi ?? 0,
    usePoints: body.flag_point === 1,
  };
}

/** POST cek-harga: the voucher_diskon, tipe_admin_fee and admin_fee hints are dropped here. */
export function priceRequestOf(body: CekHargaParsedBody): PriceRequest {
  return {
    ...optionsOf(body),
    legs: legsOf<string>(body).map(({ entries, ...leg }): PriceLeg => ({ ...leg, seats: entries })),
  };
}

/** POST reservasi: a leg's head count is its passenger list, so jumlah_penumpang is not read. */
export function reservationRequestOf(body: ReservasiParsedBody): ReservationRequest {
  return {
    ...optionsOf(body),
    legs: legsOf<ReservedSeat>(body).map(({ entries, passengers: _count, ...leg }): BookingLeg => ({
      ...leg,
      riders: entries.map((entry) => ({ seat: entry.no, name: entry.penumpang_nama })),
    })),
    roundTrip: body.flag_pp === 1 && body.flag_connecting === 0,
    booker: { name: body.pemesan_nama, phone: body.pemesan_telp, email: body.pemesan_email },
    shownTotal: body.total_bayar,
    donationMessage: body.komentar_donasi,
    adsCode: body.ads_kode,
    referrerUrl: body.url_referer,
    holdToken: body.hold_token ?? null,
    sentJson: JSON.stringify(body),
  };
}

/** POST hold-kursi: one departure and the seats to hold on it. */
export function holdRequestOf(body: HoldKursiParsedBody): HoldRequest {
  return {
    operator: body.operator_kode,
    jadwal: body.jadwal_kode,
    date: body.tanggal_berangkat,
    seats: body.kursi,
    holdToken: body.hold_token ?? null,
  };
}
