/** Fictional operators; `color` is only used for the generated logo files in public/logos/. */
export interface OperatorSeed {
  code: string;
  name: string;
  type: 'shuttle' | 'bus';
  color: string;
  terms: string[];
}

const COMMON_SHUTTLE_TERMS = [
  'Penumpang wajib hadir di pool keberangkatan paling lambat 30 menit sebelum jadwal berangkat.',
  'Tiket yang sudah dibeli tidak dapat dipindahtangankan tanpa persetujuan operator.',
];
const COMMON_BUS_TERMS = [
  'Penumpang wajib menunjukkan e-tiket dan kartu identitas yang masih berlaku saat naik bus.',
  'Bagasi maksimal 20 kg per penumpang; kelebihan bagasi dikenakan biaya tambahan.',
];

export const OPERATORS: readonly OperatorSeed[] = [
  {
    code: 'XTR',
    name: 'Xpress Trans Raya',
    type: 'shuttle',
    color: '#0B5FA5',
    terms: [
      ...COMMON_SHUTTLE_TERMS,
      'Setiap penumpang mendapat jatah bagasi satu koper dan satu tas kecil.',
      'Perubahan jadwal dapat dilakukan paling lambat 6 jam sebelum keberangkatan.',
    ],
  },
  {
    code: 'CPT',
    name: 'Cipta Trans',
    type: 'shuttle',
    color: '#D9480F',
    terms: [
      ...COMMON_SHUTTLE_TERMS,
      'Penumpang yang terlambat dianggap batal dan tiket tidak dapat dikembalikan.',
      'Dilarang membawa hewan peliharaan dan barang mudah terbakar.',
    ],
  },
  {
    code: 'DYT',
    name: 'Daya Travel',
    type: 'shuttle',
    color: '#2B8A3E',
    terms: [...COMMON_SHUTTLE_TERMS, 'Anak usia di atas 2 tahun wajib membeli tiket sendiri.'],
  },
  {
    code: 'LJT',
    name: 'Lintas Jaya Travel',
    type: 'shuttle',
    color: '#862E9C',
    terms: [
      ...COMMON_SHUTTLE_TERMS,
      'Nomor kursi mengikuti pilihan saat pemesanan dan tidak dapat ditukar di pool.',
      'Operator berhak mengganti armada dengan kelas yang setara bila diperlukan.',
    ],
  },
  {
    code: 'NRS',
    name: 'Nusa Rapi Shuttle',
    type: 'shuttle',
    color: '#C2410C',
    terms: [
      ...COMMON_SHUTTLE_TERMS,
      'Tiket gratis hanya berlaku untuk penumpang yang namanya tercantum pada e-tiket.',
      'Merokok di dalam kendaraan tidak diperbolehkan.',
    ],
  },
  {
    code: 'PSK',
    name: 'Pasundan Shuttle Kencana',
    type: 'shuttle',
    color: '#1098AD',
    terms: [
      ...COMMON_SHUTTLE_TERMS,
      'Nomor kursi ditentukan oleh petugas pool saat keberangkatan.',
      'Barang berharga menjadi tanggung jawab penumpang sepenuhnya.',
    ],
  },
  {
    code: 'SRH',
    name: 'Sinar Harapan Trans',
    type: 'bus',
    color: '#C92A2A',
    terms: [...COMMON_BUS_TERMS, 'Bus berhenti di rumah makan yang ditentukan operator selama maksimal 30 menit.'],
  },
  {
    code: 'GMA',
    name: 'Garuda Mas Armada',
    type: 'bus',
    color: '#B35C00',
    terms: [
      ...COMMON_BUS_TERMS,
      'Area merokok hanya tersedia di lantai bawah bus tingkat.',
      'Penumpang dilarang berpindah lantai tanpa izin awak bus.',
    ],
  },
  {
    code: 'MJT',
    name: 'Merapi Jaya Transport',
    type: 'bus',
    color: '#364FC7',
    terms: [
      ...COMMON_BUS_TERMS,
      'Tiket sudah termasuk satu kali makan di rumah makan rekanan.',
      'Pembatalan tiket dikenakan potongan 25% dari harga tiket.',
    ],
  },
  {
    code: 'PRB',
    name: 'Priangan Baru',
    type: 'bus',
    color: '#5C940D',
    terms: [...COMMON_BUS_TERMS, 'Bus berangkat tepat waktu dan tidak menunggu penumpang yang terlambat.'],
  },
  {
    code: 'SBR',
    name: 'Surya Bahari',
    type: 'bus',
    color: '#9C6500',
    terms: [
      ...COMMON_BUS_TERMS,
      'Selimut dan bantal tersedia untuk layanan malam.',
      'Penumpang wajib menjaga kebersihan di dalam bus.',
    ],
  },
  {
    code: 'KLN',
    name: 'Kencana Lintas Nusantara',
    type: 'bus',
    color: '#495057',
    terms: [
      ...COMMON_BUS_TERMS,
      'Kursi sleeper hanya untuk satu orang dewasa.',
      'Penumpang dapat turun di titik antara yang tercantum pada rute perjalanan.',
    ],
  },
];

export const operatorLogoPath = (code: string): string => `/logos/${code.toLowerCase()}.svg`;
