import type { OrderDetail, OrderStatus } from '../../contract/order';
import type { PaymentInstruction, PaymentMethod } from '../../contract/payment';

/** A one-way order as detail-reservasi answers it; the server's clock says 12:00 WIB. */
export function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const status: OrderStatus = overrides.status ?? 'pending';
  return {
    reservasi_kode: 'BRK7Q2M9',
    status,
    flag_lunas: status === 'paid' ? 1 : 0,
    pemesan_nama: 'Siti Rahma',
    pemesan_email: 'siti@contoh.id',
    pemesan_telp: '081234567890',
    pergi: {
      operator_kode: 'CPT',
      operator_nama: 'Cipaganti',
      operator_tipe: 'shuttle',
      operator_logo: '',
      jadwal_kode: 'CPT-BDG-JKT-0700',
      tanggal_berangkat: '2026-12-05',
      jam_berangkat: '07:00',
      asal_kota_nama: 'Bandung',
      asal_cabang_nama: 'Pasteur',
      asal_alamat: 'Jl. Dr. Djunjunan 1',
      asal_lat: -6.89,
      asal_lon: 107.59,
      tujuan_kota_nama: 'Jakarta',
      tujuan_cabang_nama: 'Blok M',
      penumpang: [{ kursi: '3', nama: 'Siti Rahma' }],
    },
    pulang: null,
    connecting: [],
    sub_total: 150000,
    total_bayar: 150000,
    biaya_admin: 0,
    list_harga: [{ title: 'Tiket Pergi', price: 150000, type: 'normal' }],
    jenis_pembayaran: null,
    batas_bayar: '2026-11-23T06:00:00.000Z',
    waktu_server: '2026-11-23T05:00:00.000Z',
    dibayar_pada: null,
    cashback_point: 0,
    bisa_batal: status === 'pending',
    ...overrides,
  };
}

export const BCA: PaymentMethod = {
  kode: 'BCA_VA',
  nama: 'BCA Virtual Account',
  grup: 'Virtual Account',
  jenis: 'va',
  fee: 4000,
  tipe_fee: 'nominal',
  biaya: 4000,
  total: 154000,
  tersedia: true,
};

export const QRIS: PaymentMethod = {
  kode: 'QRIS',
  nama: 'QRIS',
  grup: 'E-Wallet & QRIS',
  jenis: 'qris',
  fee: 0.7,
  tipe_fee: 'persen',
  biaya: 1050,
  total: 151050,
  tersedia: true,
};

/** Bound out by a voucher for another method. */
export const OVO: PaymentMethod = { ...QRIS, kode: 'OVO', nama: 'OVO', tersedia: false };

export const METHODS: PaymentMethod[] = [BCA, QRIS, OVO];

export function instruction(overrides: Partial<PaymentInstruction> = {}): PaymentInstruction {
  return {
    reservasi_kode: 'BRK7Q2M9',
    jenis_pembayaran_kode: 'BCA_VA',
    jenis_pembayaran_nama: 'BCA Virtual Account',
    jenis: 'va',
    total_bayar: 154000,
    biaya_admin: 4000,
    nomor_bayar: '8077001234567890',
    kode_biller: null,
    qris: null,
    url_bayar: null,
    batas_bayar: '2026-11-23T06:00:00.000Z',
    simulasi: true,
    kartu: null,
    ...overrides,
  };
}
