import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client';
import { seedDatabase } from '../../../server/db/seed';
import { TEST_TODAY } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated database seeded for TEST_TODAY, PGlite's copy source. */
    pgliteTemplate: string | null;
    /** A migrated PostgreSQL database seeded for TEST_TODAY, the template of each test's database. */
    postgresTemplate: string | null;
  }
}

/**
 * Seeding is the slowest part of a server test file's set-up (seconds on PGlite): it is done once
 * per run here, and every file that wants the standard seed starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const pglite = await openDatabase({});
  await pglite.migrate();
  await seedDatabase(pglite.db, { today: TEST_TODAY });
  const tarball = join(tmpdir(), `berangkat-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  const dump = await pglite.dumpDataDir?.();
  if (!dump) throw new Error('PGlite could not dump its data folder');
  writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', tarball);

  let drop = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `berangkat_tmpl_${randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    // Every connection to the template must be closed before another database is copied from it.
    const handle = await openDatabase({ url: target.toString(), max: 1 });
    await handle.migrate();
    await seedDatabase(handle.db, { today: TEST_TODAY });
    await handle.close();
    project.provide('postgresTemplate', name);
    drop = async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    };
  } else project.provide('postgresTemplate', null);
  console.log(`seeded test templates in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  return async () => {
    rmSync(tarball, { force: true });
    await drop();
  };
}
