import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { createApp, type App } from '../../server/app';
import { DEMO_TOKEN, SUPPORT_TOKEN } from '../../server/db/seed-data/accounts';
import { readTraceByCode, TraceReadError } from '../../src/trace/trace-source';
import { defaultHeaders, ok } from '../server/api-support';
import { TEST_TODAY, createTestDatabase, type TestDatabase } from '../server/helpers/test-db';
import { sampleTrace } from '../server/helpers/traces';

/*
 * `npm run replay` when the trace cannot be had: every message names the cause and the setting
 * or step that fixes it. The process itself runs where the answer needs no app (nothing listening,
 * a server that is not the API, a mistyped code, a broken file); the app's own refusals (a wrong
 * or a customer's token, a code that is unknown or expired) come from the real app in-process.
 */

const run = promisify(execFile);

async function replay(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '', err: failed.stderr ?? '' };
  }
}

function tempFile(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'trace-')), name);
  writeFileSync(file, text);
  return file;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}

describe('npm run replay without the app', () => {
  it('names the address when nothing answers there, and the setting that points elsewhere', async () => {
    // A port that was just free: nothing listens on it any more.
    const server = createServer();
    const port = await listen(server);
    await close(server);
    const baseUrl = `http://127.0.0.1:${port}/api`;
    const { code, err } = await replay(['CS-7KQ2XM'], { REPLAY_API_URL: baseUrl });
    expect(err.trim()).toBe(
      `Aplikasi tidak dapat dihubungi di ${baseUrl}. Jalankan aplikasi (npm start) atau arahkan REPLAY_API_URL ` +
        'ke alamat API-nya, misalnya REPLAY_API_URL=http://127.0.0.1:3000/api.',
    );
    expect(code).toBe(2);
  });

  it('says a web page answered, not the API, when the address lacks /api', async () => {
    const server = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Berangkat</title>');
    });
    const port = await listen(server);
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      const { code, err } = await replay(['CS-7KQ2XM'], { REPLAY_API_URL: baseUrl });
      expect(err.trim()).toBe(
        `${baseUrl} menjawab (HTTP 200), tetapi bukan sebagai API Berangkat. Periksa REPLAY_API_URL: alamat ` +
          'aplikasi diakhiri /api, misalnya REPLAY_API_URL=http://127.0.0.1:3000/api.',
      );
      expect(code).toBe(2);
    } finally {
      await close(server);
    }
  });

  it('refuses a mistyped code before any call, with the shape of a code', async () => {
    const { code, err } = await replay(['CS-1'], { REPLAY_API_URL: 'http://127.0.0.1:9/api' });
    expect(err.trim()).toBe(
      '"CS-1" bukan kode CS: kode terdiri dari CS- dan 6 huruf atau angka, misalnya CS-7KQ2XM. Periksa kode dengan pelanggan.',
    );
    expect(code).toBe(2);
  });

  it('says which file is missing, cut short, or not a trace, and how to get a good one', async () => {
    const missing = join(tmpdir(), 'tidak-ada', 'trace.json');
    const cut = tempFile('terpotong.json', JSON.stringify(sampleTrace()).slice(0, 200));
    const other = tempFile('lain.json', JSON.stringify({ hello: 'world' }));
    const again = 'Minta pelanggan mengunduh ulang catatannya ("Unduh JSON"), atau buka dengan kode CS.';
    const results = await Promise.all([replay([missing]), replay([cut]), replay([other])]);
    expect(results.map((result) => result.err.trim())).toEqual([
      `Berkas ${missing} tidak ditemukan. Periksa jalurnya, atau beri kode CS (misalnya CS-7KQ2XM) untuk membaca catatan dari aplikasi.`,
      `Berkas ${cut} bukan JSON yang utuh (terpotong atau bukan catatan). ${again}`,
      `Berkas ${other} bukan catatan Berangkat (kolom format tidak sesuai). ${again}`,
    ]);
    expect(results.map((result) => result.code)).toEqual([2, 2, 2]);
  });
});

describe('npm run replay against the app', () => {
  let handle: TestDatabase;
  let app: App;
  let clock = new Date(`${TEST_TODAY}T09:00:00+07:00`);
  const BASE = `http://cli.test${API_BASE}`;
  const appFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(app.request(String(input), init))) as typeof fetch;

  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    app = createApp({ db: handle.db, today: () => TEST_TODAY, now: () => clock });
  });
  afterAll(async () => {
    await handle.destroy();
  });

  const send = async () =>
    (
      await ok(
        app,
        'supportTrace',
        { trace: sampleTrace(undefined, clock) },
        { headers: { ...defaultHeaders(), 'x-forwarded-for': '10.20.30.40' } },
      )
    ).kode;

  async function failure(code: string, token: string, baseUrl = BASE): Promise<TraceReadError> {
    const error = await readTraceByCode(code, { baseUrl, token, fetch: appFetch }).then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof TraceReadError)) throw new Error(`expected a TraceReadError, got ${String(error)}`);
    return error;
  }

  it('reads a trace with the support token', async () => {
    const code = await send();
    const trace = await readTraceByCode(code.toLowerCase(), { baseUrl: BASE, token: SUPPORT_TOKEN, fetch: appFetch });
    expect(trace.lanes[0]?.name).toBe('booking');
  });

  it('a token the app does not know is named as refused, not as a customer who must sign in', async () => {
    const error = await failure(await send(), 'token-yang-salah');
    expect(error.reason).toBe('tokenRefused');
    expect(error.message).toBe(
      'Token CS ditolak: server tidak mengenal SUPPORT_TOKEN ini (salah ketik, kedaluwarsa, atau dicabut). ' +
        'Isi SUPPORT_TOKEN dengan token akun CS yang masih berlaku (mode demo: token akun CS contoh di README, bagian Support traces).',
    );
  });

  it('an empty SUPPORT_TOKEN is named as empty', async () => {
    const error = await failure(await send(), '');
    expect(error.message).toBe(
      'Server meminta akun CS, tetapi SUPPORT_TOKEN kosong. Isi SUPPORT_TOKEN dengan token akun CS (mode demo: token akun CS contoh di README, bagian Support traces).',
    );
  });

  it("a customer's token is named as a customer's, with the setting to change", async () => {
    const error = await failure(await send(), DEMO_TOKEN);
    expect(error.reason).toBe('notSupport');
    expect(error.message).toBe(
      'Token di SUPPORT_TOKEN milik akun pelanggan, bukan akun CS: hanya tim CS yang boleh membuka catatan. ' +
        'Isi SUPPORT_TOKEN dengan token akun CS.',
    );
  });

  it('an unknown code and an expired one say how long traces are kept and what to ask the customer', async () => {
    const expected = (code: string) =>
      `Kode ${code} tidak ditemukan atau sudah kedaluwarsa (catatan disimpan 30 hari). Periksa kode dengan ` +
      'pelanggan, atau minta pelanggan menekan "Kirim ke CS" lagi untuk kode baru.';
    expect((await failure('CS-ZZZZZZ', SUPPORT_TOKEN)).message).toBe(expected('CS-ZZZZZZ'));
    const code = await send();
    clock = new Date(clock.getTime() + 31 * 86_400_000);
    const expired = await failure(code, SUPPORT_TOKEN);
    expect(expired.reason).toBe('codeNotFound');
    expect(expired.message).toBe(expected(code));
  });

  it("an address inside the app that is not the API's names REPLAY_API_URL too", async () => {
    const error = await failure(await send(), SUPPORT_TOKEN, 'http://cli.test');
    expect(error.reason).toBe('wrongAddress');
    expect(error.message).toBe(
      'http://cli.test menjawab (HTTP 404), tetapi bukan sebagai API Berangkat. Periksa REPLAY_API_URL: alamat ' +
        'aplikasi diakhiri /api, misalnya REPLAY_API_URL=http://127.0.0.1:3000/api.',
    );
  });
});
