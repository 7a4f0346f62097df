/**
 * The oleh-oleh catalogue: souvenirs of the towns the timetable serves. Images are SVG tiles in
 * public/media/oleh-oleh named after the product's slug.
 */

export interface SouvenirSeed {
  name: string;
  category: string;
  unit: string;
  price: number;
  origin: string;
  seller: string;
  description: string;
  keepsDays: number;
  recommended?: boolean;
}

export const SOUVENIR_CATEGORIES = [
  'Makanan Khas',
  'Kue & Camilan',
  'Kopi & Teh',
  'Sambal & Bumbu',
  'Kerajinan',
  'Batik & Kain',
] as const;

export const SOUVENIR_IMAGE = { width: 400, height: 300 } as const;

export const souvenirSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/&/g, 'dan')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const souvenirImagePath = (name: string): string => `/media/oleh-oleh/${souvenirSlug(name)}.svg`;

export const SOUVENIRS: readonly SouvenirSeed[] = [
  {
    name: 'Bolu Susu Lembang',
    category: 'Makanan Khas',
    unit: 'Kotak isi 10',
    price: 45000,
    origin: 'Bandung',
    seller: 'Dapur Lembang',
    description: 'Bolu kukus lembut dengan susu segar peternakan Lembang, tanpa pengawet.',
    keepsDays: 4,
    recommended: true,
  },
  {
    name: 'Bakpia Pathok Kacang Hijau',
    category: 'Makanan Khas',
    unit: 'Kotak isi 20',
    price: 38000,
    origin: 'Yogyakarta',
    seller: 'Bakpia Pathok Sentosa',
    description: 'Bakpia kulit tipis berisi kacang hijau manis, dipanggang setiap pagi.',
    keepsDays: 5,
    recommended: true,
  },
  {
    name: 'Bandeng Presto Duri Lunak',
    category: 'Makanan Khas',
    unit: 'Pak isi 2 ekor',
    price: 65000,
    origin: 'Semarang',
    seller: 'Bandeng Juwana Pandanaran',
    description: 'Bandeng presto bumbu kuning yang durinya lunak sampai ke tulang, dikemas vakum.',
    keepsDays: 3,
  },
  {
    name: 'Wingko Babat',
    category: 'Makanan Khas',
    unit: 'Kotak isi 12',
    price: 42000,
    origin: 'Semarang',
    seller: 'Wingko Cap Kereta',
    description: 'Kue kelapa muda panggang yang legit, cocok dihangatkan sebentar sebelum disajikan.',
    keepsDays: 5,
  },
  {
    name: 'Dodol Garut Original',
    category: 'Makanan Khas',
    unit: 'Kotak 500 g',
    price: 35000,
    origin: 'Garut',
    seller: 'Dodol Picnic Garut',
    description: 'Dodol ketan dan gula aren, dibungkus satu per satu agar mudah dibagikan.',
    keepsDays: 30,
  },
  {
    name: 'Gudeg Kaleng Krecek',
    category: 'Makanan Khas',
    unit: 'Kaleng 250 g',
    price: 55000,
    origin: 'Yogyakarta',
    seller: 'Gudeg Wijilan Bu Lies',
    description: 'Gudeg nangka muda dengan krecek pedas dalam kaleng, tahan lama tanpa lemari es.',
    keepsDays: 365,
    recommended: true,
  },
  {
    name: 'Keripik Tempe Sagu',
    category: 'Kue & Camilan',
    unit: 'Pak 250 g',
    price: 25000,
    origin: 'Malang',
    seller: 'Sanan Jaya',
    description: 'Keripik tempe tipis renyah dengan bumbu bawang dan daun jeruk.',
    keepsDays: 60,
  },
  {
    name: 'Batagor Kering',
    category: 'Kue & Camilan',
    unit: 'Pak 200 g',
    price: 28000,
    origin: 'Bandung',
    seller: 'Batagor Riri',
    description: 'Batagor ikan tenggiri yang digoreng kering, lengkap dengan bumbu kacang sachet.',
    keepsDays: 45,
  },
  {
    name: 'Peuyeum Bandung',
    category: 'Kue & Camilan',
    unit: 'Ikat 1 kg',
    price: 22000,
    origin: 'Bandung',
    seller: 'Peuyeum Cimahi Abah',
    description: 'Tape singkong manis khas Priangan, paling enak dimakan dalam dua hari.',
    keepsDays: 2,
  },
  {
    name: 'Geplak Warna-warni',
    category: 'Kue & Camilan',
    unit: 'Kotak isi 15',
    price: 30000,
    origin: 'Bantul',
    seller: 'Geplak Mbok Tumpuk',
    description: 'Manisan kelapa parut dan gula pasir warna-warni dari Bantul.',
    keepsDays: 14,
  },
  {
    name: 'Moci Kaswari',
    category: 'Kue & Camilan',
    unit: 'Keranjang isi 20',
    price: 40000,
    origin: 'Sukabumi',
    seller: 'Moci Kaswari Lampion',
    description: 'Kue beras ketan isi kacang dalam keranjang bambu, ditaburi tepung sagu.',
    keepsDays: 5,
  },
  {
    name: 'Kopi Java Preanger',
    category: 'Kopi & Teh',
    unit: 'Bubuk 200 g',
    price: 75000,
    origin: 'Bandung',
    seller: 'Kopi Malabar Pangalengan',
    description: 'Arabika dataran tinggi Priangan, sangrai sedang, aroma gula aren dan jeruk.',
    keepsDays: 180,
    recommended: true,
  },
  {
    name: 'Kopi Robusta Temanggung',
    category: 'Kopi & Teh',
    unit: 'Biji 250 g',
    price: 60000,
    origin: 'Temanggung',
    seller: 'Kopi Lereng Sindoro',
    description: 'Robusta petik merah dari lereng Sindoro, pekat dan sedikit cokelat.',
    keepsDays: 180,
  },
  {
    name: 'Teh Tambi Hitam',
    category: 'Kopi & Teh',
    unit: 'Kotak 100 g',
    price: 32000,
    origin: 'Wonosobo',
    seller: 'Perkebunan Tambi',
    description: 'Teh hitam daun utuh dari kebun Tambi di dataran tinggi Dieng.',
    keepsDays: 365,
  },
  {
    name: 'Sambal Bawang Bu Rudy',
    category: 'Sambal & Bumbu',
    unit: 'Botol 150 g',
    price: 35000,
    origin: 'Surabaya',
    seller: 'Depot Bu Rudy',
    description: 'Sambal bawang legendaris Surabaya, pedas gurih untuk teman nasi hangat.',
    keepsDays: 90,
    recommended: true,
  },
  {
    name: 'Bumbu Pecel Madiun',
    category: 'Sambal & Bumbu',
    unit: 'Pak 250 g',
    price: 24000,
    origin: 'Madiun',
    seller: 'Pecel 99 Madiun',
    description: 'Bumbu kacang pecel siap seduh, cukup dicampur air panas.',
    keepsDays: 120,
  },
  {
    name: 'Petis Udang Sidoarjo',
    category: 'Sambal & Bumbu',
    unit: 'Botol 200 g',
    price: 30000,
    origin: 'Sidoarjo',
    seller: 'Petis Bu Kasiyem',
    description: 'Petis udang hitam kental untuk rujak cingur, tahu tek dan lontong balap.',
    keepsDays: 60,
  },
  {
    name: 'Angklung Mini',
    category: 'Kerajinan',
    unit: 'Set 3 buah',
    price: 85000,
    origin: 'Bandung',
    seller: 'Saung Angklung Udjo',
    description: 'Angklung bambu hitam ukuran meja yang benar-benar bisa dimainkan.',
    keepsDays: 3650,
  },
  {
    name: 'Wayang Kulit Punakawan',
    category: 'Kerajinan',
    unit: 'Set 4 tokoh',
    price: 150000,
    origin: 'Yogyakarta',
    seller: 'Sanggar Wayang Pucung',
    description: 'Semar, Gareng, Petruk dan Bagong dari kulit kerbau yang ditatah dan disungging tangan.',
    keepsDays: 3650,
  },
  {
    name: 'Gerabah Kasongan',
    category: 'Kerajinan',
    unit: 'Vas 25 cm',
    price: 70000,
    origin: 'Bantul',
    seller: 'Kasongan Art',
    description: 'Vas tanah liat bakar bermotif sulur, dikemas dengan kardus tebal untuk perjalanan.',
    keepsDays: 3650,
  },
  {
    name: 'Batik Tulis Pekalongan',
    category: 'Batik & Kain',
    unit: 'Kain 2 m',
    price: 350000,
    origin: 'Pekalongan',
    seller: 'Batik Pesisir Kauman',
    description: 'Batik tulis motif buketan pesisir dengan pewarna alam, dikerjakan dua minggu.',
    keepsDays: 3650,
  },
  {
    name: 'Batik Trusmi Mega Mendung',
    category: 'Batik & Kain',
    unit: 'Kemeja',
    price: 225000,
    origin: 'Cirebon',
    seller: 'Sentra Batik Trusmi',
    description: 'Kemeja katun motif mega mendung biru gradasi, tersedia ukuran S sampai XXL.',
    keepsDays: 3650,
  },
  {
    name: 'Tenun Troso',
    category: 'Batik & Kain',
    unit: 'Selendang',
    price: 180000,
    origin: 'Jepara',
    seller: 'Tenun Ikat Troso Jaya',
    description: 'Selendang tenun ikat dari alat tenun bukan mesin, motif lurik khas Jepara.',
    keepsDays: 3650,
  },
  {
    name: 'Sarung Goyor Pemalang',
    category: 'Batik & Kain',
    unit: 'Sarung',
    price: 160000,
    origin: 'Pemalang',
    seller: 'Goyor Wanarejan',
    description: 'Sarung tenun goyor yang jatuh dan dingin dipakai, cocok untuk hadiah orang tua.',
    keepsDays: 3650,
  },
];

/** The greeting of the souvenir page (message-souvenir). */
export const SOUVENIR_MESSAGE = {
  judul: 'Oleh-oleh khas kota tujuanmu',
  pesan:
    'Pilih oleh-oleh, masukkan ke keranjang, lalu pesan lewat WhatsApp. Tim kami mengantar ke alamatmu atau menitipkannya di loket keberangkatan.',
} as const;

/** How an order reads in WhatsApp (format-pesan-oleh-oleh). */
export const SOUVENIR_ORDER_FORMAT = {
  format:
    'Halo CS Berangkat, saya ingin memesan oleh-oleh berikut:\n{daftar}\n\nTotal: {total}\n\nMohon info ongkos kirim dan cara pembayarannya. Terima kasih.',
  baris: '- {nama} ({satuan}) x{jumlah} = {subtotal}',
} as const;
