import { request as httpRequest, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ErrorEnvelopeSchema, endpoints } from '../../contract';
import { createApp } from '../../server/app';
import { answerClientErrors } from '../../server/http/client-errors';
import { MAX_BODY_BYTES } from '../../server/http/validate';
import { createLogger } from '../../server/logger';
import { basic, userId } from './api-support';
import { TEST_TODAY, testNow, createTestDatabase, type TestDatabase } from './helpers/test-db';

/**
 * Body limits on a real HTTP server: `app.request()` hands the app a finished body, so only a
 * socket shows whether an oversized upload is refused while it is still arriving. The limit does
 * not depend on the database, so PGlite (unseeded) is enough here.
 */
const PORT = 4431;
const CEK_HARGA = `${API_BASE}${endpoints.cekHarga.path}`;

interface LogLine {
  level: number;
  msg: string;
  status?: number;
  path?: string;
}
const WARN = 40;
const ERROR = 50;

describe('request body limits over HTTP', () => {
  let handle: TestDatabase;
  let server: ServerType;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase('pglite', { seed: false });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
        done();
      },
    });
    const logger = createLogger('info', sink);
    const app = createApp({ db: handle.db, today: () => TEST_TODAY, now: testNow, logger });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: PORT }, () => resolve());
      answerClientErrors(server as Server);
    });
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await handle.destroy();
  });

  const headers = (extra: Record<string, string> = {}) => ({
    'x-user-id': userId(),
    authorization: basic(),
    'content-type': 'application/json',
    ...extra,
  });

  /** A POST to cek-harga whose body the test writes itself; resolves with the reply and its body text. */
  function open(extra: Record<string, string> = {}): {
    req: ClientRequest;
    reply: Promise<{ res: IncomingMessage; text: string }>;
  } {
    const req = httpRequest({
      host: '127.0.0.1',
      port: PORT,
      path: CEK_HARGA,
      method: 'POST',
      headers: headers(extra),
    });
    req.on('error', () => {
      // The server closes the socket after an early 413: the rest of the upload fails by design.
    });
    const reply = new Promise<{ res: IncomingMessage; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ res, text: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      });
    });
    return { req, reply };
  }

  /** Sends the whole text with a Content-Length or chunked (no Content-Length). */
  async function send(text: string, chunked: boolean) {
    const body = Buffer.from(text, 'utf8');
    const { req, reply } = open(chunked ? {} : { 'content-length': String(body.byteLength) });
    if (chunked) {
      // Two writes: the body travels as chunks and no length is ever declared.
      req.write(body.subarray(0, 1000));
      req.write(body.subarray(1000));
    } else {
      req.write(body);
    }
    req.end();
    const { res, text: answer } = await reply;
    return { status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(answer) as unknown };
  }

  it('a 50 MB chunked upload without Content-Length is refused (413) long before it is sent whole', async () => {
    const total = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const { req, reply } = open();
    expect(req.getHeader('content-length')).toBeUndefined();
    let sent = 0;
    let answered: { res: IncomingMessage; text: string } | null = null;
    void reply.then((r) => (answered = r));
    const memory = () => process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    const before = memory();
    let peak = before;
    req.write('{"x":"');
    while (sent < total && !answered && !req.destroyed) {
      const more = req.write(chunk);
      sent += chunk.byteLength;
      peak = Math.max(peak, memory());
      if (!more) {
        await new Promise<void>((resolve) => {
          const done = () => {
            req.off('drain', done);
            req.off('close', done);
            resolve();
          };
          req.on('drain', done);
          req.on('close', done);
        });
      } else if (sent % (1024 * 1024) === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const { res, text } = await reply;
    req.destroy();
    expect(res.statusCode).toBe(413);
    expect(ErrorEnvelopeSchema.parse(JSON.parse(text))).toMatchObject({ code: 'REQ-1' });
    // The reply came while the upload was far from done: the server stopped reading at the limit.
    expect(sent).toBeLessThan(total / 5);
    // The server held no more than a few limits' worth, never the body's size.
    expect(peak - before).toBeLessThan(total / 5);
    console.log(
      `body-limit: 413 after ${(sent / 1024 / 1024).toFixed(1)} MB of ${total / 1024 / 1024} MB sent; ` +
        `heap+buffers grew ${((peak - before) / 1024 / 1024).toFixed(1)} MB at most`,
    );
  }, 60_000);

  const quote = (n: number) => `{"x":"${'é'.repeat(n)}"}`;
  // 'é' is 2 bytes in UTF-8: this body has fewer characters than the limit but more bytes.
  const overInBytes = quote(Math.floor(MAX_BODY_BYTES / 2) + 16);
  // And this one stays just under the limit in bytes.
  const underInBytes = quote(Math.floor(MAX_BODY_BYTES / 2) - 16);

  it.each([
    ['with Content-Length', false],
    ['chunked', true],
  ])('counts bytes, not characters (%s)', async (_, chunked) => {
    expect(overInBytes.length).toBeLessThan(MAX_BODY_BYTES);
    expect(Buffer.byteLength(overInBytes)).toBeGreaterThan(MAX_BODY_BYTES);
    const over = await send(overInBytes, chunked);
    expect(over.status).toBe(413);
    expect(ErrorEnvelopeSchema.parse(over.body).code).toBe('REQ-1');

    expect(Buffer.byteLength(underInBytes)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const under = await send(underInBytes, chunked);
    // Read whole and parsed: refused by the schema (400), not by its size.
    expect(under.status).toBe(400);
    expect(ErrorEnvelopeSchema.parse(under.body).code).toBe('REQ-1');
  });

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    const { req, reply } = open({ 'content-length': String(MAX_BODY_BYTES + 1) });
    req.write('{"x":');
    // Nothing more is sent: the answer must not wait for the rest of the body.
    const { res, text } = await reply;
    req.destroy();
    expect(res.statusCode).toBe(413);
    expect(ErrorEnvelopeSchema.parse(JSON.parse(text)).code).toBe('REQ-1');
  });

  it('a client that hangs up mid-body is logged as a client abort (499), never as a server error', async () => {
    lines.length = 0;
    const { req } = open();
    req.write('{"operator_kode":"');
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    const deadline = Date.now() + 5000;
    while (!lines.some((line) => line.msg === 'request' && line.path === CEK_HARGA) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const requestLine = lines.find((line) => line.msg === 'request' && line.path === CEK_HARGA);
    expect(requestLine).toMatchObject({ status: 499, level: WARN });
    expect(lines.find((line) => line.msg === 'client closed the request')).toMatchObject({ level: WARN, status: 499 });
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(lines.some((line) => line.status === 500)).toBe(false);
  });

  /** Writes raw bytes to the server and resolves with everything it answers before closing. */
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(PORT, '127.0.0.1', () => socket.end(request));
      let answer = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

  it('a URL longer than the server reads gets 431 with the error envelope, not an empty reply', async () => {
    const answer = await raw(`GET ${API_BASE}/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
    const body = ErrorEnvelopeSchema.parse(bodyOf(answer));
    expect(body).toEqual({
      status: 'ERROR',
      code: 'REQ-1',
      message: 'Permintaan tidak valid. Alamat atau header terlalu panjang',
    });
  });

  it('a request line that is not HTTP gets 400 with the error envelope', async () => {
    const answer = await raw('HELLO THERE\r\n\r\n');
    expect(answer.startsWith('HTTP/1.1 400 ')).toBe(true);
    expect(ErrorEnvelopeSchema.parse(bodyOf(answer)).message).toBe(
      'Permintaan tidak valid. Permintaan HTTP tidak dapat dibaca',
    );
  });
});
