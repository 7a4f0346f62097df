import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { readEnv } from '../env';
import { assertIsoDate } from './seed-data/random';
import { jakartaToday, prepareDatabase } from './setup';

/**
 * `npm run db:reset`: throws the database away and builds it again (migrations, then seed).
 * PGlite: deletes the data folder (DATA_DIR, default .data/). PostgreSQL (DATABASE_URL): drops the
 * public and drizzle schemas. SEED_TODAY=YYYY-MM-DD seeds another day than today in WIB. Demo
 * mode only.
 */
async function main(): Promise<void> {
  // It wipes everything and seeds the demo accounts and tokens: never on a production database.
  if (!readEnv().demo) {
    console.error(
      'db:reset hanya untuk mode demo: perintah ini menghapus seluruh database lalu mengisinya dengan data demo (termasuk token demo)',
    );
    process.exit(1);
  }
  const url = process.env.DATABASE_URL || undefined;
  const today = process.env.SEED_TODAY || jakartaToday();
  assertIsoDate(today);

  let dataDir: string | undefined;
  if (url) {
    const client = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await client.unsafe(
        'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
      );
    } finally {
      await client.end({ timeout: 5 });
    }
    console.log(`Dropped schemas public and drizzle on ${redact(url)}`);
  } else {
    dataDir = path.resolve(process.env.DATA_DIR || '.data');
    // A typo in DATA_DIR must not wipe the project or the file system.
    if (dataDir === path.parse(dataDir).root || dataDir === process.cwd()) {
      throw new Error(`Refusing to delete ${dataDir}: set DATA_DIR to a dedicated folder`);
    }
    if (existsSync(dataDir)) {
      rmSync(dataDir, { recursive: true, force: true });
      console.log(`Deleted PGlite data folder ${dataDir}`);
    } else {
      console.log(`No PGlite data folder at ${dataDir}, creating it`);
    }
  }

  const handle = await prepareDatabase({ url, dataDir, today, log: (msg) => console.log(msg) });
  await handle.close();
  console.log(`Database reset done (schedules valid from ${today})`);
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
