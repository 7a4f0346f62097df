import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUPPORT_MESSAGE } from '../../contract';
import { createApp, type App } from '../../server/app';
import { DEMO_TOKEN } from '../../server/db/seed-data/accounts';
import { createLogger } from '../../server/logger';
import { TRACE_READS_TOO_MANY } from '../../server/routes/support';
import { addSupportAccount } from '../../server/services/support-accounts';
import { call, defaultHeaders, ok, type CallOptions } from './api-support';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';
import { sampleTrace } from './helpers/traces';

const NOW = new Date(`${TEST_TODAY}T09:00:00+07:00`);

const newAddress = () => `10.7.${randomInt(0, 256)}.${randomInt(1, 255)}`;
const fromAddress = (address = newAddress(), bearer?: string): CallOptions => ({
  headers: {
    ...defaultHeaders(bearer ? { bearer } : {}),
    'x-forwarded-for': address,
  },
});

/** A well-formed trace code; this file stores one trace among 32^6 codes, so it is never one stored. */
const CODE_CHARS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const someCode = () => `CS-${Array.from({ length: 6 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('')}`;

describeEachDatabase('reading support traces on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = NOW;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock, logger });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  /** A support account of its own, so one test's reads never reach another's limit. */
  const newSupport = async () => {
    const account = await addSupportAccount(handle.db, `CS Uji ${randomBytes(4).toString('hex')}`, NOW);
    return { id: account.customerId, token: account.token };
  };
  const read = (kode: string, as: CallOptions) => call(app, 'supportTraceRead', { kode }, as);
  const readLines = () => lines.filter((line) => String(line.msg).startsWith('support trace read'));

  it('one support account reads 20 codes a minute, wrong ones included, then 429 REQ-2 from any address', async () => {
    clock = NOW;
    const agent = await newSupport();
    const statuses: number[] = [];
    // 25 wrong codes in a row, each from another address: the account's own limit holds.
    for (let i = 0; i < 25; i += 1)
      statuses.push((await read(someCode(), fromAddress(newAddress(), agent.token))).status);
    expect(statuses).toEqual([...Array<number>(20).fill(404), ...Array<number>(5).fill(429)]);
    const refused = await read(someCode(), fromAddress(newAddress(), agent.token));
    expect(refused.body).toEqual({ status: 'ERROR', code: 'REQ-2', message: TRACE_READS_TOO_MANY });

    // Another support account is not held back; this one reads again once the minute has passed.
    const colleague = await newSupport();
    expect((await read(someCode(), fromAddress(newAddress(), colleague.token))).status).toBe(404);
    clock = new Date(NOW.getTime() + 60_000);
    expect((await read(someCode(), fromAddress(newAddress(), agent.token))).status).toBe(404);
    clock = NOW;
  });

  it('one address reads 30 codes a minute across support accounts, and probing without the role counts', async () => {
    clock = NOW;
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const agent = await newSupport();
      for (let j = 0; j < 10; j += 1) statuses.push((await read(someCode(), fromAddress(address, agent.token))).status);
    }
    expect(statuses).toEqual(Array<number>(30).fill(404));
    const fresh = await newSupport();
    expect((await read(someCode(), fromAddress(address, fresh.token))).status).toBe(429);
    // A customer without the role from a spent address meets the limit too, not the 403.
    expect((await read(someCode(), fromAddress(address, DEMO_TOKEN))).status).toBe(429);
    // From its own address the fresh account reads.
    expect((await read(someCode(), fromAddress(newAddress(), fresh.token))).status).toBe(404);

    const prober = newAddress();
    const probes: number[] = [];
    for (let i = 0; i < 31; i += 1) probes.push((await read(someCode(), fromAddress(prober, DEMO_TOKEN))).status);
    expect(probes).toEqual([...Array<number>(30).fill(403), 429]);
  });

  it('logs every read at info: the account, the code and whether it was found, never the token', async () => {
    clock = NOW;
    const agent = await newSupport();
    const sent = await ok(app, 'supportTrace', { trace: sampleTrace(undefined, NOW) }, fromAddress());
    const missing = someCode();
    lines.length = 0;
    expect((await read(sent.kode, fromAddress(newAddress(), agent.token))).status).toBe(200);
    const gone = await read(missing, fromAddress(newAddress(), agent.token));
    expect(gone.body).toEqual({ status: 'ERROR', code: 'NFD-1', message: SUPPORT_MESSAGE.notFound });

    expect(readLines()).toEqual([
      expect.objectContaining({ level: 30, supportAccountId: agent.id, kode: sent.kode, found: true }),
      expect.objectContaining({ level: 30, supportAccountId: agent.id, kode: missing, found: false }),
    ]);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain(agent.token);
  });

  it('logs a refused read as a warning with the account, and a read without the role not as a read', async () => {
    clock = NOW;
    const agent = await newSupport();
    const address = newAddress();
    for (let i = 0; i < 20; i += 1) await read(someCode(), fromAddress(address, agent.token));
    lines.length = 0;
    const code = someCode();
    expect((await read(code, fromAddress(address, agent.token))).status).toBe(429);
    expect(readLines()).toEqual([
      expect.objectContaining({ level: 40, supportAccountId: agent.id, kode: code, limit: 'account' }),
    ]);

    lines.length = 0;
    expect((await read(code, fromAddress(newAddress(), DEMO_TOKEN))).status).toBe(403);
    expect(readLines()).toEqual([]);
  });
});
