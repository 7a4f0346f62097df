/**
 * npm run serve:cluster
 *
 * Several API processes on one PostgreSQL behind a local round-robin HTTP proxy on one port, the
 * shape production takes (docs/decisions/0009-production-shape.md) on one machine, with no
 * container tooling:
 *
 *   DATABASE_URL=postgres://... [REDIS_URL=redis://...] [CLUSTER_SIZE=2] [PORT=3000] npm run serve:cluster
 *
 * - Each API process (`tsx server/index.ts`) listens on 127.0.0.1 on PORT+1, PORT+2, ... and also
 *   serves the built web app (dist/, or DIST_DIR); they migrate and seed one at a time (start-up
 *   lock in server/db/setup.ts) and one of them runs the periodic sweeps (server/services/sweeps.ts).
 * - REDIS_URL makes the rate limits shared; without it each process counts its own (a warning).
 * - The proxy streams requests and replies both ways without buffering them, adds
 *   X-Forwarded-For / -Proto / -Host, names the process that answered in X-Berangkat-Upstream, and
 *   skips a process that is down (health checked every second, and at once when a connection to it
 *   is refused; a request is only sent again when nothing of it reached the dead process).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, createServer, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HEALTH_PATH = '/api/health';
const HEALTH_EVERY_MS = 1000;

interface Backend {
  index: number;
  port: number;
  child: ChildProcess;
  /** Answered its last health check (and no connection to it was refused since). */
  up: boolean;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
  fail(
    'DATABASE_URL wajib diisi dengan alamat PostgreSQL (postgres://...): semua proses API memakai satu database.\n' +
      'DATABASE_URL is required (postgres://...): every API process shares one PostgreSQL database.\n' +
      'Contoh / example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/berangkat npm run serve:cluster',
  );
}
const size = Number(process.env.CLUSTER_SIZE ?? '2');
if (!Number.isInteger(size) || size < 1 || size > 64) fail('CLUSTER_SIZE harus bilangan bulat 1 sampai 64');
const port = Number(process.env.PORT ?? '3000');
if (!Number.isInteger(port) || port < 1 || port + size > 65_535) fail('PORT harus berupa nomor port yang valid');
const host = process.env.HOST ?? '127.0.0.1';
if (!process.env.REDIS_URL) {
  console.warn(
    'REDIS_URL tidak diisi: batas permintaan dihitung per proses, bukan bersama (rate limits are per process).',
  );
}

const backends: Backend[] = [];
let stopping = false;

function startBackend(index: number): Backend {
  const backendPort = port + 1 + index;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(backendPort), HOST: '127.0.0.1', TRUST_PROXY_HOPS: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const backend: Backend = { index, port: backendPort, child, up: false };
  console.log(`API ${index + 1}: pid ${child.pid ?? '?'} port ${backendPort}`);
  child.once('exit', (code, signal) => {
    backend.up = false;
    if (!stopping) console.error(`API ${index + 1} (pid ${child.pid ?? '?'}) berhenti: ${signal ?? `kode ${code}`}`);
  });
  return backend;
}

for (let i = 0; i < size; i += 1) backends.push(startBackend(i));

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function checkHealth(backend: Backend): void {
  if (backend.child.exitCode !== null || backend.child.signalCode !== null) {
    backend.up = false;
    return;
  }
  const probe = httpRequest(
    { host: '127.0.0.1', port: backend.port, path: HEALTH_PATH, agent, timeout: 2000 },
    (response) => {
      backend.up = response.statusCode === 200;
      response.resume();
    },
  );
  probe.on('timeout', () => probe.destroy(new Error('timeout')));
  probe.on('error', () => {
    backend.up = false;
  });
  probe.end();
}

const healthTimer = setInterval(() => backends.forEach(checkHealth), HEALTH_EVERY_MS);
healthTimer.unref();

let next = 0;
/** The next live process in turn, leaving out those already tried for this request. */
function pick(tried: Set<number>): Backend | null {
  for (let step = 0; step < backends.length; step += 1) {
    const backend = backends[(next + step) % backends.length];
    if (backend && backend.up && !tried.has(backend.index)) {
      next = (backend.index + 1) % backends.length;
      return backend;
    }
  }
  return null;
}

/** Hop-by-hop headers belong to one connection and are not forwarded (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

function forwardedHeaders(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const client = req.socket.remoteAddress ?? '';
  const prior = req.headers['x-forwarded-for'];
  headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
  // Appended like X-Forwarded-For: this hop was plain http. The API processes trust this proxy
  // alone (TRUST_PROXY_HOPS=1), so an https a client wrote before it never counts.
  const priorProto = req.headers['x-forwarded-proto'];
  headers['x-forwarded-proto'] = priorProto ? `${String(priorProto)}, http` : 'http';
  if (req.headers.host) headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host;
  return headers;
}

function unavailable(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({
    status: 'ERROR',
    code: 'SRV-1',
    message: 'Layanan sedang tidak tersedia. Silakan coba lagi sebentar lagi',
  });
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
  res.end(body);
}

/** A request with no body to stream: safe to send again after a broken connection. */
function withoutBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return !req.headers['transfer-encoding'] && (length === undefined || length === '0');
}

function forward(req: IncomingMessage, res: ServerResponse, tried: Set<number>): void {
  const backend = pick(tried);
  if (!backend) {
    req.resume();
    unavailable(res);
    return;
  }
  tried.add(backend.index);
  let sent = false;
  const upstream = httpRequest(
    {
      host: '127.0.0.1',
      port: backend.port,
      method: req.method,
      path: req.url,
      headers: forwardedHeaders(req),
      agent,
    },
    (reply) => {
      const headers: Record<string, string | string[] | undefined> = {
        ...reply.headers,
        'x-berangkat-upstream': String(backend.port),
      };
      for (const name of HOP_BY_HOP) delete headers[name];
      res.writeHead(reply.statusCode ?? 502, reply.statusMessage, headers);
      reply.pipe(res);
      reply.on('error', () => res.destroy());
    },
  );
  // The body is streamed only once the connection stands: a refused connection leaves it unread,
  // so the request can go to the next process whole.
  const send = () => {
    sent = true;
    req.pipe(upstream);
  };
  upstream.on('socket', (socket: Socket) => {
    if (socket.connecting) socket.once('connect', send);
    else send();
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    const refused = error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' || error.code === 'EPIPE';
    // Nothing reached the process, or a kept-alive connection to it broke on a request without a
    // body (the process died or closed it while idle): the request can go to the next one whole.
    if (refused && !res.headersSent && (!sent || (upstream.reusedSocket && withoutBody(req)))) {
      if (!sent || !upstream.reusedSocket) backend.up = false;
      forward(req, res, tried);
      return;
    }
    unavailable(res);
  });
  // A client that hangs up ends the upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
}

const proxy = createServer((req, res) => forward(req, res, new Set()));
proxy.keepAliveTimeout = 65_000;

async function waitUntilUp(): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    backends.forEach(checkHealth);
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (backends.every((b) => b.up)) return;
    if (backends.every((b) => b.child.exitCode !== null)) fail('Semua proses API berhenti sebelum siap');
  }
  console.warn('Tidak semua proses API siap dalam 180 detik; proxy melayani yang sudah siap');
}

await waitUntilUp();
proxy.listen(port, host, () => {
  console.log(`Berangkat (cluster ${size} proses) berjalan di http://${host}:${port}`);
});

function shutdown(): void {
  if (stopping) return;
  stopping = true;
  clearInterval(healthTimer);
  proxy.close();
  const exits = backends.map(
    (backend) =>
      new Promise<void>((resolve) => {
        if (backend.child.exitCode !== null || backend.child.signalCode !== null) return resolve();
        backend.child.once('exit', () => resolve());
        backend.child.kill('SIGTERM');
      }),
  );
  const force = setTimeout(() => {
    backends.forEach((backend) => backend.child.kill('SIGKILL'));
    process.exit(1);
  }, 15_000);
  force.unref();
  void Promise.all(exits).then(() => {
    agent.destroy();
    process.exit(0);
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
