import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A server of a spec's own, started like playwright.config.ts's (the compiled server under
 * E2E_COMPILED_SERVER=1, else the sources) on a free port and a fresh embedded database, for a
 * spec that needs settings the suite's servers do not have.
 */

export const SERVER_START_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface OwnServer {
  url: string;
  /** The last few thousand characters it printed. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the server with `settings` over the runner's environment (`null` removes a variable) and
 * waits until it answers /api/health. A `PORT` among the settings is used as given (a run confined
 * to a range of ports), else a free one is picked.
 */
export async function startOwnServer(name: string, settings: Record<string, string | null>): Promise<OwnServer> {
  const port = settings.PORT ? Number(settings.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `berangkat-e2e-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  for (const [key, value] of Object.entries(settings)) {
    if (value === null) delete env[key];
    else env[key] = value;
  }
  const [command, ...args] =
    process.env.E2E_COMPILED_SERVER === '1' ? ['node', 'dist-server/index.js'] : ['npx', 'tsx', 'server/index.ts'];
  const server = spawn(command!, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    // Its own process group: npx and tsx end with it.
    if (server.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      process.kill(-server.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the server stopped (${server.exitCode}):\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server did not answer ${url}/api/health in time:\n${output}`);
}
