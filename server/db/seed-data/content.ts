import type { ImageRow } from '../schema';
import { addDays } from './random';

/**
 * Banners, popups, events, FAQ and blog posts. Images are SVG files in public/media/banner, sized
 * here so pages reserve their box before they load.
 */

const banner = (slug: string): ImageRow => ({ url: `/media/banner/${slug}.svg`, width: 1200, height: 400 });
const popupImage = (slug: string): ImageRow => ({ url: `/media/banner/${slug}.svg`, width: 600, height: 400 });
const cover = (slug: string): ImageRow => ({ url: `/media/banner/${slug}.svg`, width: 1200, height: 630 });

export const BANNER_CATEGORIES = ['Beranda', 'Promo', 'Oleh-oleh'] as const;

export interface BannerSeed {
  category: (typeof BANNER_CATEGORIES)[number];
  title: string;
  image: ImageRow;
  link: string | null;
  souvenirCategory?: string;
}

export const BANNERS: readonly BannerSeed[] = [
  { category: 'Beranda', title: 'Flash Sale tiket setiap 6 jam', image: banner('flash-sale'), link: '/app/flash-sale' },
  { category: 'Beranda', title: 'Oleh-oleh khas kota tujuanmu', image: banner('oleh-oleh'), link: '/app/oleh-oleh' },
  { category: 'Beranda', title: 'Donasi Berkah bersama tiketmu', image: banner('berkah'), link: '/app/berkah-info' },
  {
    category: 'Promo',
    title: 'Liburan Akhir Tahun: voucher sampai 10%',
    image: banner('liburan-akhir-tahun'),
    link: '/app/event/liburan-akhir-tahun',
  },
  {
    category: 'Promo',
    title: 'Mudik Hemat bayar pakai QRIS',
    image: banner('mudik-hemat'),
    link: '/app/event/mudik-hemat',
  },
  {
    category: 'Oleh-oleh',
    title: 'Kopi dan teh dataran tinggi',
    image: banner('kopi-teh'),
    link: null,
    souvenirCategory: 'Kopi & Teh',
  },
  {
    category: 'Oleh-oleh',
    title: 'Batik tulis langsung dari perajin',
    image: banner('batik'),
    link: null,
    souvenirCategory: 'Batik & Kain',
  },
];

export const POPUPS = [
  {
    adsCode: 'MUDIK2026',
    title: 'Mudik lebih hemat',
    description: 'Pakai voucher MUDIK15 untuk potongan 15% tiket mudikmu. Kuota terbatas!',
    image: popupImage('popup-mudik'),
    link: '/app/event/mudik-hemat',
    buttonLabel: 'Lihat Voucher',
  },
  {
    adsCode: 'IG-BANDUNG',
    title: 'Halo, warga Bandung!',
    description: 'Ada 3 kartu flash sale rute Bandung setiap sesi. Jawab kuisnya dan dapatkan harga spesial.',
    image: popupImage('popup-bandung'),
    link: '/app/flash-sale',
    buttonLabel: 'Ke Flash Sale',
  },
] as const;

export function eventSeeds(today: string) {
  return [
    {
      code: 'liburan-akhir-tahun',
      title: 'Liburan Akhir Tahun',
      description: 'Pulang kampung atau jalan-jalan akhir tahun lebih hemat dengan voucher pilihan.',
      image: banner('liburan-akhir-tahun'),
      startsOn: addDays(today, -3),
      endsOn: addDays(today, 40),
      vouchers: ['HEMAT10', 'POTONG20K'],
    },
    {
      code: 'mudik-hemat',
      title: 'Mudik Hemat',
      description: 'Voucher khusus mudik dan potongan untuk pembayaran QRIS.',
      image: banner('mudik-hemat'),
      startsOn: addDays(today, -1),
      endsOn: addDays(today, 60),
      vouchers: ['MUDIK15', 'QRISHEMAT'],
    },
    {
      code: 'promo-kemerdekaan',
      title: 'Promo Kemerdekaan',
      description: 'Event yang sudah berakhir.',
      image: banner('flash-sale'),
      startsOn: addDays(today, -60),
      endsOn: addDays(today, -30),
      vouchers: ['KADALUARSA'],
    },
  ];
}

export const FAQS = [
  {
    category: 'Pemesanan',
    question: 'Bagaimana cara memesan tiket di Berangkat?',
    answer:
      'Isi kota asal, kota tujuan dan tanggal di beranda, tekan Cari, pilih jadwal, pilih kursi, lalu lengkapi data pemesan dan penumpang. Setelah memilih metode pembayaran, kamu mendapat kode pembayaran.',
    recommended: true,
  },
  {
    category: 'Pemesanan',
    question: 'Apakah saya harus punya akun untuk memesan?',
    answer:
      'Tidak. Kamu bisa memesan tanpa masuk. Dengan masuk, data pemesan terisi otomatis, riwayat pesanan tersimpan dan kamu mengumpulkan poin.',
    recommended: false,
  },
  {
    category: 'Pemesanan',
    question: 'Bagaimana dengan perjalanan Pindah Armada?',
    answer:
      'Perjalanan Pindah Armada terdiri dari beberapa rute dengan operator dan jadwal masing-masing. Kamu memilih kursi untuk setiap rute, dan semua rute dibayar dalam satu pesanan.',
    recommended: false,
  },
  {
    category: 'Pembayaran',
    question: 'Berapa lama batas waktu pembayaran?',
    answer:
      'Batas waktu pembayaran tampil di halaman pembayaran. Jika lewat, pesanan batal otomatis dan kursi kembali tersedia untuk penumpang lain.',
    recommended: true,
  },
  {
    category: 'Pembayaran',
    question: 'Metode pembayaran apa saja yang tersedia?',
    answer:
      'Virtual account bank (BCA, Mandiri, BNI, BRI), QRIS dan dompet digital, gerai ritel, serta kartu kredit. Biaya layanan setiap metode tampil sebelum kamu membayar.',
    recommended: false,
  },
  {
    category: 'Pembatalan & Refund',
    question: 'Bagaimana cara membatalkan pesanan?',
    answer:
      'Buka detail pesanan lalu pilih Batalkan Pesanan. Pesanan yang belum dibayar bisa dibatalkan kapan saja sebelum batas waktu pembayaran.',
    recommended: true,
  },
  {
    category: 'Pembatalan & Refund',
    question: 'Apa itu tiket refundable?',
    answer:
      'Dengan perlindungan refundable, kamu mendapat pengembalian 100% jika tidak bisa berangkat karena alasan yang ditanggung, misalnya sakit atau kecelakaan, dengan bukti yang sah.',
    recommended: false,
  },
  {
    category: 'Akun & Poin',
    question: 'Bagaimana cara mendapatkan dan memakai poin?',
    answer:
      'Setiap pesanan lunas saat kamu masuk menambah poin. Di halaman pemesanan, aktifkan Gunakan Poin untuk memotong total bayar.',
    recommended: true,
  },
  {
    category: 'Akun & Poin',
    question: 'Saya tidak menerima kode OTP, apa yang harus dilakukan?',
    answer:
      'Periksa nomor atau email yang kamu masukkan, tunggu hitung mundur selesai, lalu tekan Kirim Ulang. Jika masih belum diterima, hubungi call center kami.',
    recommended: false,
  },
  {
    category: 'Lainnya',
    question: 'Bagaimana cara memesan oleh-oleh?',
    answer:
      'Buka menu Oleh-oleh, masukkan produk ke keranjang, lalu tekan Pesan via WhatsApp. Pesanmu terisi otomatis dan tim kami membalas dengan ongkos kirim.',
    recommended: false,
  },
] as const;

export const BLOG_POSTS = [
  {
    code: 'tips-mudik-nyaman-naik-bus',
    title: '7 tips mudik nyaman naik bus dan travel',
    summary: 'Dari memilih kursi sampai membawa bekal: persiapan kecil yang membuat perjalanan panjang terasa ringan.',
    paragraphs: [
      'Pesan tiket lebih awal. Kursi di baris depan dan dekat jendela cepat habis saat musim mudik, dan harga promo biasanya berlaku untuk pemesan pertama.',
      'Pilih jadwal keberangkatan malam untuk perjalanan lebih dari delapan jam. Jalan lebih lengang dan kamu bisa tidur sepanjang perjalanan.',
      'Datang ke titik keberangkatan 30 menit sebelum jadwal. Tunjukkan kode pemesanan di aplikasi kepada petugas loket.',
      'Bawa bantal leher, jaket dan air minum. Pendingin udara di bus sering terasa dingin pada malam hari.',
      'Simpan barang berharga di tas kecil yang selalu kamu bawa, dan titipkan koper besar di bagasi.',
      'Aktifkan perlindungan refundable jika rencanamu belum pasti, supaya tiket bisa dikembalikan bila kamu sakit.',
      'Terakhir, kabari keluarga jadwal tiba dari halaman detail pesanan agar mereka bisa menjemput tepat waktu.',
    ],
    author: 'Tim Berangkat',
    publishedDaysAgo: 12,
    image: cover('blog-mudik'),
  },
  {
    code: 'oleh-oleh-khas-bandung',
    title: 'Oleh-oleh khas Bandung yang tahan dibawa pulang',
    summary: 'Bolu susu, batagor kering, kopi Priangan dan angklung mini: mana yang tahan berhari-hari di perjalanan?',
    paragraphs: [
      'Bandung punya banyak oleh-oleh, tapi tidak semuanya tahan perjalanan jauh. Peuyeum paling enak dimakan dalam dua hari, sedangkan batagor kering tahan lebih dari sebulan.',
      'Bolu susu Lembang tahan sekitar empat hari tanpa lemari es. Simpan di tempat sejuk dan jauh dari sinar matahari.',
      'Untuk pencinta kopi, arabika Java Preanger dalam kemasan kedap udara tahan berbulan-bulan dan mudah dibawa di tas kabin.',
      'Semua produk ini bisa kamu pesan di menu Oleh-oleh Berangkat dan diantar ke alamatmu.',
    ],
    author: 'Sari Wulandari',
    publishedDaysAgo: 5,
    image: cover('blog-oleh-oleh'),
  },
] as const;
