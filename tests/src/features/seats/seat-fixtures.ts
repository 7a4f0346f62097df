import type { Floor, Seat } from '../../../../contract/seats';
import type { SeatLayout, TripLeg } from '../../../../machines/types';

/** A seat as kursi answers it: free, Rp 100.000, unless overridden. */
export function seat(no: string, overrides: Partial<Seat> = {}): Seat {
  return { no, tipe: 'P', flag_booking: 0, flag_promo: 0, harga_tiket: 100_000, promo_kode: null, ...overrides };
}

/** The kursi reply for schedule J1 of operator OP1 with these floors; at most 2 seats. */
export function layoutOf(floors: Floor[]): SeatLayout {
  return {
    operator_kode: 'OP1',
    jadwal_kode: 'J1',
    tanggal_berangkat: '2026-03-02',
    select_seat: true,
    layout_kursi: floors,
    flag_multi_harga: 1,
    maks_penumpang: 2,
    harga_tiket_normal: 100_000,
  };
}

/** The leg of that schedule, as the booking flow holds it. */
export const LEG: TripLeg = {
  operatorCode: 'OP1',
  operatorName: 'Operator Satu',
  operatorType: 'bus',
  operatorLogo: '',
  scheduleCode: 'J1',
  date: '2026-03-02',
  departureTime: '08:00',
  origin: 'Pool Pasteur',
  destination: 'Pool Cawang',
  selectSeat: true,
  refundable: true,
};
