import { z } from 'zod';
import {
  DateSchema,
  FacilitySchema,
  OperatorTypeSchema,
  PointTypeSchema,
  type PointType,
  RupiahSchema,
  TimeSchema,
  flagParam,
  idParam,
  pageParam,
} from './common';

export const SEARCH_PAGE_SIZE = 10;

export const OperatorSchema = z.object({
  kode: z.string(),
  nama: z.string(),
  logo: z.string(),
  tipe: OperatorTypeSchema,
});
export type Operator = z.infer<typeof OperatorSchema>;
export const OperatorListSchema = z.object({ list: z.array(OperatorSchema) });

export const RouteStopSchema = z.object({
  title: z.string(),
  alamat: z.string(),
  jam: TimeSchema,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type RouteStop = z.infer<typeof RouteStopSchema>;

/** One leg of a connecting ("Pindah Armada") trip, spec section 3. */
export const ConnectingLegSchema = z.object({
  leg: z.number().int().min(1),
  operator_name: z.string(),
  operator_code: z.string(),
  operator_type: OperatorTypeSchema,
  operator_logo: z.string(),
  schedule_code: z.string(),
  date_go: DateSchema,
  jam_berangkat: TimeSchema,
  jam_tiba: TimeSchema,
  asal_kota_nama: z.string(),
  asal_cabang_nama: z.string(),
  tujuan_kota_nama: z.string(),
  tujuan_cabang_nama: z.string(),
  harga: RupiahSchema,
  sisa_kursi: z.number().int().nonnegative(),
  select_seat: z.boolean(),
  kursi: z.array(z.string()),
  rute: z.array(z.object({ title: z.string(), alamat: z.string() })),
  asal_lat: z.number(),
  asal_cabang_lat: z.number(),
  asal_cabang_lon: z.number(),
  tujuan_cabang_lat: z.number(),
  tujuan_cabang_lon: z.number(),
});
export type ConnectingLeg = z.infer<typeof ConnectingLegSchema>;

/** A departure as the schedule list shows it, spec section 3 "Schedule". */
export const ScheduleSchema = z.object({
  code_schedule: z.string(),
  is_connecting: z.boolean(),
  operator_code: z.string(),
  operator_name: z.string(),
  operator_type: OperatorTypeSchema,
  operator_logo: z.string(),
  service: z.string(),
  jurusan_id: z.number().int(),
  depart: z.string(),
  drop: z.string(),
  depart_city: z.string(),
  drop_city: z.string(),
  select_seat: z.boolean(),
  /** One value, or two shown as a range (lowest first). */
  price_ticket: z.array(RupiahSchema).min(1).max(2),
  /** Normal price shown struck through beside a promo price. */
  price_normal: RupiahSchema.nullable(),
  remaining_seats: z.number().int().nonnegative(),
  total_seats: z.number().int().positive(),
  time_departure: TimeSchema,
  time_arrival: TimeSchema,
  date: DateSchema,
  address_from: z.string(),
  address_to: z.string(),
  lat_from: z.number(),
  lon_from: z.number(),
  lat_to: z.number(),
  lon_to: z.number(),
  facilities: z.array(FacilitySchema),
  is_refundable: z.boolean(),
  routes_connecting: z.array(ConnectingLegSchema),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const ScheduleGroupSchema = z.object({
  key: z.string(),
  operator_code: z.string(),
  operator_name: z.string(),
  operator_logo: z.string(),
  jurusan_id: z.number().int(),
  depart: z.string(),
  drop: z.string(),
  is_connecting: z.boolean(),
  jadwal: z.array(ScheduleSchema).min(1),
});
export type ScheduleGroup = z.infer<typeof ScheduleGroupSchema>;

export const TIME_RANGES = [
  { kode: 'dini-hari', label: 'Dini Hari', dari: '00:00', sampai: '05:59' },
  { kode: 'pagi', label: 'Pagi', dari: '06:00', sampai: '11:59' },
  { kode: 'siang', label: 'Siang', dari: '12:00', sampai: '17:59' },
  { kode: 'malam', label: 'Malam', dari: '18:00', sampai: '23:59' },
] as const;
export const TimeRangeCodeSchema = z.enum(['dini-hari', 'pagi', 'siang', 'malam']);
export type TimeRangeCode = z.infer<typeof TimeRangeCodeSchema>;

export const SortSchema = z.enum(['berangkat', 'termurah'], { error: 'sort harus berangkat atau termurah' });
export type Sort = z.infer<typeof SortSchema>;

/** Comma-separated list in a query value: "a,b" -> ["a","b"]. */
const csv = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const rupiahParam = (name: string) =>
  z.coerce
    .number({ error: `${name} harus berupa angka` })
    .int(`${name} harus bilangan bulat`)
    .nonnegative(`${name} tidak boleh negatif`);

/** The search's own rules (spec section 1), in the words the search form shows. */
export const SEARCH_MESSAGE = {
  samePlace: 'Asal dan tujuan tidak boleh sama',
  departurePast: 'Pilih tanggal berangkat mulai hari ini',
  returnBeforeDeparture: 'Tanggal pulang tidak boleh sebelum tanggal berangkat',
} as const;

interface SearchPlaces {
  asal_id: number;
  asal_tipe: PointType;
  tujuan_id: number;
  tujuan_tipe: PointType;
}

/** The same point (one id and one type) as origin and destination. */
export function isSamePlace(query: SearchPlaces): boolean {
  return query.asal_id === query.tujuan_id && query.asal_tipe === query.tujuan_tipe;
}

/** A trip to search for: where from and to, the day out and, for a round trip, the day back. */
export interface SearchTrip extends SearchPlaces {
  tanggal_berangkat: string;
  /** Null for a one-way trip. */
  tanggal_pulang: string | null;
}

const isDate = (value: string) => DateSchema.safeParse(value).success;

/**
 * The first rule a trip breaks, or null when it may be searched: two different places, a day out
 * from `today` (the caller's date in Jakarta) on, and a day back not before the day out.
 */
export function searchTripError(trip: SearchTrip, today: string): string | null {
  if (isSamePlace(trip)) return SEARCH_MESSAGE.samePlace;
  if (!isDate(trip.tanggal_berangkat) || trip.tanggal_berangkat < today) return SEARCH_MESSAGE.departurePast;
  if (trip.tanggal_pulang !== null && (!isDate(trip.tanggal_pulang) || trip.tanggal_pulang < trip.tanggal_berangkat)) {
    return SEARCH_MESSAGE.returnBeforeDeparture;
  }
  return null;
}

/** Origin, destination and date: the part shared by search, its filters and its date strip. */
export const SearchBaseQuerySchema = z.object({
  asal_id: idParam('asal_id'),
  asal_tipe: PointTypeSchema,
  tujuan_id: idParam('tujuan_id'),
  tujuan_tipe: PointTypeSchema,
  tanggal_berangkat: DateSchema,
  show_connecting: flagParam.default(false),
});

export const SearchFiltersSchema = z.object({
  operator: csv(z.string().min(1)).optional(),
  jam: csv(TimeRangeCodeSchema).optional(),
  fasilitas: csv(FacilitySchema).optional(),
  harga_min: rupiahParam('harga_min').optional(),
  harga_max: rupiahParam('harga_max').optional(),
  sort: SortSchema.default('berangkat'),
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

export const SearchJadwalQuerySchema = SearchBaseQuerySchema.extend(SearchFiltersSchema.shape)
  .extend({
    group_by: z.enum(['operator-jurusan'], { error: 'group_by harus operator-jurusan' }).optional(),
    flag_pp: flagParam.default(false),
    pulang_jurusan_id: idParam('pulang_jurusan_id').optional(),
    pulang_operator_kode: z.string().min(1).optional(),
    page: pageParam,
  })
  .refine((q) => !isSamePlace(q), {
    message: SEARCH_MESSAGE.samePlace,
    path: ['tujuan_id'],
  })
  .refine((q) => q.harga_min === undefined || q.harga_max === undefined || q.harga_min <= q.harga_max, {
    message: 'harga_min tidak boleh lebih dari harga_max',
    path: ['harga_min'],
  });
export type SearchJadwalQuery = z.infer<typeof SearchJadwalQuerySchema>;

export const SearchJadwalResultsSchema = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  total_jadwal: z.number().int().nonnegative(),
  total_page: z.number().int().nonnegative(),
  list: z.array(ScheduleGroupSchema),
});
export type SearchJadwalResults = z.infer<typeof SearchJadwalResultsSchema>;

// list-filter-search-jadwal
export const ListFilterQuerySchema = SearchBaseQuerySchema;
export const ListFilterResultsSchema = z.object({
  operator: z.array(z.object({ kode: z.string(), nama: z.string(), logo: z.string(), jumlah: z.number().int() })),
  jam: z.array(
    z.object({
      kode: TimeRangeCodeSchema,
      label: z.string(),
      dari: TimeSchema,
      sampai: TimeSchema,
      jumlah: z.number().int(),
    }),
  ),
  fasilitas: z.array(z.object({ kode: FacilitySchema, label: z.string(), jumlah: z.number().int() })),
  harga: z.object({ min: RupiahSchema, max: RupiahSchema }),
});
export type ListFilterResults = z.infer<typeof ListFilterResultsSchema>;

const daysParam = z.coerce
  .number({ error: 'jumlah_hari harus berupa angka' })
  .int('jumlah_hari harus bilangan bulat')
  .min(1, 'jumlah_hari minimal 1')
  .max(62, 'jumlah_hari maksimal 62')
  .default(7);

/** The calendar's last day: a `YYYY-MM-DD` date strip cannot run past it. */
export const LAST_CALENDAR_DATE = '9999-12-31';

/** Days from `date` through LAST_CALENDAR_DATE, that day included (both as UTC midnights). */
function daysLeftInCalendar(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(9999, 11, 31) - Date.UTC(y, m - 1, d)) / 86_400_000) + 1;
}

/**
 * A date strip of `jumlah_hari` days from `tanggal_mulai` must end by LAST_CALENDAR_DATE: a day
 * beyond it has no `YYYY-MM-DD` form, so the strip is refused rather than cut short.
 */
function stripInCalendar(query: { tanggal_mulai: string; jumlah_hari: number }, ctx: z.RefinementCtx): void {
  const left = daysLeftInCalendar(query.tanggal_mulai);
  if (query.jumlah_hari > left) {
    ctx.addIssue({
      code: 'custom',
      path: ['jumlah_hari'],
      message: `jumlah_hari maksimal ${left} dari tanggal_mulai ${query.tanggal_mulai} (tanggal terakhir ${LAST_CALENDAR_DATE})`,
    });
  }
}

// list-tanggal-jadwal: the date strip for a search
export const ListTanggalJadwalQuerySchema = SearchBaseQuerySchema.omit({ tanggal_berangkat: true })
  .extend({
    tanggal_mulai: DateSchema,
    jumlah_hari: daysParam,
  })
  .superRefine(stripInCalendar);
export const DateSummarySchema = z.object({
  tanggal: DateSchema,
  jumlah_jadwal: z.number().int().nonnegative(),
  harga_min: RupiahSchema.nullable(),
});
export const ListTanggalJadwalResultsSchema = z.object({ list: z.array(DateSummarySchema) });
export type DateSummary = z.infer<typeof DateSummarySchema>;

// list-tanggal-jadwal-available: the days one schedule runs with free seats
export const ListTanggalAvailableQuerySchema = z
  .object({
    operator_kode: z.string().min(1, 'operator_kode wajib diisi'),
    jadwal_kode: z.string().min(1, 'jadwal_kode wajib diisi'),
    tanggal_mulai: DateSchema,
    jumlah_hari: daysParam,
  })
  .superRefine(stripInCalendar);
export const ListTanggalAvailableResultsSchema = z.object({
  list: z.array(z.object({ tanggal: DateSchema, tersedia: z.boolean(), sisa_kursi: z.number().int().nonnegative() })),
});

// list-jadwal: one operator's departures on one route and day (partner schedule)
export const ListJadwalQuerySchema = z.object({
  operator_kode: z.string().min(1, 'operator_kode wajib diisi'),
  jurusan_id: idParam('jurusan_id'),
  tanggal_berangkat: DateSchema,
  show_connecting: flagParam.default(false),
});
export const ListJadwalResultsSchema = z.object({ list: z.array(ScheduleSchema) });

// detail-jadwal
export const DetailJadwalQuerySchema = z.object({
  operator_code: z.string().min(1, 'operator_code wajib diisi'),
  schedule_code: z.string().min(1, 'schedule_code wajib diisi'),
  date: DateSchema,
});
const DetailStopSchema = z.object({
  tanggal: DateSchema,
  jam: TimeSchema,
  title: z.string(),
  alamat: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export const DetailJadwalResultsSchema = z.object({
  operator_kode: z.string(),
  operator_nama: z.string(),
  operator_logo: z.string(),
  layanan: z.string(),
  jam_berangkat: TimeSchema,
  tanggal_berangkat: DateSchema,
  fasilitas: z.array(FacilitySchema),
  harga: z.array(RupiahSchema).min(1).max(2),
  sisa_kursi: z.number().int().nonnegative(),
  rute_perjalanan: z.array(DetailStopSchema),
  list_connecting: z.array(
    z.object({
      operator_nama: z.string(),
      operator_kode: z.string(),
      jadwal_kode: z.string(),
      tanggal_berangkat: DateSchema,
      jam_berangkat: TimeSchema,
      rute_perjalanan: z.array(DetailStopSchema),
    }),
  ),
});
export type DetailJadwal = z.infer<typeof DetailJadwalResultsSchema>;

// operator-snk
export const OperatorSnkQuerySchema = z.object({ operator_kode: z.string().min(1, 'operator_kode wajib diisi') });
export const OperatorSnkResultsSchema = z.object({
  operator_kode: z.string(),
  operator_nama: z.string(),
  snk: z.array(z.string()).min(1),
});

export { FacilitySchema };
export const FACILITY_LABEL: Record<z.infer<typeof FacilitySchema>, string> = {
  'mineral-water': 'Air Mineral',
  ac: 'AC',
  baggage: 'Bagasi',
};
export const ListFilterTimeLabels = TIME_RANGES;
