/** Cities in insertion order: ids follow this order (Bandung 1, Jakarta 2), the app's defaults rely on it. */
export interface CitySeed {
  /** Short code used in schedule codes, e.g. BDG. */
  code: string;
  name: string;
  province: string;
  lat: number;
  lon: number;
  popularRank: number | null;
}

export const CITIES: readonly CitySeed[] = [
  { code: 'BDG', name: 'Bandung', province: 'Jawa Barat', lat: -6.9175, lon: 107.6191, popularRank: 1 },
  { code: 'JKT', name: 'Jakarta', province: 'DKI Jakarta', lat: -6.2088, lon: 106.8456, popularRank: 2 },
  { code: 'BGR', name: 'Bogor', province: 'Jawa Barat', lat: -6.5971, lon: 106.806, popularRank: 6 },
  { code: 'BKS', name: 'Bekasi', province: 'Jawa Barat', lat: -6.2383, lon: 106.9756, popularRank: null },
  { code: 'DPK', name: 'Depok', province: 'Jawa Barat', lat: -6.4025, lon: 106.7942, popularRank: null },
  { code: 'TGR', name: 'Tangerang', province: 'Banten', lat: -6.1783, lon: 106.6319, popularRank: null },
  { code: 'CRB', name: 'Cirebon', province: 'Jawa Barat', lat: -6.732, lon: 108.5523, popularRank: 7 },
  { code: 'TSM', name: 'Tasikmalaya', province: 'Jawa Barat', lat: -7.3274, lon: 108.2207, popularRank: null },
  { code: 'GRT', name: 'Garut', province: 'Jawa Barat', lat: -7.2279, lon: 107.9087, popularRank: null },
  { code: 'SKB', name: 'Sukabumi', province: 'Jawa Barat', lat: -6.9277, lon: 106.93, popularRank: null },
  { code: 'PWK', name: 'Purwakarta', province: 'Jawa Barat', lat: -6.5569, lon: 107.4431, popularRank: null },
  { code: 'SMG', name: 'Semarang', province: 'Jawa Tengah', lat: -6.9667, lon: 110.4167, popularRank: 4 },
  { code: 'YOG', name: 'Yogyakarta', province: 'DI Yogyakarta', lat: -7.7956, lon: 110.3695, popularRank: 3 },
  { code: 'SOC', name: 'Solo', province: 'Jawa Tengah', lat: -7.5755, lon: 110.8243, popularRank: null },
  { code: 'SBY', name: 'Surabaya', province: 'Jawa Timur', lat: -7.2575, lon: 112.7521, popularRank: 5 },
  { code: 'MLG', name: 'Malang', province: 'Jawa Timur', lat: -7.9666, lon: 112.6326, popularRank: 8 },
  { code: 'PWT', name: 'Purwokerto', province: 'Jawa Tengah', lat: -7.4245, lon: 109.2302, popularRank: null },
  { code: 'TGL', name: 'Tegal', province: 'Jawa Tengah', lat: -6.8694, lon: 109.1402, popularRank: null },
  { code: 'KNG', name: 'Kuningan', province: 'Jawa Barat', lat: -6.9759, lon: 108.4831, popularRank: null },
  { code: 'SMD', name: 'Sumedang', province: 'Jawa Barat', lat: -6.8577, lon: 107.92, popularRank: null },
  { code: 'KRW', name: 'Karawang', province: 'Jawa Barat', lat: -6.3227, lon: 107.3376, popularRank: null },
  { code: 'SRG', name: 'Serang', province: 'Banten', lat: -6.1202, lon: 106.1503, popularRank: null },
];

/** Pools (cabang). `key` is how routes refer to a pool: `<city code>:<short name>`. */
export interface PointSeed {
  key: string;
  city: string;
  name: string;
  address: string;
  lat: number;
  lon: number;
}

const pool = (city: string, short: string, name: string, address: string, lat: number, lon: number): PointSeed => ({
  key: `${city}:${short}`,
  city,
  name,
  address,
  lat,
  lon,
});

export const POINTS: readonly PointSeed[] = [
  pool('BDG', 'PST', 'Pool Pasteur', 'Jl. Dr. Djunjunan No. 143, Pasteur, Sukajadi, Kota Bandung', -6.8937, 107.5933),
  pool('BDG', 'DPU', 'Pool Dipatiukur', 'Jl. Dipati Ukur No. 53, Lebakgede, Coblong, Kota Bandung', -6.8899, 107.6171),
  pool('BDG', 'BBT', 'Pool Buah Batu', 'Jl. Buah Batu No. 245, Turangga, Lengkong, Kota Bandung', -6.9447, 107.6322),
  pool('BDG', 'CHP', 'Pool Cihampelas', 'Jl. Cihampelas No. 112, Cipaganti, Coblong, Kota Bandung', -6.8953, 107.6043),
  pool('JKT', 'BLM', 'Pool Blok M', 'Jl. Melawai Raya No. 12, Kebayoran Baru, Jakarta Selatan', -6.2443, 106.8001),
  pool('JKT', 'CWG', 'Pool Cawang', 'Jl. Dewi Sartika No. 8, Cawang, Kramat Jati, Jakarta Timur', -6.2463, 106.8695),
  pool(
    'JKT',
    'KLG',
    'Pool Kelapa Gading',
    'Jl. Boulevard Raya Blok QA1 No. 5, Kelapa Gading, Jakarta Utara',
    -6.1577,
    106.9057,
  ),
  pool('JKT', 'GRG', 'Pool Grogol', 'Jl. Kyai Tapa No. 20, Tomang, Grogol Petamburan, Jakarta Barat', -6.1672, 106.79),
  pool(
    'BGR',
    'BRS',
    'Pool Baranangsiang',
    'Jl. Raya Pajajaran No. 9, Baranangsiang, Bogor Timur, Kota Bogor',
    -6.6024,
    106.8066,
  ),
  pool('BGR', 'STL', 'Pool Sentul', 'Jl. MH Thamrin, Sentul City, Babakan Madang, Kabupaten Bogor', -6.5636, 106.8472),
  pool(
    'BKS',
    'BKB',
    'Pool Bekasi Barat',
    'Jl. Ahmad Yani No. 1, Kayuringin Jaya, Bekasi Selatan, Kota Bekasi',
    -6.2487,
    106.9962,
  ),
  pool('DPK', 'MGD', 'Pool Margonda', 'Jl. Margonda Raya No. 358, Kemiri Muka, Beji, Kota Depok', -6.373, 106.832),
  pool('TGR', 'CKK', 'Pool Cikokol', 'Jl. MH Thamrin No. 3, Cikokol, Kota Tangerang', -6.2036, 106.6352),
  pool(
    'TGR',
    'ALS',
    'Pool Alam Sutera',
    'Jl. Alam Sutera Boulevard No. 21, Serpong Utara, Tangerang Selatan',
    -6.2241,
    106.6528,
  ),
  pool('CRB', 'TPR', 'Pool Tuparev', 'Jl. Tuparev No. 77, Kedawung, Kabupaten Cirebon', -6.7186, 108.5446),
  pool('CRB', 'SLW', 'Pool Siliwangi', 'Jl. Siliwangi No. 24, Kebonbaru, Kejaksan, Kota Cirebon', -6.7075, 108.558),
  pool(
    'TSM',
    'HZM',
    'Pool HZ Mustofa',
    'Jl. HZ Mustofa No. 180, Tugujaya, Cihideung, Kota Tasikmalaya',
    -7.3268,
    108.2214,
  ),
  pool('TSM', 'IDH', 'Pool Indihiang', 'Jl. Ir. H. Juanda No. 12, Indihiang, Kota Tasikmalaya', -7.3034, 108.2028),
  pool(
    'GRT',
    'CLD',
    'Pool Ciledug Garut',
    'Jl. Ciledug No. 86, Kota Wetan, Garut Kota, Kabupaten Garut',
    -7.2173,
    107.9012,
  ),
  pool('SKB', 'AYN', 'Pool Sukabumi', 'Jl. Ahmad Yani No. 45, Kebonjati, Cikole, Kota Sukabumi', -6.9212, 106.9273),
  pool('PWK', 'SDG', 'Pool Sadang', 'Jl. Raya Sadang No. 10, Ciseureuh, Purwakarta', -6.5008, 107.4287),
  pool(
    'SMG',
    'SPL',
    'Pool Simpang Lima',
    'Jl. Pahlawan No. 7, Pleburan, Semarang Selatan, Kota Semarang',
    -6.9903,
    110.4229,
  ),
  pool(
    'SMG',
    'BYM',
    'Pool Banyumanik',
    'Jl. Setiabudi No. 150, Srondol Wetan, Banyumanik, Kota Semarang',
    -7.0625,
    110.4219,
  ),
  pool(
    'SMG',
    'KBT',
    'Pool Kalibanteng',
    'Jl. Jend. Sudirman No. 290, Kalibanteng Kidul, Semarang Barat',
    -6.9846,
    110.3833,
  ),
  pool(
    'YOG',
    'MLB',
    'Pool Malioboro',
    'Jl. Mataram No. 28, Suryatmajan, Danurejan, Kota Yogyakarta',
    -7.7926,
    110.3668,
  ),
  pool('YOG', 'JMB', 'Pool Jombor', 'Jl. Magelang KM 6, Sinduadi, Mlati, Kabupaten Sleman', -7.7495, 110.3618),
  pool(
    'YOG',
    'GWG',
    'Pool Giwangan',
    'Jl. Imogiri Timur No. 5, Giwangan, Umbulharjo, Kota Yogyakarta',
    -7.8333,
    110.3925,
  ),
  pool(
    'SOC',
    'TRN',
    'Pool Tirtonadi',
    'Jl. Ahmad Yani No. 262, Gilingan, Banjarsari, Kota Surakarta',
    -7.5521,
    110.8183,
  ),
  pool(
    'SOC',
    'SLR',
    'Pool Slamet Riyadi',
    'Jl. Slamet Riyadi No. 301, Sriwedari, Laweyan, Kota Surakarta',
    -7.5683,
    110.8098,
  ),
  pool('SBY', 'BGS', 'Pool Bungurasih', 'Jl. Letjen Sutoyo No. 1, Bungurasih, Waru, Sidoarjo', -7.3508, 112.724),
  pool('SBY', 'GBG', 'Pool Gubeng', 'Jl. Raya Gubeng No. 52, Gubeng, Kota Surabaya', -7.2652, 112.752),
  pool('SBY', 'RKT', 'Pool Rungkut', 'Jl. Raya Rungkut Industri No. 18, Rungkut, Kota Surabaya', -7.3264, 112.7774),
  pool('MLG', 'ARJ', 'Pool Arjosari', 'Jl. Raden Intan No. 2, Arjosari, Blimbing, Kota Malang', -7.933, 112.6568),
  pool('MLG', 'IJN', 'Pool Ijen', 'Jl. Besar Ijen No. 31, Oro-oro Dowo, Klojen, Kota Malang', -7.9697, 112.6211),
  pool('PWT', 'SDM', 'Pool Purwokerto', 'Jl. Jend. Soedirman No. 410, Sokanegara, Purwokerto Timur', -7.4243, 109.2388),
  pool('TGL', 'SDB', 'Pool Tegal', 'Jl. Kapten Sudibyo No. 62, Pekauman, Tegal Barat, Kota Tegal', -6.8793, 109.1291),
  pool('KNG', 'SLW', 'Pool Kuningan', 'Jl. Siliwangi No. 118, Purwawinangun, Kuningan', -6.9772, 108.4829),
  pool(
    'SMD',
    'JTN',
    'Pool Jatinangor',
    'Jl. Raya Jatinangor No. 150, Cibeusi, Jatinangor, Sumedang',
    -6.9301,
    107.7741,
  ),
  pool(
    'SMD',
    'KTA',
    'Pool Sumedang Kota',
    'Jl. Prabu Geusan Ulun No. 40, Regol Wetan, Sumedang Selatan',
    -6.858,
    107.9203,
  ),
  pool('KRW', 'KRB', 'Pool Karawang Barat', 'Jl. Tuparev No. 301, Nagasari, Karawang Barat', -6.3048, 107.2948),
  pool(
    'SRG',
    'PKP',
    'Pool Pakupatan',
    'Jl. Raya Serang-Pandeglang, Panancangan, Cipocok Jaya, Kota Serang',
    -6.1301,
    106.1702,
  ),
];
