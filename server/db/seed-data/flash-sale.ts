import type { QuizOption } from '../schema';

/**
 * Flash-sale cards the seed lays out every day: four six-hour slots (so one always runs), three
 * cards each, picked in turn from these templates. Prices are whole rupiah; `answer` is the
 * quiz's right option.
 */
export interface FlashSaleCardSeed {
  operator: string;
  origin: string;
  destination: string;
  normalPrice: number;
  salePrice: number;
  stock: number;
  question: string;
  options: QuizOption[];
  answer: QuizOption['kode'];
}

/** Slot starts in WIB, each lasting FLASH_SALE_SLOT_HOURS. */
export const FLASH_SALE_SLOT_STARTS = ['00:00', '06:00', '12:00', '18:00'] as const;
export const FLASH_SALE_SLOT_HOURS = 6;
/** Days from today that always have a flash sale. */
export const FLASH_SALE_DAYS = 7;
/** A card buys a trip departing within this many days of its sale. */
export const FLASH_SALE_VALID_DAYS = 30;
export const FLASH_SALE_CARDS_PER_SLOT = 3;

const options = (a: string, b: string, c: string, d: string): QuizOption[] => [
  { kode: 'A', teks: a },
  { kode: 'B', teks: b },
  { kode: 'C', teks: c },
  { kode: 'D', teks: d },
];

export const FLASH_SALE_CARDS: readonly FlashSaleCardSeed[] = [
  {
    operator: 'XTR',
    origin: 'Bandung',
    destination: 'Jakarta',
    normalPrice: 150_000,
    salePrice: 49_000,
    stock: 20,
    question: 'Kota manakah yang menjadi ibu kota Provinsi Jawa Barat?',
    options: options('Bogor', 'Bandung', 'Bekasi', 'Cirebon'),
    answer: 'B',
  },
  {
    operator: 'LJT',
    origin: 'Jakarta',
    destination: 'Bandung',
    normalPrice: 140_000,
    salePrice: 45_000,
    stock: 15,
    question: 'Tol yang menghubungkan Jakarta dan Bandung melewati kota...',
    options: options('Purwakarta', 'Semarang', 'Tegal', 'Serang'),
    answer: 'A',
  },
  {
    operator: 'CPT',
    origin: 'Bandung',
    destination: 'Cirebon',
    normalPrice: 120_000,
    salePrice: 39_000,
    stock: 10,
    question: 'Cirebon terkenal dengan julukan...',
    options: options('Kota Hujan', 'Kota Pahlawan', 'Kota Udang', 'Kota Gudeg'),
    answer: 'C',
  },
  {
    operator: 'SBR',
    origin: 'Semarang',
    destination: 'Surabaya',
    normalPrice: 180_000,
    salePrice: 59_000,
    stock: 25,
    question: 'Kota Surabaya dikenal dengan julukan...',
    options: options('Kota Kembang', 'Kota Pahlawan', 'Kota Batik', 'Kota Apel'),
    answer: 'B',
  },
  {
    operator: 'NRS',
    origin: 'Cirebon',
    destination: 'Semarang',
    normalPrice: 160_000,
    salePrice: 55_000,
    stock: 12,
    question: 'Lawang Sewu adalah bangunan bersejarah di kota...',
    options: options('Yogyakarta', 'Solo', 'Malang', 'Semarang'),
    answer: 'D',
  },
  {
    operator: 'DYT',
    origin: 'Jakarta',
    destination: 'Bandung',
    normalPrice: 135_000,
    salePrice: 35_000,
    stock: 8,
    question: 'Berapa lama batas waktu pembayaran pesanan di Berangkat?',
    options: options('30 menit', '5 menit', '1 hari', '1 minggu'),
    answer: 'A',
  },
];

/** The slot's card templates: consecutive templates, moving on by the slot's number. */
export function cardsOfSlot(slotNumber: number): FlashSaleCardSeed[] {
  return Array.from(
    { length: FLASH_SALE_CARDS_PER_SLOT },
    (_, index) => FLASH_SALE_CARDS[(slotNumber + index) % FLASH_SALE_CARDS.length]!,
  );
}

export const FLASH_SALE_TERMS = [
  'Satu kunci pembelian berlaku untuk satu kartu dan satu kali pembelian.',
  'Kartu hanya dapat dibeli selama sesinya berlangsung dan selama stok masih ada.',
  'Pembayaran harus diselesaikan dalam 30 menit; lewat dari itu transaksi batal.',
  'Kartu berlaku untuk satu kursi pada rute dan operator yang tertera, paling lambat 30 hari setelah pembelian.',
];
