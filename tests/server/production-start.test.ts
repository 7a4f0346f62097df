/**
 * The real server started as an operator would: `NODE_ENV=production`, first with nothing set,
 * then on an empty PostgreSQL database with every setting, then on a database seeded in demo mode.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { ROOT } from '../../bench/support/server';
import { openDatabase } from '../../server/db/client';
import { appSecrets, customerSessions, customers, schedules, vouchers } from '../../server/db/schema';
import { httpCall, prepareDataDir, stopProcess, waitForHealth } from './helpers/api-process';
import { itNeeding } from '../helpers/needs';
import { createTestDatabase } from './helpers/test-db';
import { sampleTrace } from './helpers/traces';
import { codeInMail, startSmtpServer } from './helpers/smtp';

/** Ports of this file (4440-4459 belong to the process tests). */
const PORT = { empty: 4456, demoSeeded: 4457, demo: 4458 } as const;

const SETTINGS = {
  ORDER_KEY_SECRET: randomBytes(32).toString('base64'),
  OTP_SECRET: randomBytes(32).toString('base64'),
  // Never called here: a production start only needs a gateway configured.
  MIDTRANS_SERVER_KEY: 'Mid-server-uji-produksi',
  MIDTRANS_BASE_URL: 'http://127.0.0.1:9',
  BASIC_AUTH_WEB: 'web-produksi:sandi-web-uji',
  BASIC_AUTH_ANDROID: 'android-produksi:sandi-android-uji',
  BASIC_AUTH_IOS: 'ios-produksi:sandi-ios-uji',
  // A code sender is required; a test that sends codes points it at its own SMTP server.
  SMTP_URL: 'smtp://127.0.0.1:1',
  SMTP_FROM: 'Berangkat <no-reply@berangkat.test>',
};
const WEB = { authorization: `Basic ${Buffer.from('web-produksi:sandi-web-uji').toString('base64')}` };

/** Production settings over a clean slate: nothing of this runner's environment leaks in. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const blank = Object.fromEntries(
    [
      'DATABASE_URL',
      'DEMO_MODE',
      'ORDER_KEY_SECRET',
      'OTP_SECRET',
      'MIDTRANS_SERVER_KEY',
      'MIDTRANS_BASE_URL',
      'BASIC_AUTH_WEB',
      'BASIC_AUTH_ANDROID',
      'BASIC_AUTH_IOS',
      'REDIS_URL',
      'TODAY',
      'SMTP_URL',
      'SMTP_FROM',
      'WHATSAPP_TOKEN',
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_TEMPLATE',
      'WHATSAPP_API_URL',
    ].map((key) => [key, '']),
  );
  return { ...process.env, ...blank, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra };
}

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function run(args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (out += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (err += text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function emptyDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `berangkat_prod_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe('production start', () => {
  it('with no settings exits non-zero and names every missing item', async () => {
    const server = run(['server/index.ts'], productionEnv({ PORT: String(PORT.empty) }));
    cleanups.push(() => stopProcess(server.child, 'SIGKILL'));
    expect(await server.exited).not.toBe(0);
    const lines = server.stderr().trim().split('\n');
    expect(lines[0]).toBe('Berangkat tidak dijalankan (mode produksi):');
    expect(lines.slice(1).map((line) => line.replace(/^ {2}- /, '').split(/[ :]/)[0])).toEqual([
      'DATABASE_URL',
      'ORDER_KEY_SECRET',
      'OTP_SECRET',
      'MIDTRANS_SERVER_KEY',
      'BASIC_AUTH_WEB',
      'BASIC_AUTH_ANDROID',
      'BASIC_AUTH_IOS',
      'SMTP_URL',
    ]);
  }, 60_000);

  it('a demo start (what npm start runs) says so on its start line', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'berangkat-demo-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await prepareDataDir(dataDir);
    const env = { ...productionEnv({ DATA_DIR: dataDir, PORT: String(PORT.demo) }), NODE_ENV: '' };
    const server = run(['server/index.ts'], env);
    cleanups.push(() => stopProcess(server.child, 'SIGKILL'));
    await waitForHealth(`http://127.0.0.1:${PORT.demo}`, server.child, 180);
    await stopProcess(server.child);
    expect(server.stdout()).toMatch(/Berangkat berjalan di http:\/\/127\.0\.0\.1:\d+ - MODE DEMO \(/);
    expect(server.stdout()).toContain('MODE DEMO: data contoh dengan token demo');
  }, 240_000);

  it('db:reset (wipe and seed demo data) refuses to run in production', async () => {
    // An address nothing listens on: were the refusal missing, the command would fail to connect instead.
    const reset = run(['server/db/reset.ts'], productionEnv({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }));
    expect(await reset.exited).toBe(1);
    expect(reset.stderr()).toContain('db:reset hanya untuk mode demo');
  }, 60_000);

  itNeeding(
    'postgres',
    'on an empty PostgreSQL with every setting: starts, seeds no account, refuses demo tokens and calls; support:add works',
    async () => {
      const scratch = await emptyDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => scratch.drop());
      const smtp = await startSmtpServer();
      cleanups.push(() => smtp.close());
      const env = productionEnv({
        ...SETTINGS,
        DATABASE_URL: scratch.url,
        PORT: String(PORT.empty),
        SMTP_URL: smtp.url,
      });
      const server = run(['server/index.ts'], env);
      cleanups.push(() => stopProcess(server.child, 'SIGKILL'));
      const base = `http://127.0.0.1:${PORT.empty}`;
      await waitForHealth(base, server.child, 120);

      for (const bearer of ['demo-token-berangkat', 'cs-token-berangkat']) {
        const reply = await httpCall(base, 'konfigurasi', {}, { authorization: `Bearer ${bearer}` });
        expect(reply.status).toBe(401);
      }
      const outbox = await fetch(`${base}${API_BASE}/berangkat/demo/otp-outbox?tujuan=081234567890`, {
        headers: { ...WEB, 'x-user-id': 'u'.repeat(100) },
      });
      expect(outbox.status).toBe(404);
      const config = await httpCall(base, 'konfigurasi', {}, WEB);
      expect(config.body.results).toMatchObject({ mode: 'produksi' });
      // Email only is configured: a phone code is refused, an email code arrives by SMTP and signs in.
      const phone = await httpCall(
        base,
        'requestCustomerLoginAlternative',
        { tipe: 'telp', telp: '081355509876' },
        WEB,
      );
      expect([phone.status, phone.body.code, phone.body.message]).toEqual([
        503,
        'SRV-2',
        'Kode OTP lewat WhatsApp belum tersedia. Silakan masuk dengan email.',
      ]);
      const email = 'sari.produksi@contoh.id';
      const asked = await httpCall(base, 'requestCustomerLoginAlternative', { tipe: 'email', email }, WEB);
      expect(asked.status).toBe(200);
      const code = codeInMail(await smtp.waitFor(email));
      const login = await httpCall(base, 'customerLogin', { tipe: 'email', auth: 'otp', email, otp: code }, WEB);
      expect([login.status, (login.body.results as { pelanggan_baru: boolean }).pelanggan_baru]).toEqual([200, true]);

      const check = await openDatabase({ url: scratch.url, max: 1 });
      cleanups.push(() => check.close());
      const tally = async (table: typeof customers | typeof vouchers | typeof customerSessions | typeof schedules) =>
        (await check.db.select({ n: count() }).from(table))[0]?.n;
      // The one customer is the traveller who signed in by email just now.
      expect([await tally(customers), await tally(vouchers), await tally(customerSessions)]).toEqual([1, 0, 1]);
      expect(await tally(schedules)).toBeGreaterThan(0);
      // The secrets came from the environment: none was created in the database.
      expect(await check.db.select().from(appSecrets)).toEqual([]);

      // The support command: its token, printed once, reads traces on the running server.
      const add = run(['scripts/support-add.ts', 'Sari', 'Wulandari'], env);
      expect(await add.exited).toBe(0);
      const token = /^Token: (\S+)$/m.exec(add.stdout())?.[1];
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(add.stdout().split(token!).length).toBe(2);
      const access = await httpCall(base, 'supportAccess', {}, { authorization: `Bearer ${token}` });
      expect(access.body.results).toEqual({ peran: 'support', nama: 'Sari Wulandari' });
      const sent = await httpCall(base, 'supportTrace', { trace: sampleTrace() }, WEB);
      const kode = (sent.body.results as { kode: string }).kode;
      const read = await httpCall(base, 'supportTraceRead', { kode }, { authorization: `Bearer ${token}` });
      expect([read.status, (read.body.results as { kode: string }).kode]).toEqual([200, kode]);
      const roles = await check.db.select({ role: customers.role }).from(customers);
      expect(roles.map((row) => row.role).sort()).toEqual(['customer', 'support']);

      await stopProcess(server.child);
      expect(server.stdout()).toContain('mode produksi');
      expect(server.stdout()).toContain('Pembayaran lewat Midtrans (bukan produksi: http://127.0.0.1:9)');
      expect(server.stdout()).not.toContain(code);
    },
    180_000,
  );

  itNeeding(
    'postgres',
    'on a database seeded in demo mode: refuses to start while a demo token is in it, saying how to remove it',
    async () => {
      const demoSeeded = await createTestDatabase('postgres');
      cleanups.push(() => demoSeeded.destroy());
      const env = productionEnv({ ...SETTINGS, DATABASE_URL: demoSeeded.url!, PORT: String(PORT.demoSeeded) });
      const server = run(['server/index.ts'], env);
      cleanups.push(() => stopProcess(server.child, 'SIGKILL'));
      expect(await server.exited).not.toBe(0);
      expect(server.stderr()).toContain(
        'Database masih menyimpan token demo (demo-token-berangkat, nol-poin-token-berangkat, cs-token-berangkat): hapus dengan SQL "DELETE FROM customer_sessions WHERE token_hash IN (',
      );
    },
    180_000,
  );
});
