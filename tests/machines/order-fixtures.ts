import { OrderDetailSchema, type OrderDetail, type OrderLeg } from '../../contract/order';

/** Orders as detail-reservasi answers them, parsed with the contract so a fixture cannot drift. */

export const ORDER_CODE = 'BRK7Q2M9XA';
export const ORDER_KEY = 'kunci-pesanan-uji-0001';

export function orderLeg(patch: Partial<OrderLeg> = {}): OrderLeg {
  return {
    operator_kode: 'CPT',
    operator_nama: 'Cipta Trans',
    operator_tipe: 'shuttle',
    operator_logo: '/logos/cpt.svg',
    jadwal_kode: 'CPT-BDG-JKT-1100',
    tanggal_berangkat: '2026-12-07',
    jam_berangkat: '11:00',
    asal_kota_nama: 'Bandung',
    asal_cabang_nama: 'Pasteur',
    asal_alamat: 'Jl. Dr. Djunjunan No. 1, Bandung',
    asal_lat: -6.8915,
    asal_lon: 107.5801,
    tujuan_kota_nama: 'Jakarta',
    tujuan_cabang_nama: 'Blok M',
    penumpang: [{ kursi: '9', nama: 'Siti Aminah' }],
    ...patch,
  };
}

export function order(patch: Partial<OrderDetail> = {}): OrderDetail {
  return OrderDetailSchema.parse({
    reservasi_kode: ORDER_CODE,
    status: 'pending',
    flag_lunas: 0,
    pemesan_nama: 'Budi Santoso',
    pemesan_email: 'budi@contoh.id',
    pemesan_telp: '081234567890',
    pergi: orderLeg(),
    pulang: null,
    connecting: [],
    sub_total: 150_000,
    total_bayar: 154_000,
    biaya_admin: 4_000,
    list_harga: [
      { title: 'Tiket Pergi (1x)', price: 150_000, type: 'normal' },
      { title: 'Biaya Admin', price: 4_000, type: 'add' },
      { title: 'Total Bayar', price: 154_000, type: 'total' },
    ],
    jenis_pembayaran: { kode: 'BCA-VA', nama: 'BCA Virtual Account', jenis: 'va' },
    batas_bayar: '2026-11-23T20:00:00.000Z',
    waktu_server: '2026-11-23T18:00:00.000Z',
    dibayar_pada: null,
    cashback_point: 0,
    bisa_batal: true,
    ...patch,
  });
}

export const paidOrder = () =>
  order({ status: 'paid', flag_lunas: 1, bisa_batal: false, dibayar_pada: '2026-11-23T18:10:00.000Z' });
export const cancelledOrder = () => order({ status: 'cancelled', bisa_batal: false });
export const expiredOrder = () => order({ status: 'expired', bisa_batal: false });
/** Unpaid, but the server no longer lets it be cancelled (about to expire). */
export const lockedOrder = () => order({ bisa_batal: false });
