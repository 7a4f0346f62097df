import postgres from 'postgres';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, inject, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../server/db/client';
import { seedDatabase } from '../../../server/db/seed';
import { NEEDS, skipMark } from '../../helpers/needs';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every server test file runs against: PGlite always, PostgreSQL when configured. */
export const TEST_DATABASES: readonly DatabaseKind[] = NEEDS.postgres.available ? ['pglite', 'postgres'] : ['pglite'];

const ALL_DATABASES: readonly DatabaseKind[] = ['pglite', 'postgres'];

/**
 * `describe.each` over both engines (`%s` in the title is the engine). Without PostgreSQL its suite
 * is still registered, as skipped with the reason, so the run's summary counts it.
 */
export function describeEachDatabase(title: string, fn: (kind: DatabaseKind) => void): void {
  for (const kind of ALL_DATABASES) {
    const name = title.replaceAll('%s', kind);
    const missing = !TEST_DATABASES.includes(kind);
    describe.skipIf(missing)(missing ? `${name} ${skipMark(NEEDS.postgres.reason)}` : name, () => fn(kind));
  }
}

/** `it.each` over both engines, the PostgreSQL one skipped with its reason when there is none. */
export function itEachDatabase(
  title: string,
  fn: (kind: DatabaseKind) => Promise<void> | void,
  timeout?: number,
): void {
  for (const kind of ALL_DATABASES) {
    const name = title.replaceAll('%s', kind);
    const missing = !TEST_DATABASES.includes(kind);
    it.skipIf(missing)(missing ? `${name} ${skipMark(NEEDS.postgres.reason)}` : name, () => fn(kind), timeout);
  }
}

/** Today's date as the seed sees it in tests: fixed, so figures do not move with the clock. */
export const TEST_TODAY = '2026-11-23';

/**
 * The API's clock beside TEST_TODAY: it runs, but from 07.00 WIB on TEST_TODAY when the run started.
 * With the real clock, a departure a few days after TEST_TODAY has "already left" once the calendar
 * passes it, and a test that passed last week fails today.
 */
const TEST_CLOCK_OFFSET = Date.parse(`${TEST_TODAY}T00:00:00Z`) - Date.now();
export const testNow = (): Date => new Date(Date.now() + TEST_CLOCK_OFFSET);

export interface TestDatabase extends DbHandle {
  /** The PostgreSQL database's URL, for a server process to open; null for PGlite. */
  url: string | null;
  /** Drops the database (PostgreSQL) or closes it (PGlite). */
  destroy(): Promise<void>;
}

/** The run's seeded templates (global-setup.ts); absent when a runner provides none (mutation runs). */
function templates(): { pglite: string | null; postgres: string | null } {
  try {
    return { pglite: inject('pgliteTemplate') ?? null, postgres: inject('postgresTemplate') ?? null };
  } catch {
    return { pglite: null, postgres: null };
  }
}

let pgliteTemplateBlob: Blob | null = null;
function pgliteTemplate(path: string): Blob {
  pgliteTemplateBlob ??= new Blob([readFileSync(path)]);
  return pgliteTemplateBlob;
}

/**
 * A fresh, migrated (and by default seeded) database of the given kind. The standard seed (today =
 * TEST_TODAY) is copied from the run's template, which is the same rows as seeding again.
 */
export async function createTestDatabase(
  kind: 'pglite' | 'postgres',
  options: { seed?: boolean; today?: string; max?: number } = {},
): Promise<TestDatabase> {
  const fromTemplate = options.seed !== false && (options.today ?? TEST_TODAY) === TEST_TODAY;
  const template = fromTemplate ? templates() : { pglite: null, postgres: null };
  let handle: DbHandle;
  let url: string | null = null;
  let drop = async () => {};
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `berangkat_t_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(
      template.postgres ? `CREATE DATABASE ${name} TEMPLATE ${template.postgres}` : `CREATE DATABASE ${name}`,
    );
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    handle = await openDatabase({ url, max: options.max ?? 10 });
    drop = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    };
  } else {
    handle = await openDatabase(template.pglite ? { loadDataDir: pgliteTemplate(template.pglite) } : {});
  }
  const copied = kind === 'postgres' ? template.postgres !== null : template.pglite !== null;
  await handle.migrate();
  if (options.seed !== false && !copied) await seedDatabase(handle.db, { today: options.today ?? TEST_TODAY });
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      await drop();
    },
  };
}
