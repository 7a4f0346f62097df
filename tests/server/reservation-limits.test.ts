import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESERVATION_HEADER } from '../../contract';
import { createApp, type App } from '../../server/app';
import { vouchers } from '../../server/db/schema';
import { addDays } from '../../server/lib/dates';
import { call, defaultHeaders, ok, type Reply } from './api-support';
import { XTR, withKey } from './helpers/orders';
import { TEST_TODAY, createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Issue 21: one anonymous client with a made-up booker took every seat of a departure in four
 * requests. reservasi is limited per client and per booker contact, and one contact holds at most
 * 3 live unpaid orders. The figures are the product's (RESERVATION_LIMITS), written out here.
 */

const START = new Date(`${TEST_TODAY}T08:00:00+07:00`);
/** A voucher that pays the whole order: it is paid at once and never counts as unpaid. */
const FREE = 'GRATISLIMIT';

type Booker = { phone: string; email: string };

const TOO_MANY_FROM_CLIENT = 'Terlalu banyak permintaan reservasi. Coba lagi dalam 1 menit.';
const TOO_MANY_FOR_CONTACT =
  'Terlalu banyak permintaan reservasi untuk nomor HP atau email ini. Coba lagi dalam 10 menit.';
const UNPAID_CAP =
  'Masih ada 3 pesanan yang belum dibayar untuk nomor HP atau email ini. Selesaikan pembayaran atau batalkan dulu sebelum memesan lagi.';

describeEachDatabase('reservasi limits on %s', (kind) => {
  let handle: TestDatabase;
  let app: App;
  let clock = START;
  // Every request its own departure date (seat 1 of XTR), so seats never decide these tests.
  let day = 40;
  // Fresh addresses and contacts per test, so no test spends another's limits.
  let serial = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind, { max: 20 });
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
    await handle.db.insert(vouchers).values({
      code: FREE,
      name: 'Gratis',
      discountType: 'persen',
      discountValue: 100,
      validFrom: addDays(TEST_TODAY, -1),
      validUntil: addDays(TEST_TODAY, 365),
    });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const newClient = () => `203.0.113.${(serial += 1)}`;
  const newBooker = (): Booker => {
    serial += 1;
    return { phone: `08137${String(serial).padStart(7, '0')}`, email: `tamu${serial}@contoh.id` };
  };

  function reserve(
    client: string,
    booker: Booker,
    options: { voucher?: string; key?: string; date?: string } = {},
  ): Promise<Reply<'reservasi'>> {
    day += 1;
    // A retry under one key repeats its body: the caller passes the same date then.
    const date = options.date ?? addDays(TEST_TODAY, day);
    const headers: Record<string, string> = { ...defaultHeaders(), 'x-forwarded-for': client };
    if (options.key) headers[RESERVATION_HEADER.idempotencyKey] = options.key;
    return call(
      app,
      'reservasi',
      {
        operator_kode_pergi: XTR.operator,
        jadwal_kode_pergi: XTR.code,
        tanggal_berangkat_pergi: date,
        kursi_pergi: [{ no: '1', penumpang_nama: 'Budi Santoso' }],
        pemesan_nama: 'Rina Kartika',
        pemesan_telp: booker.phone,
        pemesan_email: booker.email,
        voucher_kode: options.voucher ?? null,
        total_bayar: options.voucher ? 0 : XTR.price,
      },
      { headers },
    );
  }

  const outcome = (reply: Reply<'reservasi'>) => (reply.ok ? 'OK' : `${reply.status} ${reply.error.code}`);

  it('20 reservations from one client within a minute: 10 go through, the rest are 429 REQ-2', async () => {
    clock = START;
    const client = newClient();
    const replies: Reply<'reservasi'>[] = [];
    for (let i = 0; i < 20; i += 1) {
      clock = new Date(START.getTime() + i * 2_000);
      replies.push(await reserve(client, newBooker()));
    }
    expect(replies.map(outcome)).toEqual([...Array<string>(10).fill('OK'), ...Array<string>(10).fill('429 REQ-2')]);
    for (const reply of replies.slice(10)) {
      expect(!reply.ok && reply.error).toEqual({ status: 'ERROR', code: 'REQ-2', message: TOO_MANY_FROM_CLIENT });
    }
    // Another client is not limited; this one gets a call back a minute later.
    expect(outcome(await reserve(newClient(), newBooker()))).toBe('OK');
    clock = new Date(clock.getTime() + 60_000);
    expect(outcome(await reserve(client, newBooker()))).toBe('OK');
    expect(outcome(await reserve(client, newBooker()))).toBe('429 REQ-2');
  });

  it('one phone or one email reserves 10 times, then 429 REQ-2 from any client, +62 and case alike', async () => {
    clock = START;
    const phone = newBooker().phone;
    const byPhone = [];
    for (let i = 0; i < 10; i += 1) {
      byPhone.push(outcome(await reserve(newClient(), { phone, email: newBooker().email }, { voucher: FREE })));
    }
    expect(byPhone).toEqual(Array<string>(10).fill('OK'));
    const international = `62${phone.slice(1)}`;
    const refused = await reserve(newClient(), { phone: international, email: newBooker().email }, { voucher: FREE });
    expect(!refused.ok && [refused.status, refused.error]).toEqual([
      429,
      { status: 'ERROR', code: 'REQ-2', message: TOO_MANY_FOR_CONTACT },
    ]);

    const email = newBooker().email;
    const byEmail = [];
    for (let i = 0; i < 10; i += 1) {
      byEmail.push(outcome(await reserve(newClient(), { phone: newBooker().phone, email }, { voucher: FREE })));
    }
    expect(byEmail).toEqual(Array<string>(10).fill('OK'));
    const shouted = await reserve(
      newClient(),
      { phone: newBooker().phone, email: email.toUpperCase() },
      { voucher: FREE },
    );
    expect(outcome(shouted)).toBe('429 REQ-2');
    // Ten an hour come back: one after six minutes.
    clock = new Date(START.getTime() + 7 * 60_000);
    expect(outcome(await reserve(newClient(), { phone: newBooker().phone, email }, { voucher: FREE }))).toBe('OK');
  });

  it('a contact holds 3 live unpaid orders: the 4th is 409 RSV-5 until one is cancelled or expires', async () => {
    clock = START;
    const booker = newBooker();
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const reply = await reserve(newClient(), booker);
      if (!reply.ok) throw new Error(`expected OK, got ${outcome(reply)}`);
      made.push(reply.results);
    }
    const fourth = await reserve(newClient(), booker);
    expect(!fourth.ok && [fourth.status, fourth.error]).toEqual([
      409,
      { status: 'ERROR', code: 'RSV-5', message: UNPAID_CAP },
    ]);
    // The same traveller under the other contact, or the phone written 62..., is the same traveller.
    expect(outcome(await reserve(newClient(), { phone: booker.phone, email: newBooker().email }))).toBe('409 RSV-5');
    expect(outcome(await reserve(newClient(), { phone: newBooker().phone, email: booker.email }))).toBe('409 RSV-5');
    expect(outcome(await reserve(newClient(), { phone: `62${booker.phone.slice(1)}`, email: 'x@contoh.id' }))).toBe(
      '409 RSV-5',
    );
    // An order with nothing to pay is paid at once, but a full contact still waits.
    expect(outcome(await reserve(newClient(), booker, { voucher: FREE }))).toBe('409 RSV-5');

    const first = made[0];
    if (!first) throw new Error('no first order');
    await ok(
      app,
      'batalReservasi',
      { reservasi_kode: first.reservasi_kode, jenis_batal: 'lainnya' },
      withKey(first.kunci_pesanan),
    );
    expect(outcome(await reserve(newClient(), booker))).toBe('OK');
    expect(outcome(await reserve(newClient(), booker))).toBe('409 RSV-5');
    // Unpaid orders past their 30 minutes hold nothing.
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(outcome(await reserve(newClient(), booker))).toBe('OK');
  });

  it('concurrent reservations of one contact from many clients: exactly 3 orders, the rest RSV-5', async () => {
    clock = START;
    const booker = newBooker();
    const replies = await Promise.all(Array.from({ length: 8 }, () => reserve(newClient(), booker)));
    expect(replies.map(outcome).sort()).toEqual([...Array<string>(5).fill('409 RSV-5'), 'OK', 'OK', 'OK']);
  });

  it('an Idempotency-Key retry answers its order and spends no limit, with the contact full', async () => {
    clock = START;
    const client = newClient();
    const booker = newBooker();
    const key = `limit-retry-${serial}-${kind}`;
    const date = addDays(TEST_TODAY, 39);
    const first = await reserve(client, booker, { key, date });
    if (!first.ok) throw new Error(`expected OK, got ${outcome(first)}`);
    for (let i = 0; i < 2; i += 1) expect(outcome(await reserve(newClient(), booker))).toBe('OK');
    // The contact is full and the client has spent 1 of its 10: retries answer the same order.
    const retries = [];
    for (let i = 0; i < 15; i += 1) retries.push(await reserve(client, booker, { key, date }));
    for (const retry of retries) {
      expect(retry.ok && retry.results.reservasi_kode).toBe(first.results.reservasi_kode);
    }
    const fresh = [];
    for (let i = 0; i < 10; i += 1) fresh.push(outcome(await reserve(client, newBooker())));
    expect(fresh).toEqual([...Array<string>(9).fill('OK'), '429 REQ-2']);
  });
});
