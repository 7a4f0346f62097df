import { get, noInput } from '../endpoint';
import { PREFIX } from '../platform';
import * as schedules from '../schedules';
import * as operator from '../operator';

export const schedulesEndpoints = {
  listOperator: get(`/${PREFIX}/list-operator`, noInput(), schedules.OperatorListSchema),
  /** The operator landing page (landing-page-mitra): its routes and their next departures. */
  detailOperator: get(
    `/${PREFIX}/detail-operator`,
    operator.DetailOperatorQuerySchema,
    operator.DetailOperatorResultsSchema,
  ),
  searchJadwal: get(`/${PREFIX}/search-jadwal`, schedules.SearchJadwalQuerySchema, schedules.SearchJadwalResultsSchema),
  listTanggalJadwal: get(
    '/list-tanggal-jadwal',
    schedules.ListTanggalJadwalQuerySchema,
    schedules.ListTanggalJadwalResultsSchema,
  ),
  listFilterSearchJadwal: get(
    '/list-filter-search-jadwal',
    schedules.ListFilterQuerySchema,
    schedules.ListFilterResultsSchema,
  ),
  listJadwal: get('/list-jadwal', schedules.ListJadwalQuerySchema, schedules.ListJadwalResultsSchema),
  listTanggalJadwalAvailable: get(
    '/list-tanggal-jadwal-available',
    schedules.ListTanggalAvailableQuerySchema,
    schedules.ListTanggalAvailableResultsSchema,
  ),
  detailJadwal: get('/detail-jadwal', schedules.DetailJadwalQuerySchema, schedules.DetailJadwalResultsSchema),
  operatorSnk: get('/operator-snk', schedules.OperatorSnkQuerySchema, schedules.OperatorSnkResultsSchema),
} as const;
