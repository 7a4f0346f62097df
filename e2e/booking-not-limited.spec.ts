import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type Response } from '@playwright/test';
import {
  TEXT,
  clearBookingOnce,
  dialog,
  expectBookingPage,
  oneWayReadyToReserve,
  reserveToTheEnd,
} from './support/booking-model';

/*
 * Issue 21: `reservasi` is limited per client and per booker contact, and a traveller booking
 * normally never meets the limit. The suite's own servers relax every limit for the whole suite
 * (CLIENT_RATE_FACTOR, HOLD_RATE_PER_MINUTE in playwright.config.ts), which would hide it; this
 * spec starts a server of its own with the limits as a deployment has them, and books one
 * traveller the way a real one does: with a reload, a step back to the seats and a second look.
 */

const SERVER_START_MS = 120_000;
/** Any day: this server's database is this spec's alone. */
const TRAVEL_DAY = 4;

async function freePort(): Promise<number> {
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

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${url} in time:\n${log()}`);
}

/** A server like playwright.config.ts's, minus the suite-wide relaxing of the limits. */
const test = base.extend<object, { limitedServer: string }>({
  limitedServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'berangkat-e2e-limited-'));
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      };
      // Whatever the shell running the tests has set: this server keeps the deployed limits.
      delete env.CLIENT_RATE_FACTOR;
      delete env.HOLD_RATE_PER_MINUTE;
      const [command, ...args] =
        process.env.E2E_COMPILED_SERVER === '1' ? ['node', 'dist-server/index.js'] : ['npx', 'tsx', 'server/index.ts'];
      const server = spawn(command!, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
      };
      server.stdout?.on('data', keep);
      server.stderr?.on('data', keep);
      try {
        await waitForHealth(`http://127.0.0.1:${port}/api/health`, server, () => output);
        await use(`http://127.0.0.1:${port}`);
      } finally {
        // Its own process group: npx and tsx end with it.
        if (server.pid && server.exitCode === null) {
          const exited = new Promise((resolve) => server.once('exit', resolve));
          process.kill(-server.pid, 'SIGTERM');
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: SERVER_START_MS + 30_000 },
  ],
  baseURL: async ({ limitedServer }, use) => use(limitedServer),
});

test.beforeEach(async ({ page }) => clearBookingOnce(page));

test('one traveller books from search to confirmation, reloading and going back once, and is never limited', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const limited: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 429) limited.push(`${response.request().method()} ${response.url()}`);
  });

  await oneWayReadyToReserve(page, TRAVEL_DAY);

  // A reload of the booking page keeps the trip, the names and the booker.
  await page.reload();
  await expectBookingPage(page);

  // Back once, to think again: "Konfirmasi Kembali ?" -> "Ya" leads to the schedule list ...
  await page.goBack({ waitUntil: 'commit' });
  const leave = dialog(page, TEXT.leaveDialog);
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Ya' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?/);

  // ... and the same departure again: a seat, the name, the booker.
  await oneWayReadyToReserve(page, TRAVEL_DAY);
  await reserveToTheEnd(page);
  expect(limited).toEqual([]);
});
