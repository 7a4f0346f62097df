import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import { sweepLeadership } from '../../server/services/sweeps';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';
import { describeNeeding } from '../helpers/needs';

/**
 * server/services/sweeps.ts: which process runs the periodic sweeps. Each PostgreSQL "process" here
 * is its own connection pool on one database, as two API processes would have.
 */
const logger = createLogger('silent');

describe('sweep leadership on the embedded database', () => {
  it('the one process always leads', async () => {
    const database = await createTestDatabase('pglite', { seed: false });
    try {
      const leadership = sweepLeadership(database.db, logger);
      expect(await leadership.claim()).toBe(true);
      expect(await leadership.claim()).toBe(true);
      await leadership.release();
    } finally {
      await database.destroy();
    }
  });
});

describeNeeding('postgres', 'sweep leadership on PostgreSQL', () => {
  let database: TestDatabase;
  const others: DbHandle[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres', { seed: false });
  });
  afterAll(async () => {
    for (const handle of others) await handle.close();
    await database?.destroy();
  });

  it('on PostgreSQL one pool leads, and another takes over once it lets go', async () => {
    const second = await openDatabase({ url: database.url!, max: 2 });
    const third = await openDatabase({ url: database.url!, max: 2 });
    others.push(second, third);
    const a = sweepLeadership(database.db, logger);
    const b = sweepLeadership(second.db, logger);
    const c = sweepLeadership(third.db, logger);
    expect(await a.claim()).toBe(true);
    expect(await b.claim()).toBe(false);
    expect(await c.claim()).toBe(false);
    // The leader keeps leading on every round.
    expect(await a.claim()).toBe(true);
    expect(await b.claim()).toBe(false);

    await a.release();
    expect(await b.claim()).toBe(true);
    expect(await c.claim()).toBe(false);
    expect(await a.claim()).toBe(false);

    // A leader whose pool closes (its process died) frees the lead for the next claim.
    await second.close();
    others.splice(others.indexOf(second), 1);
    // The server ends the closed session a moment later; the next rounds find the lead free.
    let claimed = false;
    for (let round = 0; round < 50 && !claimed; round += 1) {
      claimed = await c.claim();
      if (!claimed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(claimed).toBe(true);
    await c.release();
  });
});
