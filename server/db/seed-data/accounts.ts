import { addDays } from './random';

export const DEMO_TOKEN = 'demo-token-berangkat';
export const ZERO_POINTS_TOKEN = 'nol-poin-token-berangkat';

export const CUSTOMERS = [
  { name: 'Rina Kartika', email: 'rina.kartika@contoh.id', phone: '081234567890', token: DEMO_TOKEN, points: 25000 },
  { name: 'Budi Santoso', email: 'budi.santoso@contoh.id', phone: '081298765432', token: ZERO_POINTS_TOKEN, points: 0 },
  { name: 'Dewi Lestari', email: 'dewi.lestari@contoh.id', phone: '085711223344', token: null, points: 8000 },
] as const;

export type VoucherSeed = {
  code: string;
  name: string;
  discountType: 'persen' | 'nominal';
  discountValue: number;
  maxDiscount: number | null;
  minAmount: number;
  validFrom: string;
  validUntil: string;
};

/** Validity windows sit around `today`, one already expired so the error path has data. */
export function voucherSeeds(today: string): VoucherSeed[] {
  return [
    {
      code: 'HEMAT10',
      name: 'Diskon 10% Perjalanan Hemat',
      discountType: 'persen',
      discountValue: 10,
      maxDiscount: 25000,
      minAmount: 100000,
      validFrom: addDays(today, -7),
      validUntil: addDays(today, 30),
    },
    {
      code: 'POTONG20K',
      name: 'Potongan Rp 20.000',
      discountType: 'nominal',
      discountValue: 20000,
      maxDiscount: null,
      minAmount: 150000,
      validFrom: addDays(today, -1),
      validUntil: addDays(today, 14),
    },
    {
      code: 'MUDIK15',
      name: 'Diskon Mudik 15%',
      discountType: 'persen',
      discountValue: 15,
      maxDiscount: 50000,
      minAmount: 200000,
      validFrom: today,
      validUntil: addDays(today, 60),
    },
    {
      code: 'LEWAT5K',
      name: 'Potongan Rp 5.000 (sudah berakhir)',
      discountType: 'nominal',
      discountValue: 5000,
      maxDiscount: null,
      minAmount: 0,
      validFrom: addDays(today, -30),
      validUntil: addDays(today, -1),
    },
  ];
}

export const PAYMENT_METHODS = [
  {
    code: 'VA_BCA',
    name: 'BCA Virtual Account',
    group: 'Virtual Account',
    fee: 4000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'VA_MANDIRI',
    name: 'Mandiri Virtual Account',
    group: 'Virtual Account',
    fee: 4000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'VA_BNI',
    name: 'BNI Virtual Account',
    group: 'Virtual Account',
    fee: 4000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'VA_BRI',
    name: 'BRI Virtual Account',
    group: 'Virtual Account',
    fee: 3500,
    feeType: 'nominal',
    active: true,
  },
  { code: 'QRIS', name: 'QRIS', group: 'QRIS', fee: 1, feeType: 'persen', active: true },
  { code: 'GOPAY', name: 'GoPay', group: 'E-Wallet', fee: 2, feeType: 'persen', active: true },
  { code: 'OVO', name: 'OVO', group: 'E-Wallet', fee: 2, feeType: 'persen', active: true },
  { code: 'DANA', name: 'DANA', group: 'E-Wallet', fee: 2, feeType: 'persen', active: true },
  // Inactive: listed in the table but hidden from travellers.
  { code: 'SHOPEEPAY', name: 'ShopeePay', group: 'E-Wallet', fee: 2, feeType: 'persen', active: false },
  { code: 'ALFAMART', name: 'Alfamart', group: 'Gerai Retail', fee: 5000, feeType: 'nominal', active: true },
  { code: 'INDOMARET', name: 'Indomaret', group: 'Gerai Retail', fee: 5000, feeType: 'nominal', active: true },
] as const;
