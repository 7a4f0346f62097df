import type { CekHargaBody, ReservasiBody, ReservedSeat } from '../../contract';
import type { HoldKursiBody } from '../../contract/holds';
import type { KursiQuery } from '../../contract/seats';
import type {
  ConnectingLegRequest,
  LegRef,
  OptionsRequest,
  PriceRequest,
  ReservationRequest,
  ReservedSeatRequest,
} from '../../machines/booking-requests';

/**
 * The booking's requests in the wire's words: the cek-harga, reservasi, kursi and hold-kursi
 * bodies are built here and nowhere else. Field order follows the spec's tables, so what is sent
 * stays byte for byte what the server has always been sent.
 */

function legOnWire(leg: LegRef) {
  return { operator_kode: leg.operatorCode, jadwal_kode: leg.scheduleCode, tanggal_berangkat: leg.date };
}

function outboundOnWire(leg: LegRef | null) {
  return leg
    ? { operator_kode_pergi: leg.operatorCode, jadwal_kode_pergi: leg.scheduleCode, tanggal_berangkat_pergi: leg.date }
    : {};
}

function returnOnWire(leg: LegRef | null) {
  return leg
    ? {
        operator_kode_pulang: leg.operatorCode,
        jadwal_kode_pulang: leg.scheduleCode,
        tanggal_berangkat_pulang: leg.date,
      }
    : {};
}

const outboundHeadCount = (count: number | null) => (count === null ? {} : { jumlah_penumpang_pergi: count });
const returnHeadCount = (count: number | null) => (count === null ? {} : { jumlah_penumpang_pulang: count });

function connectingOnWire<TSeat, TWire>(legs: ConnectingLegRequest<TSeat>[], seatOnWire: (seat: TSeat) => TWire) {
  return legs.map((leg) => ({
    ...legOnWire(leg.leg),
    kursi: leg.seats.map(seatOnWire),
    ...(leg.headCount === null ? {} : { jumlah_penumpang: leg.headCount }),
  }));
}

/** The payment and option fields both calls send. */
export interface OptionsOnWire<TNoDonation extends null | 0> {
  voucher_kode: string | null;
  voucher_diskon?: number;
  tipe_admin_fee: OptionsRequest['feeType'];
  admin_fee: number;
  jenis_pembayaran_kode: string | null;
  flag_asuransi: 0 | 1;
  donasi: number | TNoDonation;
  flag_point: 0 | 1;
}

/**
 * The payment and option fields both calls send; `noDonation` is their one real difference
 * (spec section 7): cek-harga sends `donasi` as the amount or null, reservasi sends 0.
 */
export function optionsOnWire<TNoDonation extends null | 0>(
  options: OptionsRequest,
  noDonation: TNoDonation,
): OptionsOnWire<TNoDonation> {
  return {
    voucher_kode: options.voucher?.code ?? null,
    ...(options.voucher ? { voucher_diskon: options.voucher.discount } : {}),
    tipe_admin_fee: options.feeType,
    admin_fee: options.fee,
    jenis_pembayaran_kode: options.paymentCode,
    flag_asuransi: options.refundable ? 1 : 0,
    donasi: options.donation ?? noDonation,
    flag_point: options.usePoints ? 1 : 0,
  };
}

/** POST {prefix}/cek-harga. */
export function cekHargaBody(request: PriceRequest): CekHargaBody {
  const extras = optionsOnWire(request.options, null) satisfies Partial<CekHargaBody>;
  const { trip } = request;
  if (trip.kind === 'connecting') {
    return { connecting: connectingOnWire(trip.legs, (seat) => seat), flag_connecting: 1, flag_pp: 0, ...extras };
  }
  const back = trip.return;
  return {
    ...outboundOnWire(trip.outbound.leg),
    kursi_pergi: trip.outbound.seats,
    ...outboundHeadCount(trip.outbound.headCount),
    ...(back
      ? { ...returnOnWire(back.leg), kursi_pulang: back.seats, ...returnHeadCount(back.headCount) }
      : { kursi_pulang: [] }),
    connecting: [],
    flag_connecting: 0,
    flag_pp: back ? 1 : 0,
    ...extras,
  };
}

const reservedSeatOnWire = (seat: ReservedSeatRequest): ReservedSeat => ({
  no: seat.seat,
  penumpang_nama: seat.passengerName,
});

/** POST {prefix}/reservasi. */
export function reservasiBody(request: ReservationRequest): ReservasiBody {
  const common = {
    // Spec section 7: reservasi sends "donasi (0 if none)".
    ...optionsOnWire(request.options, 0),
    pemesan_nama: request.booker.name,
    pemesan_telp: request.booker.phone,
    pemesan_email: request.booker.email,
    total_bayar: request.total,
    ads_kode: request.adsCode,
    url_referer: request.referrerUrl,
    komentar_donasi: request.donationMessage,
  } satisfies Partial<ReservasiBody>;
  const { trip } = request;
  if (trip.kind === 'connecting') {
    return { connecting: connectingOnWire(trip.legs, reservedSeatOnWire), flag_connecting: 1, flag_pp: 0, ...common };
  }
  const back = trip.return;
  return {
    ...outboundOnWire(trip.outbound.leg),
    kursi_pergi: trip.outbound.seats.map(reservedSeatOnWire),
    ...outboundHeadCount(trip.outbound.headCount),
    ...(back ? { ...returnOnWire(back.leg), ...returnHeadCount(back.headCount) } : {}),
    kursi_pulang: back ? back.seats.map(reservedSeatOnWire) : [],
    connecting: [],
    flag_connecting: 0,
    flag_pp: back ? 1 : 0,
    ...common,
  };
}

/**
 * The visit's ads code and referrer (cookies) on a reservation whose flow began before the landing
 * that set them: the flow's own values come first.
 */
export function withAttribution(
  body: ReservasiBody,
  attribution: { adsCode: string | null; referrerUrl: string | null },
): ReservasiBody {
  return {
    ...body,
    ads_kode: body.ads_kode ?? attribution.adsCode,
    url_referer: body.url_referer ?? attribution.referrerUrl,
  };
}

/** GET {prefix}/kursi: one leg's seat layout (a connecting leg names its connecting schedule). */
export function kursiQuery(leg: LegRef, connectingCode: string | null | undefined): KursiQuery {
  return {
    operator_kode: leg.operatorCode,
    jadwal_kode: leg.scheduleCode,
    tanggal_berangkat: leg.date,
    ...(connectingCode ? { jadwal_kode_connecting: connectingCode } : {}),
  };
}

/** POST {prefix}/hold-kursi: one leg's seats under the booking's hold token (an empty list lets them go). */
export function holdKursiBody(leg: LegRef, seats: string[], token: string | null): HoldKursiBody {
  return {
    operator_kode: leg.operatorCode,
    jadwal_kode: leg.scheduleCode,
    tanggal_berangkat: leg.date,
    kursi: seats,
    ...(token ? { hold_token: token } : {}),
  };
}
