import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  API_BASE,
  SUPPORT_CODE_PATTERN,
  SUPPORT_MESSAGE,
  TRACE_MAX_BYTES,
  TRACE_SENDS_PER_HOUR,
  endpoints,
} from '../../contract';
import { createApp, type App } from '../../server/app';
import { supportTraces } from '../../server/db/schema';
import { DEMO_TOKEN, SUPPORT_TOKEN } from '../../server/db/seed-data/accounts';
import { sweepExpiredTraces } from '../../server/services/support-traces';
import { defaultHeaders, fails, ok, type CallOptions } from './api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase, describeEachDatabase } from './helpers/test-db';
import { sampleTrace } from './helpers/traces';

const NOW = new Date(`${TEST_TODAY}T09:00:00+07:00`);
const DAY = 86_400_000;

/** A guest from an address of its own: the send limit of one test never reaches another. */
const fromClient = (address = `10.9.${randomInt(0, 256)}.${randomInt(1, 255)}`): CallOptions => ({
  headers: { ...defaultHeaders(), 'x-forwarded-for': address },
});
const support: CallOptions = { bearer: SUPPORT_TOKEN };

describeEachDatabase('support traces on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = NOW;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const rowCount = async () => (await handle.db.select({ code: supportTraces.code }).from(supportTraces)).length;

  it('a guest sends a trace and gets a short code; support reads back exactly what was sent', async () => {
    const trace = sampleTrace(undefined, NOW);
    const sent = await ok(app, 'supportTrace', { trace }, fromClient());
    expect(sent.kode).toMatch(SUPPORT_CODE_PATTERN);
    expect(new Date(sent.berakhir_pada).getTime() - NOW.getTime()).toBe(30 * DAY);
    const read = await ok(app, 'supportTraceRead', { kode: sent.kode.toLowerCase() }, support);
    expect(read.kode).toBe(sent.kode);
    expect(read.trace).toEqual(trace);
    expect(read.ukuran).toBe(new TextEncoder().encode(JSON.stringify(trace)).length);
    expect(await ok(app, 'supportAccess', {}, support)).toEqual({ peran: 'support', nama: 'Tim CS Berangkat' });
  });

  it('only a support account reads: a customer gets 403 AUT-4, a guest 401', async () => {
    const sent = await ok(app, 'supportTrace', { trace: sampleTrace(undefined, NOW) }, fromClient());
    const customer = await fails(app, 'supportTraceRead', { kode: sent.kode }, { bearer: DEMO_TOKEN });
    expect(customer).toMatchObject({ httpStatus: 403, code: 'AUT-4', message: SUPPORT_MESSAGE.notSupport });
    expect(await fails(app, 'supportAccess', {}, { bearer: DEMO_TOKEN })).toMatchObject({ code: 'AUT-4' });
    const guest = await fails(app, 'supportTraceRead', { kode: sent.kode }, fromClient());
    expect(guest).toMatchObject({ httpStatus: 401, code: 'AUT-1' });
  });

  it('a malformed code is 400 with its message, an unknown one 404', async () => {
    expect(await fails(app, 'supportTraceRead', { kode: 'CS-12' }, support)).toMatchObject({
      httpStatus: 400,
      code: 'REQ-1',
    });
    expect((await fails(app, 'supportTraceRead', { kode: 'CS-12' }, support)).message).toContain(
      SUPPORT_MESSAGE.badCode,
    );
    expect(await fails(app, 'supportTraceRead', { kode: 'CS-ZZZZZZ' }, support)).toMatchObject({
      httpStatus: 404,
      code: 'NFD-1',
      message: SUPPORT_MESSAGE.notFound,
    });
  });

  it('after 30 days a trace reads as gone, and the sweep deletes it', async () => {
    const sent = await ok(app, 'supportTrace', { trace: sampleTrace(undefined, NOW) }, fromClient());
    clock = new Date(NOW.getTime() + 30 * DAY + 1000);
    try {
      expect(await fails(app, 'supportTraceRead', { kode: sent.kode }, support)).toMatchObject({ httpStatus: 404 });
      expect(await sweepExpiredTraces(handle.db, clock)).toBeGreaterThanOrEqual(1);
      const left = await handle.db.select().from(supportTraces).where(eq(supportTraces.code, sent.kode));
      expect(left).toEqual([]);
    } finally {
      clock = NOW;
    }
  });

  it('a body over 512 KiB in bytes is refused with 413 before anything is stored', async () => {
    // Three-byte characters: fewer characters than the limit, more bytes.
    const note = '中'.repeat(Math.ceil(TRACE_MAX_BYTES / 2.5));
    const body = JSON.stringify({ trace: sampleTrace(note, NOW) });
    expect(body.length).toBeLessThan(TRACE_MAX_BYTES);
    expect(new TextEncoder().encode(body).length).toBeGreaterThan(TRACE_MAX_BYTES);
    const before = await rowCount();
    const response = await app.request(`${API_BASE}${endpoints.supportTrace.path}`, {
      method: 'POST',
      headers: { ...fromClient().headers, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 'ERROR', code: 'REQ-1' });
    expect(await rowCount()).toBe(before);
  });

  it('a trace that is not a trace is 400, and nothing is stored', async () => {
    const before = await rowCount();
    const bad = { ...sampleTrace(undefined, NOW), format: 'other' };
    expect(await fails(app, 'supportTrace', { trace: bad }, fromClient())).toMatchObject({ httpStatus: 400 });
    expect(
      await fails(app, 'supportTrace', { trace: { ...sampleTrace(undefined, NOW), lanes: [] } }, fromClient()),
    ).toMatchObject({
      httpStatus: 400,
    });
    expect(await rowCount()).toBe(before);
  });

  it(`one client sends at most ${TRACE_SENDS_PER_HOUR} traces an hour; the next is 429 and not stored`, async () => {
    const client = fromClient();
    for (let i = 0; i < TRACE_SENDS_PER_HOUR; i += 1)
      await ok(app, 'supportTrace', { trace: sampleTrace(undefined, NOW) }, client);
    const before = await rowCount();
    expect(await fails(app, 'supportTrace', { trace: sampleTrace(undefined, NOW) }, client)).toMatchObject({
      httpStatus: 429,
      code: 'REQ-2',
    });
    expect(await rowCount()).toBe(before);
    // Another client is not held back.
    await ok(app, 'supportTrace', { trace: sampleTrace(undefined, NOW) }, fromClient());
  });
});
