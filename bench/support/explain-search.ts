/**
 * Prints EXPLAIN ANALYZE of the statements one never-repeated search-jadwal runs, on a seeded
 * PGlite folder (argv[2]) or on DATABASE_URL: to read the plan of the cold search path.
 * npx tsx bench/support/explain-search.ts /tmp/data-folder [YYYY-MM-DD seed day]
 */
import { SearchJadwalQuerySchema } from '../../contract';
import { openDatabase } from '../../server/db/client';
import { SEED_FIXTURES } from '../../server/db/seed';
import { searchJadwal } from '../../server/services/schedules';
import { addDays, jakartaToday } from '../../server/lib/dates';

const today = process.argv[3] ?? jakartaToday();
const handle = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, max: 1 } : { dataDir: process.argv[2] },
);
const captured: { text: string; params: unknown[] }[] = [];
// Drizzle hands both drivers' sessions the same text and params: read them off the logger hook.
const session = (handle.db as unknown as { session: { logger: { logQuery(q: string, p: unknown[]): void } } }).session;
session.logger = { logQuery: (text, params) => void captured.push({ text, params }) };
const { bandung, jakarta } = SEED_FIXTURES.cityIds;
const q = SearchJadwalQuerySchema.parse({
  asal_id: bandung,
  asal_tipe: 'kota',
  tujuan_id: jakarta,
  tujuan_tipe: 'kota',
  tanggal_berangkat: addDays(today, 2),
  group_by: 'operator-jurusan',
  page: 1,
  harga_max: 123456789,
  ...(process.env.CONNECTING ? { show_connecting: 1 } : {}),
});
if (process.env.PLAN_MODE) await handle.db.$client.query(`SET plan_cache_mode = ${process.env.PLAN_MODE}`);
if (process.env.NO_EXPLAIN) session.logger = { logQuery: () => {} };
// Warm the catalog caches first; then time never-repeated searches (a new price ceiling each).
for (let i = 0; i < 20; i += 1) await searchJadwal(handle.db, today, { ...q, harga_max: 200_000_000 + i });
const times: number[] = [];
for (let i = 0; i < Number(process.env.REPEAT ?? 50); i += 1) {
  const t0 = performance.now();
  await searchJadwal(handle.db, today, { ...q, harga_max: 300_000_000 + i });
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
console.log(
  `cold search alone: median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(2)} ms, p10 ${(times[Math.floor(times.length / 10)] ?? 0).toFixed(2)} ms`,
);
if (process.env.NO_EXPLAIN) process.exit(0);
captured.length = 0;
await searchJadwal(handle.db, today, q);
console.log(`${captured.length} statements`);
for (const { text, params } of captured) {
  const plan = await handle.db.$client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
  console.log('\n', text.slice(0, 200).replace(/\s+/g, ' '), '...');
  for (const row of (plan as { rows: Record<string, string>[] }).rows ?? plan) console.log(Object.values(row)[0]);
}
await handle.close();
