/**
 * Schedules as travellers find them: search with its filters and cache, date strips, partner
 * lists, detail and terms. One file per job; routes and tests import from here.
 */
export { MESSAGE, resolveCode } from './codes';
export { listTanggal, listTanggalAvailable } from './date-strips';
export { detailJadwal, listOperators, operatorSnk } from './detail';
export { listJadwal } from './partner';
export { listFilter, searchJadwal } from './search';
