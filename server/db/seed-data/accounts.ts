import type { vouchers } from '../schema';
import { addDays } from './random';

export const DEMO_TOKEN = 'demo-token-berangkat';
export const ZERO_POINTS_TOKEN = 'nol-poin-token-berangkat';

/** The support team's demo account: it opens the replay screen and stored traces. */
export const SUPPORT_TOKEN = 'cs-token-berangkat';

/** Every token the demo seed signs in with: written in the README, so production refuses a database holding one. */
export const DEMO_TOKENS = [DEMO_TOKEN, ZERO_POINTS_TOKEN, SUPPORT_TOKEN] as const;

export const CUSTOMERS = [
  {
    name: 'Rina Kartika',
    email: 'rina.kartika@contoh.id',
    phone: '081234567890',
    token: DEMO_TOKEN,
    points: 25000,
    role: 'customer',
  },
  {
    name: 'Budi Santoso',
    email: 'budi.santoso@contoh.id',
    phone: '081298765432',
    token: ZERO_POINTS_TOKEN,
    points: 0,
    role: 'customer',
  },
  {
    name: 'Dewi Lestari',
    email: 'dewi.lestari@contoh.id',
    phone: '085711223344',
    token: null,
    points: 8000,
    role: 'customer',
  },
  {
    name: 'Tim CS Berangkat',
    email: 'cs@berangkat.id',
    phone: '081100001111',
    token: SUPPORT_TOKEN,
    points: 0,
    role: 'support',
  },
] as const;

/** A seeded voucher: the schema's row without its generated id. */
export type VoucherSeed = Omit<typeof vouchers.$inferSelect, 'id'>;

export const EXHAUSTED_VOUCHER = 'HABIS';

/**
 * Validity windows sit around `today`. Besides the ordinary ones, each refusal has data: one
 * expired yesterday, one whose quota the seeded paid reservation below used up, one bound to QRIS.
 */
export function voucherSeeds(today: string): VoucherSeed[] {
  return [
    {
      code: 'HEMAT10',
      name: 'Diskon 10% Perjalanan Hemat',
      description: 'Hemat 10% untuk perjalanan bus dan shuttle ke mana saja, potongan hingga Rp 25.000.',
      discountType: 'persen',
      discountValue: 10,
      maxDiscount: 25000,
      minAmount: 100000,
      validFrom: addDays(today, -7),
      validUntil: addDays(today, 30),
      quota: null,
      paymentMethodCode: null,
    },
    {
      code: 'POTONG20K',
      name: 'Potongan Rp 20.000',
      description: 'Potongan langsung Rp 20.000 untuk transaksi mulai Rp 150.000.',
      discountType: 'nominal',
      discountValue: 20000,
      maxDiscount: null,
      minAmount: 150000,
      validFrom: addDays(today, -1),
      validUntil: addDays(today, 14),
      quota: null,
      paymentMethodCode: null,
    },
    {
      code: 'MUDIK15',
      name: 'Diskon Mudik 15%',
      description: 'Pulang kampung lebih hemat: diskon 15% hingga Rp 50.000 untuk transaksi mulai Rp 200.000.',
      discountType: 'persen',
      discountValue: 15,
      maxDiscount: 50000,
      minAmount: 200000,
      validFrom: today,
      validUntil: addDays(today, 60),
      quota: null,
      paymentMethodCode: null,
    },
    {
      code: 'KADALUARSA',
      name: 'Potongan Rp 5.000 (sudah berakhir)',
      description: 'Promo potongan Rp 5.000 yang masa berlakunya sudah berakhir.',
      discountType: 'nominal',
      discountValue: 5000,
      maxDiscount: null,
      minAmount: 0,
      validFrom: addDays(today, -30),
      validUntil: addDays(today, -1),
      quota: null,
      paymentMethodCode: null,
    },
    {
      code: EXHAUSTED_VOUCHER,
      name: 'Potongan Rp 10.000 Kuota Terbatas',
      description: 'Potongan Rp 10.000 untuk satu transaksi pertama saja.',
      discountType: 'nominal',
      discountValue: 10000,
      maxDiscount: null,
      minAmount: 0,
      validFrom: addDays(today, -7),
      validUntil: addDays(today, 30),
      quota: 1,
      paymentMethodCode: null,
    },
    {
      code: 'QRISHEMAT',
      name: 'Diskon 15% Bayar Pakai QRIS',
      description: 'Diskon 15% hingga Rp 25.000 khusus pembayaran dengan QRIS.',
      discountType: 'persen',
      discountValue: 15,
      maxDiscount: 25000,
      minAmount: 0,
      validFrom: addDays(today, -3),
      validUntil: addDays(today, 30),
      quota: null,
      paymentMethodCode: 'QRIS',
    },
  ];
}

/** The paid order that used up HABIS's quota of one, booked yesterday by a customer who never signs in. */
export function exhaustedVoucherReservation(today: string) {
  return {
    code: 'BRKHABIS01',
    status: 'paid' as const,
    customerEmail: 'dewi.lestari@contoh.id',
    bookerName: 'Dewi Lestari',
    bookerPhone: '085711223344',
    bookerEmail: 'dewi.lestari@contoh.id',
    paymentMethodCode: 'VA_BCA',
    voucherCode: EXHAUSTED_VOUCHER,
    subTotal: 150000,
    // 150.000 - 10.000 voucher + 4.000 BCA admin fee.
    total: 144000,
    createdAt: new Date(`${addDays(today, -1)}T10:00:00+07:00`),
    expiresAt: new Date(`${addDays(today, -1)}T11:00:00+07:00`),
  };
}

export const PAYMENT_METHODS = [
  {
    code: 'VA_BCA',
    name: 'BCA Virtual Account',
    group: 'Virtual Account',
    kind: 'va',
    fee: 4000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'VA_MANDIRI',
    name: 'Mandiri Virtual Account',
    group: 'Virtual Account',
    kind: 'va',
    fee: 4000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'VA_BNI',
    name: 'BNI Virtual Account',
    group: 'Virtual Account',
    kind: 'va',
    fee: 4000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'VA_BRI',
    name: 'BRI Virtual Account',
    group: 'Virtual Account',
    kind: 'va',
    fee: 3500,
    feeType: 'nominal',
    active: true,
  },
  { code: 'QRIS', name: 'QRIS', group: 'E-Wallet & QRIS', kind: 'qris', fee: 1, feeType: 'persen', active: true },
  { code: 'GOPAY', name: 'GoPay', group: 'E-Wallet & QRIS', kind: 'qris', fee: 2, feeType: 'persen', active: true },
  { code: 'OVO', name: 'OVO', group: 'E-Wallet & QRIS', kind: 'qris', fee: 2, feeType: 'persen', active: true },
  { code: 'DANA', name: 'DANA', group: 'E-Wallet & QRIS', kind: 'qris', fee: 2, feeType: 'persen', active: true },
  // Inactive: listed in the table but hidden from travellers.
  {
    code: 'SHOPEEPAY',
    name: 'ShopeePay',
    group: 'E-Wallet & QRIS',
    kind: 'qris',
    fee: 2,
    feeType: 'persen',
    active: false,
  },
  {
    code: 'ALFAMART',
    name: 'Alfamart',
    group: 'Gerai Retail',
    kind: 'retail',
    fee: 5000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'INDOMARET',
    name: 'Indomaret',
    group: 'Gerai Retail',
    kind: 'retail',
    fee: 5000,
    feeType: 'nominal',
    active: true,
  },
  {
    code: 'KARTU',
    name: 'Kartu Kredit/Debit',
    group: 'Kartu Kredit/Debit',
    kind: 'card',
    fee: 3,
    feeType: 'persen',
    active: true,
  },
] as const;
