/**
 * The requests the API benchmarks send, built from plain data (a CallSpec) so that the load
 * generator, a process of its own, can make them: the departures and days the seat, price and
 * reservation calls use travel to it as JSON, the functions are built there.
 */
import http from 'node:http';
import { API_BASE, PREFIX, type KursiResults } from '../../contract';
import { searchPaths, send, type Call } from './load';

export const CALL_NAMES = [
  'health',
  'search-jadwal',
  'search-jadwal (cold)',
  'kursi',
  'cek-harga',
  'reservasi',
] as const;
export type CallName = (typeof CALL_NAMES)[number];

export interface Departure {
  operator: string;
  code: string;
  /** Sellable seats (read once through kursi). */
  seats: string[];
}

/** Seeded departures with a seat map the seat, price and reservation calls share: few enough that seats run out and RSV-2 answers appear. */
export const BENCH_DEPARTURES = ['XTR-BDG-JKT-0800', 'LJT-JKT-BDG-2100', 'SBR-SMG-SBY-1530', 'CPT-BDG-CRB-0600'];

/** The sellable seats of each bench departure on a day, read once through kursi. */
export async function sellableSeats(port: number, date: string): Promise<Departure[]> {
  const agent = new http.Agent({ keepAlive: true });
  const found: Departure[] = [];
  for (const code of BENCH_DEPARTURES) {
    const operator = code.slice(0, 3);
    const query = new URLSearchParams({ operator_kode: operator, jadwal_kode: code, tanggal_berangkat: date });
    const res = await send(agent, port, { method: 'GET', path: `${API_BASE}/${PREFIX}/kursi?${query.toString()}` });
    if (res.status !== 200) throw new Error(`kursi probe failed: HTTP ${res.status} ${res.body.slice(0, 300)}`);
    const body = JSON.parse(res.body) as { results: KursiResults };
    const seats = body.results.layout_kursi
      .flatMap((floor) => Object.values(floor.kursi))
      .filter((seat) => seat.flag_booking === 0 && (seat.tipe === 'P' || seat.tipe === 'PS'))
      .map((seat) => seat.no);
    if (seats.length === 0) throw new Error(`kursi probe: ${code} has no free seat on ${date}`);
    found.push({ operator, code, seats });
  }
  agent.destroy();
  return found;
}

export interface CallSpec {
  today: string;
  /** Departures the seat, price and reservation calls spread over (none: only health and search). */
  departures: Departure[];
  /** Travel days of those calls. */
  dates: string[];
}

function pick<T>(list: readonly T[]): T {
  const item = list[Math.floor(Math.random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/**
 * Counters that make requests unique (a never-repeated search, a new traveller per reservation):
 * module state, so they keep counting across the runs of one generator process.
 */
let coldSerial = 0;
let booker = 0;

export function callsOf(spec: CallSpec): Record<CallName, (n: number) => Call> {
  const search = searchPaths(spec.today);
  // Never the same query twice (an unused price ceiling), so every request reads the page from
  // the database instead of the search page cache: the cost of a first search.
  const coldBase = search.filter((path) => !path.includes('harga_max'));
  const seatsOf = (dep: Departure) => {
    const wanted = new Set<string>();
    const count = Math.min(dep.seats.length, 1 + Math.floor(Math.random() * 2));
    while (wanted.size < count) wanted.add(pick(dep.seats));
    return [...wanted];
  };
  const api = (name: string) => `${API_BASE}/${PREFIX}/${name}`;
  return {
    health: () => ({ method: 'GET', path: `${API_BASE}/health` }),
    'search-jadwal': (n) => ({ method: 'GET', path: search[n % search.length] as string }),
    'search-jadwal (cold)': (n) => {
      coldSerial += 1;
      return {
        method: 'GET',
        path: `${coldBase[n % coldBase.length] as string}&harga_max=${100_000_000 + coldSerial}`,
      };
    },
    kursi: () => {
      const dep = pick(spec.departures);
      const query = new URLSearchParams({
        operator_kode: dep.operator,
        jadwal_kode: dep.code,
        tanggal_berangkat: pick(spec.dates),
      });
      return { method: 'GET', path: `${api('kursi')}?${query.toString()}` };
    },
    'cek-harga': () => {
      const dep = pick(spec.departures);
      return {
        method: 'POST',
        path: api('cek-harga'),
        body: JSON.stringify({
          operator_kode_pergi: dep.operator,
          jadwal_kode_pergi: dep.code,
          tanggal_berangkat_pergi: pick(spec.dates),
          kursi_pergi: seatsOf(dep),
        }),
      };
    },
    // Travellers race for seats: a share of the requests meet a taken seat and answer RSV-2.
    reservasi: () => {
      const dep = pick(spec.departures);
      booker += 1;
      return {
        method: 'POST',
        path: api('reservasi'),
        body: JSON.stringify({
          operator_kode_pergi: dep.operator,
          jadwal_kode_pergi: dep.code,
          tanggal_berangkat_pergi: pick(spec.dates),
          kursi_pergi: seatsOf(dep).map((no) => ({ no, penumpang_nama: 'Budi Santoso' })),
          // Each reservation a traveller of their own, as in real traffic: one contact would meet its cap.
          pemesan_nama: 'Rina Kartika',
          pemesan_telp: `0812${String(booker).padStart(8, '0')}`,
          pemesan_email: `rina${booker}@contoh.id`,
          total_bayar: 0,
        }),
      };
    },
  };
}
