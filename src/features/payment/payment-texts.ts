import type { OrderLeg } from '../../../contract/order';
import type { PaymentMethod } from '../../../contract/payment';
import { APP_TIME_ZONE, formatRupiah, TIME_SUFFIX } from '../../lib/format';

/** The payment pages' words, in one place. */
export const PAYMENT_TEXT = {
  pay: 'Bayar',
  methods: 'Pilih Metode Pembayaran',
  unavailable: 'Tidak tersedia untuk pesanan ini',
  countdownLead: 'Selesaikan pembayaran dalam',
  orderCode: 'Kode Pesanan',
  total: 'Total Pembayaran',
  adminFee: 'Biaya Admin',
  ticketPrice: 'Harga Tiket',
  paid: 'Lunas',
  paidNote: 'Pembayaran sudah kami terima. E-tiket kamu sudah terbit.',
  seeTicket: 'Lihat E-Tiket',
  expiredTitle: 'Waktu pembayaran habis',
  expiredNote: 'Pesanan ini sudah tidak dapat dibayar. Silakan pesan ulang tiketmu.',
  cancelledTitle: 'Pesanan dibatalkan',
  cancelledNote: 'Pesanan ini sudah dibatalkan dan tidak dapat dibayar.',
  refusedTitle: 'Pembayaran ditolak',
  loadFailedTitle: 'Data pembayaran tidak dapat dimuat',
  retry: 'Coba Lagi',
  home: 'Kembali ke Beranda',
  simulate: 'Simulasikan pembayaran',
  simulateNote: 'Mode demo: tidak ada uang yang ditarik.',
  check: 'Cek Status Pembayaran',
  copy: 'Salin',
  copied: 'Tersalin',
  changeMethod: 'Ganti Metode Pembayaran',
  billerCode: 'Kode Perusahaan (Biller Code)',
  billKey: 'Kode Bayar (Bill Key)',
  openApp: 'Bayar di Aplikasi',
  autoCheck: 'Status pembayaran diperiksa otomatis selama halaman ini terbuka.',
  cardTitle: 'Data Kartu',
  cardNumber: 'Nomor Kartu',
  cardExpiry: 'Masa Berlaku (BB/TT)',
  cardCvv: 'CVV',
  cardBusy: 'Memproses…',
  cardFailed: 'Pembayaran kartu tidak dapat diproses. Coba lagi.',
  cardPrivacy:
    'Data kartu dikirim langsung ke Midtrans dan tidak disimpan oleh Berangkat. Setelah ini bank akan meminta kode verifikasi (3D Secure).',
  cardLastRefused: 'Pembayaran kartu sebelumnya ditolak. Periksa data kartu, atau gunakan kartu atau metode lain.',
  cardLastWaiting:
    'Verifikasi bank untuk pembayaran kartu sebelumnya belum selesai. Kamu bisa mengulanginya dengan mengisi data kartu lagi.',
} as const;

/** "Biaya admin Rp 4.000", "Biaya admin 0,7% (Rp 1.050)", or no fee at all. */
export function feeText(method: PaymentMethod): string {
  if (method.tipe_fee === 'persen') {
    if (method.fee === 0) return 'Tanpa biaya admin';
    const percent = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 }).format(method.fee);
    return method.biaya > 0 ? `Biaya admin ${percent}% (${formatRupiah(method.biaya)})` : `Biaya admin ${percent}%`;
  }
  return method.biaya > 0 || method.fee > 0
    ? `Biaya admin ${formatRupiah(method.biaya || method.fee)}`
    : 'Tanpa biaya admin';
}

/** Methods grouped by grup, in the server's order. */
export function groupMethods(methods: readonly PaymentMethod[]): Array<{ group: string; methods: PaymentMethod[] }> {
  const groups = new Map<string, PaymentMethod[]>();
  for (const method of methods) {
    const list = groups.get(method.grup) ?? [];
    list.push(method);
    groups.set(method.grup, list);
  }
  return [...groups].map(([group, list]) => ({ group, methods: list }));
}

const deadlineFormat = new Intl.DateTimeFormat('id-ID', {
  timeZone: APP_TIME_ZONE,
  weekday: 'short',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An ISO instant as Jakarta wall time: `Sen, 23 Nov 2026 13.00 WIB`. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(deadlineFormat.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year} ${parts.hour}.${parts.minute} ${TIME_SUFFIX}`;
}

/** "Bandung (Pasteur) → Jakarta (Blok M)" as plain words for a summary line. */
export function legRoute(leg: OrderLeg): { from: string; to: string } {
  return {
    from: `${leg.asal_kota_nama} (${leg.asal_cabang_nama})`,
    to: `${leg.tujuan_kota_nama} (${leg.tujuan_cabang_nama})`,
  };
}
