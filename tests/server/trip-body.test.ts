import { describe, expect, it } from 'vitest';
import { CekHargaBodySchema, HoldKursiBodySchema, ReservasiBodySchema } from '../../contract';
import { holdRequestOf, priceRequestOf, reservationRequestOf } from '../../server/http/trip-body';

const pergi = { operator_kode_pergi: 'XTR', jadwal_kode_pergi: 'XTR-1', tanggal_berangkat_pergi: '2026-12-01' };
const pulang = { operator_kode_pulang: 'LJT', jadwal_kode_pulang: 'LJT-2', tanggal_berangkat_pulang: '2026-12-03' };
const booker = { pemesan_nama: 'Rina Kartika', pemesan_telp: '081234567890', pemesan_email: 'rina@contoh.id' };
const rider = (no: string | null) => ({ no, penumpang_nama: 'Budi Santoso' });

describe('the trip body becomes legs once, at the edge', () => {
  it('a one-way price check: the outbound leg only, the return fields ignored without flag_pp', () => {
    const request = priceRequestOf(
      CekHargaBodySchema.parse({ ...pergi, ...pulang, kursi_pergi: ['1A'], kursi_pulang: ['2B'], donasi: null }),
    );
    expect(request).toEqual({
      connecting: false,
      voucherCode: null,
      paymentMethodCode: null,
      insurance: false,
      donation: 0,
      usePoints: false,
      legs: [
        {
          label: 'Pergi',
          direction: 'pergi',
          legNo: 1,
          operator: 'XTR',
          jadwal: 'XTR-1',
          date: '2026-12-01',
          seats: ['1A'],
          passengers: undefined,
        },
      ],
    });
  });

  it('a round trip: outbound then return, head counts kept where the operator seats', () => {
    const request = priceRequestOf(
      CekHargaBodySchema.parse({
        ...pergi,
        ...pulang,
        flag_pp: 1,
        jumlah_penumpang_pergi: 2,
        kursi_pulang: ['2B'],
        voucher_kode: 'HEMAT',
        jenis_pembayaran_kode: 'BCA',
        flag_asuransi: 1,
        donasi: 5000,
        flag_point: 1,
      }),
    );
    expect(request.legs.map((leg) => [leg.label, leg.direction, leg.jadwal, leg.seats, leg.passengers])).toEqual([
      ['Pergi', 'pergi', 'XTR-1', [], 2],
      ['Pulang', 'pulang', 'LJT-2', ['2B'], undefined],
    ]);
    expect(request).toMatchObject({
      voucherCode: 'HEMAT',
      paymentMethodCode: 'BCA',
      insurance: true,
      donation: 5000,
      usePoints: true,
    });
  });

  it('a connecting trip: its legs in order, numbered, the outbound fields ignored', () => {
    const leg = (jadwal: string) => ({
      operator_kode: 'CPT',
      jadwal_kode: jadwal,
      tanggal_berangkat: '2026-12-01',
      kursi: ['3'],
    });
    const request = priceRequestOf(
      CekHargaBodySchema.parse({ ...pergi, flag_connecting: 1, connecting: [leg('A'), leg('B'), leg('C')] }),
    );
    expect(request.connecting).toBe(true);
    expect(request.legs.map((l) => [l.label, l.direction, l.legNo, l.jadwal])).toEqual([
      ['Rute 1', 'pergi', 1, 'A'],
      ['Rute 2', 'pergi', 2, 'B'],
      ['Rute 3', 'pergi', 3, 'C'],
    ]);
  });

  it('a reservation: riders by seat and name, the booker, the extras, and the body kept for the key digest', () => {
    const body = ReservasiBodySchema.parse({
      ...pergi,
      ...pulang,
      flag_pp: 1,
      kursi_pergi: [rider('1A'), rider('1B')],
      kursi_pulang: [rider(null)],
      ...booker,
      total_bayar: 300000,
      komentar_donasi: 'Semoga berkah',
      donasi: 2000,
      ads_kode: 'ADS1',
      url_referer: 'https://contoh.id',
      hold_token: 'hold-token-0000000001',
    });
    const request = reservationRequestOf(body);
    expect(request.legs.map((leg) => [leg.label, leg.riders.map((r) => r.seat)])).toEqual([
      ['Pergi', ['1A', '1B']],
      ['Pulang', [null]],
    ]);
    expect(request).toMatchObject({
      roundTrip: true,
      connecting: false,
      booker: { name: 'Rina Kartika', phone: '081234567890', email: 'rina@contoh.id' },
      shownTotal: 300000,
      donation: 2000,
      donationMessage: 'Semoga berkah',
      adsCode: 'ADS1',
      referrerUrl: 'https://contoh.id',
      holdToken: 'hold-token-0000000001',
      sentJson: JSON.stringify(body),
    });
  });

  it('a connecting reservation is no round trip, whatever flag_pp says', () => {
    const leg = { operator_kode: 'CPT', jadwal_kode: 'A', tanggal_berangkat: '2026-12-01', kursi: [rider('3')] };
    const request = reservationRequestOf(
      ReservasiBodySchema.parse({ flag_connecting: 1, flag_pp: 1, connecting: [leg, leg], ...booker, total_bayar: 0 }),
    );
    expect([request.roundTrip, request.holdToken, request.legs.length]).toEqual([false, null, 2]);
  });

  it('a seat hold: one departure and its seats', () => {
    const body = HoldKursiBodySchema.parse({
      operator_kode: 'XTR',
      jadwal_kode: 'XTR-1',
      tanggal_berangkat: '2026-12-01',
      kursi: ['1A'],
    });
    expect(holdRequestOf(body)).toEqual({
      operator: 'XTR',
      jadwal: 'XTR-1',
      date: '2026-12-01',
      seats: ['1A'],
      holdToken: null,
    });
  });
});
