import { describe, expect, it } from 'vitest';
import { CekHargaBodySchema, ReservasiBodySchema, ReservasiReplySchema, ReservasiResultsSchema } from '../../contract';
import { initialContext, type BookingContext } from '../../machines/booking-context';
import {
  headCount,
  optionsRequest,
  priceRequest,
  reservationRequest,
  type PriceInputs,
  type ReservationInputs,
} from '../../machines/booking-requests';
import { cekHargaBody, optionsOnWire as optionsOfRequest, reservasiBody } from '../../src/api/booking-bodies';
import {
  connecting,
  input,
  leg,
  noSeatTrip,
  oneWay,
  passengers,
  priceResults,
  roundTrip,
  seat,
  validBooker,
} from './booking-fixtures';
import { DONATION_DEFAULT } from '../../machines/constants';

/**
 * The booking's requests (machines/booking-requests.ts) checked in the words of spec section 7,
 * which names the wire fields: each request is turned into its cek-harga or reservasi body by
 * src/api/booking-bodies.ts, so this file tests both the rules and the one place that names them.
 * It lives beside the chart's tests so that mutation testing of `booking` runs it.
 */
const buildCekHargaBody = (context: PriceInputs) => cekHargaBody(priceRequest(context));
const buildReservasiBody = (context: ReservationInputs) => reservasiBody(reservationRequest(context));
const optionsOnWire = (context: BookingContext, noDonation: null | 0) =>
  optionsOfRequest(optionsRequest(context), noDonation);

function context(patch: Partial<BookingContext> = {}): BookingContext {
  return { ...initialContext(input()), ...patch };
}

/** A round trip with two seats and two names each way. */
const fullRoundTrip = context({
  trip: roundTrip,
  booker: validBooker,
  seats: { pergi: [[seat('1A'), seat('1B')]], pulang: [[seat('2A', 90_000), seat('2B', 90_000)]] },
  passengers: {
    pergi: [passengers('Budi Santoso', 'Siti Aminah')],
    pulang: [passengers('Budi Santoso', 'Siti Aminah')],
  },
  termsAccepted: true,
  refundable: 'yes',
  price: priceResults({ total_bayar: 380_000 }),
});
describe('buildCekHargaBody (spec section 7 "Price check")', () => {
  it('one-way: outbound fields and seats, options mapped to their flags', () => {
    const body = buildCekHargaBody(
      context({
        trip: oneWay,
        seats: { pergi: [[seat('1A'), seat('1B')]], pulang: [] },
        voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 },
        payment: { code: 'BCA', name: 'BCA VA', fee: 4000, typeFee: 'nominal' },
        refundable: 'yes',
        usePoint: true,
        donation: { on: true, amount: 5000, message: '', messageError: null },
      }),
    );
    expect(body).toEqual({
      operator_kode_pergi: 'XTR',
      jadwal_kode_pergi: 'J-GO',
      tanggal_berangkat_pergi: '2026-12-01',
      kursi_pergi: ['1A', '1B'],
      kursi_pulang: [],
      connecting: [],
      flag_connecting: 0,
      flag_pp: 0,
      voucher_kode: 'HEMAT',
      voucher_diskon: 10_000,
      jenis_pembayaran_kode: 'BCA',
      tipe_admin_fee: 'nominal',
      admin_fee: 4000,
      flag_asuransi: 1,
      donasi: 5000,
      flag_point: 1,
    });
    expect(CekHargaBodySchema.safeParse(body).success).toBe(true);
  });

  it('defaults: no voucher, empty payment, no cover, no donation, no points', () => {
    const body = buildCekHargaBody(context({ trip: oneWay }));
    expect(body).toMatchObject({
      voucher_kode: null,
      jenis_pembayaran_kode: null,
      tipe_admin_fee: 'persen',
      admin_fee: 0,
      flag_asuransi: 0,
      donasi: null,
      flag_point: 0,
    });
    expect(body).not.toHaveProperty('voucher_diskon');
  });

  it('the donation is only sent with the feature on', () => {
    const off = context({
      trip: oneWay,
      features: { refundable: true, berkah: false, point: true },
      donation: { on: true, amount: 5000, message: '', messageError: null },
    });
    expect(buildCekHargaBody(off).donasi).toBeNull();
  });

  it('round trip with passengers: both directions and flag_pp 1', () => {
    const body = buildCekHargaBody(fullRoundTrip);
    expect(body).toMatchObject({
      kursi_pergi: ['1A', '1B'],
      operator_kode_pulang: 'XTR',
      jadwal_kode_pulang: 'J-BACK',
      tanggal_berangkat_pulang: '2026-12-03',
      kursi_pulang: ['2A', '2B'],
      flag_pp: 1,
    });
    expect(CekHargaBodySchema.safeParse(body).success).toBe(true);
  });

  it('desktop round trip without passengers in either leg: the round-trip flag is forced to 0', () => {
    const desktop = context({ trip: roundTrip, seats: { pergi: [[seat('1A')]], pulang: [[seat('2A')]] } });
    expect(buildCekHargaBody(desktop)).toMatchObject({ flag_pp: 0, kursi_pulang: [] });
    expect(buildCekHargaBody(desktop)).not.toHaveProperty('jadwal_kode_pulang');
    expect(buildCekHargaBody({ ...desktop, layout: 'm' })).toMatchObject({ flag_pp: 1, kursi_pulang: ['2A'] });
  });

  it('no outbound seats but return seats: the return seats are used as outbound', () => {
    const body = buildCekHargaBody(context({ trip: roundTrip, seats: { pergi: [], pulang: [[seat('2A')]] } }));
    expect(body.kursi_pergi).toEqual(['2A']);
  });

  it('connecting: one entry per leg with its seats, flag_connecting 1', () => {
    const body = buildCekHargaBody(
      context({ trip: connecting, seats: { pergi: [[seat('1A')], [seat('5A')]], pulang: [] } }),
    );
    expect(body).toMatchObject({
      connecting: [
        { operator_kode: 'XTR', jadwal_kode: 'C-1', tanggal_berangkat: '2026-12-01', kursi: ['1A'] },
        { operator_kode: 'DAY', jadwal_kode: 'C-2', tanggal_berangkat: '2026-12-02', kursi: ['5A'] },
      ],
      flag_connecting: 1,
      flag_pp: 0,
    });
    expect(body).not.toHaveProperty('jadwal_kode_pergi');
    const later = buildCekHargaBody(context({ trip: connecting }));
    expect(later.connecting?.map((entry) => entry.kursi)).toEqual([[], []]);
  });

  it('without a trip there are no schedule fields (the machine never sends it)', () => {
    expect(buildCekHargaBody(context())).not.toHaveProperty('jadwal_kode_pergi');
  });
});

describe('buildReservasiBody (spec section 7 "Reservation")', () => {
  it('round trip: seats carry penumpang_nama, booker, total and extras; the contract accepts it', () => {
    const body = buildReservasiBody({
      ...fullRoundTrip,
      adsCode: 'ADS-1',
      referrerUrl: 'https://contoh.id/',
      donation: { on: true, amount: 5000, message: 'Semoga berkah', messageError: null },
      usePoint: true,
      voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 },
    });
    expect(body).toEqual({
      operator_kode_pergi: 'XTR',
      jadwal_kode_pergi: 'J-GO',
      tanggal_berangkat_pergi: '2026-12-01',
      kursi_pergi: [
        { no: '1A', penumpang_nama: 'Budi Santoso' },
        { no: '1B', penumpang_nama: 'Siti Aminah' },
      ],
      operator_kode_pulang: 'XTR',
      jadwal_kode_pulang: 'J-BACK',
      tanggal_berangkat_pulang: '2026-12-03',
      kursi_pulang: [
        { no: '2A', penumpang_nama: 'Budi Santoso' },
        { no: '2B', penumpang_nama: 'Siti Aminah' },
      ],
      connecting: [],
      flag_connecting: 0,
      flag_pp: 1,
      voucher_kode: 'HEMAT',
      voucher_diskon: 10_000,
      tipe_admin_fee: 'persen',
      admin_fee: 0,
      pemesan_nama: 'Budi Santoso',
      pemesan_telp: '081234567890',
      pemesan_email: 'budi@mail.com',
      jenis_pembayaran_kode: null,
      total_bayar: 380_000,
      ads_kode: 'ADS-1',
      url_referer: 'https://contoh.id/',
      komentar_donasi: 'Semoga berkah',
      donasi: 5000,
      flag_asuransi: 1,
      flag_point: 1,
    });
    expect(ReservasiBodySchema.safeParse(body).success).toBe(true);
  });

  it('no donation: donasi 0 and komentar_donasi null; an empty message is null too', () => {
    const body = buildReservasiBody({
      ...fullRoundTrip,
      price: null,
      payment: { ...fullRoundTrip.payment, code: 'X' },
    });
    expect(body).toMatchObject({ donasi: 0, komentar_donasi: null, total_bayar: 0, jenis_pembayaran_kode: 'X' });
    const blank = buildReservasiBody({
      ...fullRoundTrip,
      donation: { on: true, amount: DONATION_DEFAULT, message: '  ', messageError: null },
    });
    expect(blank).toMatchObject({ donasi: DONATION_DEFAULT, komentar_donasi: null });
  });

  it('one-way: no return fields', () => {
    const body = buildReservasiBody({ ...fullRoundTrip, trip: oneWay });
    expect(body).toMatchObject({ flag_pp: 0, kursi_pulang: [] });
    expect(body).not.toHaveProperty('jadwal_kode_pulang');
  });

  it('connecting: per-leg seat lists with the pass{leg}-{index} names', () => {
    const body = buildReservasiBody(
      context({
        trip: connecting,
        booker: validBooker,
        seats: { pergi: [[seat('1A')], [seat('5A')]], pulang: [] },
        passengers: { pergi: [{ 'pass0-0': 'Budi Santoso' }, { 'pass1-0': 'Budi Santoso' }], pulang: [] },
      }),
    );
    expect(body.connecting).toEqual([
      {
        operator_kode: 'XTR',
        jadwal_kode: 'C-1',
        tanggal_berangkat: '2026-12-01',
        kursi: [{ no: '1A', penumpang_nama: 'Budi Santoso' }],
      },
      {
        operator_kode: 'DAY',
        jadwal_kode: 'C-2',
        tanggal_berangkat: '2026-12-02',
        kursi: [{ no: '5A', penumpang_nama: 'Budi Santoso' }],
      },
    ]);
    expect(body).toMatchObject({ flag_connecting: 1 });
    expect(ReservasiBodySchema.safeParse(body).success).toBe(true);
  });

  it('a schedule without seat selection: names go with no null (the operator assigns)', () => {
    const body = buildReservasiBody(
      context({
        trip: noSeatTrip,
        booker: validBooker,
        passengers: { pergi: [passengers('Budi Santoso')], pulang: [] },
      }),
    );
    expect(body.kursi_pergi).toEqual([{ no: null, penumpang_nama: 'Budi Santoso' }]);
    expect(ReservasiBodySchema.safeParse(body).success).toBe(true);
  });

  it('a seat without a name gets an empty name, which the contract refuses', () => {
    const body = buildReservasiBody({
      ...fullRoundTrip,
      passengers: { pergi: [passengers('Budi Santoso')], pulang: [] },
    });
    expect(body.kursi_pergi?.[1]).toEqual({ no: '1B', penumpang_nama: '' });
    expect(ReservasiBodySchema.safeParse(body).success).toBe(false);
  });

  it('no trip: no schedule fields', () => {
    expect(buildReservasiBody(context())).not.toHaveProperty('jadwal_kode_pergi');
  });
});

describe('the payment and option fields of both calls (one builder)', () => {
  const chosen = context({
    trip: oneWay,
    booker: validBooker,
    seats: { pergi: [[seat('1A')]], pulang: [] },
    passengers: { pergi: [passengers('Budi Santoso')], pulang: [] },
    voucher: { name: 'Hemat', code: 'HEMAT', price: 10_000 },
    payment: { code: 'BCA', name: 'BCA VA', fee: 4000, typeFee: 'nominal' },
    refundable: 'yes',
    usePoint: true,
    donation: { on: true, amount: 5000, message: '', messageError: null },
  });
  const fields = [
    'voucher_kode',
    'voucher_diskon',
    'tipe_admin_fee',
    'admin_fee',
    'jenis_pembayaran_kode',
    'flag_asuransi',
    'donasi',
    'flag_point',
  ] as const;
  const pick = (body: Record<string, unknown>) =>
    Object.fromEntries(fields.filter((field) => field in body).map((field) => [field, body[field]]));

  it('the price check and the reservation send the same eight fields', () => {
    const expected = {
      voucher_kode: 'HEMAT',
      voucher_diskon: 10_000,
      tipe_admin_fee: 'nominal',
      admin_fee: 4000,
      jenis_pembayaran_kode: 'BCA',
      flag_asuransi: 1,
      donasi: 5000,
      flag_point: 1,
    };
    expect(pick(buildCekHargaBody(chosen))).toEqual(expected);
    expect(pick(buildReservasiBody(chosen))).toEqual(expected);
    expect(optionsOnWire(chosen, null)).toEqual(expected);
  });

  it('their one difference, spec section 7: without a donation cek-harga sends null, reservasi 0', () => {
    for (const none of [
      { ...chosen, donation: { ...chosen.donation, on: false } },
      { ...chosen, features: { ...chosen.features, berkah: false } },
    ]) {
      expect(buildCekHargaBody(none).donasi).toBeNull();
      expect(buildReservasiBody(none).donasi).toBe(0);
      const cek = pick(buildCekHargaBody(none));
      const reservasi = pick(buildReservasiBody(none));
      expect({ ...cek, donasi: 0 }).toEqual(reservasi);
    }
    expect(optionsOnWire(context(), 0)).toEqual({
      voucher_kode: null,
      tipe_admin_fee: 'persen',
      admin_fee: 0,
      jenis_pembayaran_kode: null,
      flag_asuransi: 0,
      donasi: 0,
      flag_point: 0,
    });
  });

  it('refundable no or unset is flag_asuransi 0', () => {
    expect(optionsOnWire({ ...chosen, refundable: 'no' }, null).flag_asuransi).toBe(0);
    expect(optionsOnWire({ ...chosen, refundable: 'unset' }, null).flag_asuransi).toBe(0);
  });
});

describe('schedules without seat selection are priced by head count (both calls)', () => {
  const freeLeg = (code: string, patch: Parameters<typeof leg>[1] = {}) => leg(code, { selectSeat: false, ...patch });
  const roundTripFreeReturn = {
    ...roundTrip,
    return: [freeLeg('J-BACK-FREE', { date: '2026-12-03', origin: 'Jakarta', destination: 'Bandung' })],
  };
  const connectingFreeSecond = {
    ...connecting,
    outbound: [connecting.outbound[0]!, { ...connecting.outbound[1]!, selectSeat: false }],
  };

  it('one-way: the names entered on the leg, at least one', () => {
    const none = context({ trip: noSeatTrip, booker: validBooker });
    expect(buildCekHargaBody(none)).toMatchObject({ kursi_pergi: [], jumlah_penumpang_pergi: 1 });
    expect(buildReservasiBody(none)).toMatchObject({ kursi_pergi: [], jumlah_penumpang_pergi: 1 });
    const two = { ...none, passengers: { pergi: [passengers('Budi Santoso', 'Siti Aminah')], pulang: [] } };
    expect(buildCekHargaBody(two)).toMatchObject({ jumlah_penumpang_pergi: 2 });
    const reservasi = buildReservasiBody(two);
    expect(reservasi).toMatchObject({
      jumlah_penumpang_pergi: 2,
      kursi_pergi: [
        { no: null, penumpang_nama: 'Budi Santoso' },
        { no: null, penumpang_nama: 'Siti Aminah' },
      ],
    });
    expect(CekHargaBodySchema.safeParse(buildCekHargaBody(two)).success).toBe(true);
    expect(ReservasiBodySchema.safeParse(reservasi).success).toBe(true);
    for (const body of [buildCekHargaBody(two), reservasi]) {
      expect(body).not.toHaveProperty('jumlah_penumpang_pulang');
    }
  });

  it('a blank name is not a passenger', () => {
    const blank = context({
      trip: noSeatTrip,
      passengers: { pergi: [{ pass0: ' ', pass1: 'Budi Santoso' }], pulang: [] },
    });
    expect(headCount(blank, 'pergi', 0)).toBe(1);
    expect(buildCekHargaBody(blank).jumlah_penumpang_pergi).toBe(1);
  });

  it('the price check never asks for more passengers than the schedule has seats left', () => {
    const twoLeft = { ...noSeatTrip, outbound: [freeLeg('J-FREE', { remainingSeats: 2 })] };
    const three = context({
      trip: twoLeft,
      passengers: { pergi: [passengers('Budi Santoso', 'Siti Aminah', 'Ani Lestari')], pulang: [] },
    });
    expect(buildCekHargaBody(three)).toMatchObject({ jumlah_penumpang_pergi: 2 });
    // The reservation sends the passengers as entered: the server judges what is left.
    expect(buildReservasiBody(three)).toMatchObject({ jumlah_penumpang_pergi: 3 });
    // Connecting: the fullest leg decides for every leg.
    const lastLegOneLeft = context({
      trip: {
        ...connectingFreeSecond,
        outbound: [
          { ...connectingFreeSecond.outbound[0]!, remainingSeats: 9 },
          { ...connectingFreeSecond.outbound[1]!, remainingSeats: 1 },
        ],
      },
      passengers: { pergi: [{}, { 'pass1-0': 'Budi Santoso', 'pass1-1': 'Siti Aminah' }], pulang: [] },
    });
    expect(buildCekHargaBody(lastLegOneLeft).connecting?.[1]).toMatchObject({ jumlah_penumpang: 1 });
    expect(buildReservasiBody(lastLegOneLeft).connecting?.[1]).toMatchObject({ jumlah_penumpang: 2 });
  });

  it('legs with seat selection send no count: their seats count', () => {
    for (const body of [buildCekHargaBody(fullRoundTrip), buildReservasiBody(fullRoundTrip)]) {
      expect(body).not.toHaveProperty('jumlah_penumpang_pergi');
      expect(body).not.toHaveProperty('jumlah_penumpang_pulang');
    }
    expect(headCount(fullRoundTrip, 'pergi', 0)).toBeNull();
    expect(headCount(context(), 'pergi', 0)).toBeNull();
  });

  it('round trip: only the leg without seat selection, and only when the return is sent', () => {
    const rt = {
      ...fullRoundTrip,
      trip: roundTripFreeReturn,
      seats: { pergi: fullRoundTrip.seats.pergi, pulang: [] },
      passengers: { pergi: fullRoundTrip.passengers.pergi, pulang: [passengers('Budi Santoso', 'Siti Aminah', 'Ani')] },
    };
    const cek = buildCekHargaBody(rt);
    const reservasi = buildReservasiBody(rt);
    for (const body of [cek, reservasi]) {
      expect(body).toMatchObject({ flag_pp: 1, jadwal_kode_pulang: 'J-BACK-FREE', jumlah_penumpang_pulang: 3 });
      expect(body).not.toHaveProperty('jumlah_penumpang_pergi');
    }
    expect(CekHargaBodySchema.safeParse(cek).success).toBe(true);
    expect(ReservasiBodySchema.safeParse(reservasi).success).toBe(true);
    // Desktop without passengers in either leg: the return is not priced, nor is its head count sent.
    const early = context({ trip: roundTripFreeReturn, seats: { pergi: [[seat('1A')]], pulang: [] } });
    expect(buildCekHargaBody(early)).toMatchObject({ flag_pp: 0 });
    expect(buildCekHargaBody(early)).not.toHaveProperty('jumlah_penumpang_pulang');
  });

  it("the price check caps a return leg's passengers by its seats left too", () => {
    const twoLeftBack = {
      ...roundTripFreeReturn,
      return: [{ ...roundTripFreeReturn.return[0]!, remainingSeats: 2 }],
    };
    const rt = {
      ...fullRoundTrip,
      trip: twoLeftBack,
      seats: { pergi: fullRoundTrip.seats.pergi, pulang: [] },
      passengers: { pergi: fullRoundTrip.passengers.pergi, pulang: [passengers('Budi Santoso', 'Siti Aminah', 'Ani')] },
    };
    expect(buildCekHargaBody(rt)).toMatchObject({ jumlah_penumpang_pulang: 2 });
    expect(buildReservasiBody(rt)).toMatchObject({ jumlah_penumpang_pulang: 3 });
  });

  it('connecting: the count on each leg without seat selection, from the names of that leg', () => {
    const trip = context({
      trip: connectingFreeSecond,
      booker: validBooker,
      seats: { pergi: [[seat('1A'), seat('1B')]], pulang: [] },
      passengers: {
        pergi: [
          { 'pass0-0': 'Budi Santoso', 'pass0-1': 'Siti Aminah' },
          { 'pass1-0': 'Budi Santoso', 'pass1-1': 'Siti Aminah' },
        ],
        pulang: [],
      },
    });
    const cek = buildCekHargaBody(trip);
    expect(cek.connecting).toEqual([
      { operator_kode: 'XTR', jadwal_kode: 'C-1', tanggal_berangkat: '2026-12-01', kursi: ['1A', '1B'] },
      { operator_kode: 'DAY', jadwal_kode: 'C-2', tanggal_berangkat: '2026-12-02', kursi: [], jumlah_penumpang: 2 },
    ]);
    const reservasi = buildReservasiBody(trip);
    expect(reservasi.connecting?.[1]).toEqual({
      operator_kode: 'DAY',
      jadwal_kode: 'C-2',
      tanggal_berangkat: '2026-12-02',
      kursi: [
        { no: null, penumpang_nama: 'Budi Santoso' },
        { no: null, penumpang_nama: 'Siti Aminah' },
      ],
      jumlah_penumpang: 2,
    });
    expect(reservasi.connecting?.[0]).not.toHaveProperty('jumlah_penumpang');
    expect(CekHargaBodySchema.safeParse(cek).success).toBe(true);
    expect(ReservasiBodySchema.safeParse(reservasi).success).toBe(true);
    for (const body of [cek, reservasi]) {
      expect(body).not.toHaveProperty('jumlah_penumpang_pergi');
    }
  });
});

describe('contract/reservation', () => {
  it('refuses bodies without the legs and seats they need', () => {
    const base = buildReservasiBody(fullRoundTrip);
    const issues = (body: unknown) => {
      const result = ReservasiBodySchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(issues({ ...base, jadwal_kode_pergi: undefined })).toContain('jadwal pergi wajib diisi');
    expect(issues({ ...base, kursi_pergi: [] })).toContain('kursi pergi wajib dipilih');
    expect(issues({ ...base, jadwal_kode_pulang: undefined })).toContain(
      'jadwal pulang wajib diisi untuk pulang pergi',
    );
    expect(issues({ ...base, kursi_pulang: [] })).toContain('kursi pulang wajib dipilih');
    expect(issues({ ...base, flag_connecting: 1, connecting: [] })).toContain(
      'perjalanan pindah armada butuh minimal 2 rute',
    );
    expect(issues({ ...base, pemesan_telp: '12' })).toContain('Masukan min 9 & max 15 digit angka');
    expect(issues({ ...base, komentar_donasi: 'a'.repeat(121) })).toContain('Maksimal karakter hanya 120');
  });

  it('reads the results and the RSV-2 error envelope', () => {
    const results = {
      reservasi_kode: 'TMP-1',
      flag_harga_berubah: 0,
      total_bayar: 1000,
      flag_lunas: 1,
      kunci_pesanan: 'kunci-pesanan-uji-0001',
    };
    expect(ReservasiResultsSchema.parse(results)).toEqual(results);
    expect(ReservasiReplySchema.parse({ status: 'OK', results })).toEqual({ status: 'OK', results });
    const error = { status: 'ERROR', code: 'RSV-2', message: 'Kursi 1A sudah tidak tersedia' };
    expect(ReservasiReplySchema.parse(error)).toEqual(error);
    expect(ReservasiResultsSchema.safeParse({ ...results, flag_lunas: 2 }).success).toBe(false);
  });
});
