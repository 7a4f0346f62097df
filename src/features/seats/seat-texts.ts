import type { Seat } from '../../../contract/seats';
import type { Direction } from '../../../machines/types';
import { formatRupiah } from '../../lib/format';

/** The seat screens' own words (spec section 2 "Seat selection screen"), in one place. */

export const DIRECTION_LABEL: Record<Direction, string> = { pergi: 'Pergi', pulang: 'Pulang' };

/** "Pilih Posisi Duduk Pergi" / "Pilih Posisi Duduk Pulang". */
export function seatScreenTitle(direction: Direction): string {
  return `Pilih Posisi Duduk ${DIRECTION_LABEL[direction]}`;
}

/** "Kursi Pergi 2" for a connecting leg, "Kursi Pulang" for a return leg, "Kursi Pergi" otherwise. */
export function legSeatsHeading(direction: Direction, legNumber: number | null): string {
  return legNumber === null
    ? `Kursi ${DIRECTION_LABEL[direction]}`
    : `Kursi ${DIRECTION_LABEL[direction]} ${legNumber}`;
}

/** "Kursi 3, 4". */
export function seatNumbersText(numbers: readonly string[]): string {
  return `Kursi ${numbers.join(', ')}`;
}

export const seatTexts = {
  infoPanel: 'Informasi Kursi',
  /** A connecting trip's link to information-connecting (help about changing vehicle). */
  connectingInfo: 'Info Pindah Armada',
  infoPassenger: 'Informasi Penumpang',
  detailPrice: 'Detail Harga Penumpang',
  noSeatYet: 'Belum ada kursi dipilih',
  counterLabel: 'Kursi dipilih',
  normalPrice: 'Harga normal',
  front: 'Depan',
  legend: 'Keterangan',
  available: 'Tersedia',
  selected: 'Dipilih',
  taken: 'Terisi',
  smokingSeat: 'Dekat area merokok',
  toilet: 'Toilet',
  driver: 'Sopir',
  loading: 'Memuat denah kursi…',
  unavailableTitle: 'Denah kursi belum dapat dimuat',
  unavailableBody: 'Periksa koneksi internetmu, lalu coba lagi.',
  retry: 'Coba Lagi',
  notAllowedTitle: 'Kursi ditentukan oleh operator',
  notAllowedBody:
    'Jadwal ini tidak mendukung pemilihan kursi. Operator akan menentukan nomor kursimu, kamu cukup mengisi data penumpang.',
  notAllowedLink: 'Lanjut isi data penumpang',
  conflictTitle: 'Kursi yang kamu pilih sudah terjual',
  conflictBody: 'Silakan pilih kursi lain untuk melanjutkan pemesanan.',
  noTripTitle: 'Belum ada jadwal yang dipilih',
  noTripBody: 'Cari dan pilih jadwal perjalanan dulu, lalu pilih posisi dudukmu di sini.',
  noTripLink: 'Cari Jadwal',
  noReturnTitle: 'Jadwal pulang belum dipilih',
  noReturnBody: 'Pilih jadwal pulang dulu, lalu pilih posisi duduk pulangmu di sini.',
  detailLink: 'Detail Harga',
  infoLink: 'Info Penumpang',
  seatInfoLink: 'Lihat Informasi Kursi',
  backToSeats: 'Kembali ke Pilih Kursi',
  total: 'Total',
  routes: 'Rute perjalanan',
  floors: 'Lantai',
} as const;

/** "Kembali ke Rute 1". */
export function previousLegLabel(legNumber: number): string {
  return `Kembali ke Rute ${legNumber - 1}`;
}

/**
 * What a screen reader hears after a seat's name: its price (and promo), or that it is taken.
 * The name ("Kursi 9") and the pressed state come from the button itself.
 */
export function seatDescription(seat: Seat, normalPrice: number): string {
  if (seat.flag_booking === 1) return `${seatTexts.taken}, tidak dapat dipilih`;
  const parts = [formatRupiah(seat.harga_tiket)];
  if (seat.flag_promo === 1) {
    parts.unshift(seat.promo_kode ? `Promo ${seat.promo_kode}` : 'Promo');
    if (normalPrice > seat.harga_tiket)
      parts.push(`${seatTexts.normalPrice.toLowerCase()} ${formatRupiah(normalPrice)}`);
  }
  if (seat.tipe === 'PS') parts.push(seatTexts.smokingSeat.toLowerCase());
  return parts.join(', ');
}
