import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUEST_LOOKUP_REFUSED } from '../../contract';
import { createApp, type App } from '../../server/app';
import { GUEST_LOOKUP_TOO_MANY } from '../../server/routes/orders';
import { addDays } from '../../server/lib/dates';
import { call, defaultHeaders, type CallOptions } from './api-support';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';
import { booker, reserveSeat } from './helpers/orders';

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);

/** web-detail-reservasi: the guest's look-up of an order by its code and the booker's email or phone. */
describeEachDatabase('the guest look-up limits on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;
  /** One order, booked once: each test sees only its own clients' tries on it. */
  let order: { code: string; key: string };

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
    order = await reserveSeat(app, addDays(TEST_TODAY, 40));
  });
  afterAll(async () => {
    await handle.destroy();
  });

  let clients = 0;
  /** A client address of its own. */
  const newClient = (): CallOptions => {
    clients += 1;
    return { headers: { ...defaultHeaders(), 'x-forwarded-for': `198.51.100.${clients}` } };
  };
  const lookUp = (as: CallOptions, contact: string, code = order.code) =>
    call(app, 'webDetailReservasi', { reservasi_kode: code, pemesan_email_telp: contact }, as);
  const statuses = async (as: CallOptions, count: number, code = order.code) => {
    const result: number[] = [];
    for (let i = 0; i < count; i += 1) result.push((await lookUp(as, `salah${i}@contoh.id`, code)).status);
    return result;
  };
  /** A well-formed code no order has. */
  const unknownCode = () => `QZ${String(randomInt(0, 1e8)).padStart(8, '0')}`;

  it("a stranger failing on an order's code does not lock its owner out", async () => {
    clock = START;
    const stranger = newClient();
    // The stranger is limited, on this code and then on every code...
    expect(await statuses(stranger, 12)).toEqual([...Array<number>(5).fill(404), ...Array<number>(7).fill(429)]);
    // ...while the owner, from their own address, opens the order at once with its key.
    const owner = await lookUp(newClient(), booker.pemesan_email);
    expect(owner.status).toBe(200);
    expect(owner.ok && owner.results.kunci_pesanan).toBe(order.key);
  });

  it('many strangers, each from an address of their own, do not lock the owner out either', async () => {
    clock = START;
    for (let i = 0; i < 8; i += 1) {
      expect(await statuses(newClient(), 6)).toEqual([404, 404, 404, 404, 404, 429]);
    }
    expect((await lookUp(newClient(), booker.pemesan_telp)).status).toBe(200);
  });

  it('allows one client 5 tries a minute on one code, with the envelope and message, then again after a minute', async () => {
    clock = START;
    const one = newClient();
    expect(await statuses(one, 5)).toEqual([404, 404, 404, 404, 404]);
    const refused = await lookUp(one, booker.pemesan_email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 'ERROR', code: 'REQ-2', message: GUEST_LOOKUP_TOO_MANY });
    // The same client may still look up another order...
    const other = await lookUp(one, booker.pemesan_email, unknownCode());
    expect(other.body).toEqual({ status: 'ERROR', code: 'NFD-1', message: GUEST_LOOKUP_REFUSED });
    // ...and this one once the minute has passed.
    clock = new Date(START.getTime() + 60_000);
    expect((await lookUp(one, booker.pemesan_email)).status).toBe(200);
  });

  it('counts the code in any letter case as one code', async () => {
    clock = START;
    const one = newClient();
    const variants = [order.code, order.code.toLowerCase(), ` ${order.code} `, order.code.toLowerCase(), order.code];
    for (const code of variants) expect((await lookUp(one, 'salah@contoh.id', code)).status).toBe(404);
    expect((await lookUp(one, booker.pemesan_email, order.code.toLowerCase())).status).toBe(429);
  });

  it('allows one client 10 tries a minute across codes, then 429 on every code, and leaves other clients alone', async () => {
    clock = START;
    const guesser = newClient();
    const tries: number[] = [];
    for (let i = 0; i < 11; i += 1) tries.push((await lookUp(guesser, 'a@b.id', unknownCode())).status);
    expect(tries).toEqual([...Array<number>(10).fill(404), 429]);
    expect((await lookUp(guesser, booker.pemesan_email)).status).toBe(429);
    expect((await lookUp(newClient(), booker.pemesan_email)).status).toBe(200);
  });
});
