/**
 * npm run bench:weight
 *
 * JavaScript a traveller downloads before each page of the booking wizard is usable: the
 * production build served by the real server, each page opened in a fresh Debian Chromium
 * context (empty cache), every script response the page loads until the network is idle,
 * weighed raw and as it crossed the wire (the server sends the build's brotli copies; the figure
 * is Chromium's encoded length, headers included). The budget (ARCHITECTURE.md) is 175 KB before
 * the home page is usable; the wizard's pages must not add their code to it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../scripts/chromium';
import { ROOT, freePort, startServer, stopServer } from './support/server';

const HOME_BUDGET_KB = 175;

function tomorrow(): string {
  const now = new Date(Date.now() + 7 * 3600_000 + 24 * 3600_000);
  return now.toISOString().slice(0, 10);
}

const date = tomorrow();
const PAGES: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'home', path: '/' },
  {
    name: 'schedule list',
    path: `/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${date}`,
  },
  { name: 'seat page', path: '/app/select-seat' },
  { name: 'booking page', path: '/app/information-passengers' },
];

const distDir = join(ROOT, 'dist-weight');
if (!process.argv.includes('--no-build')) {
  console.log('Building the app (vite build --outDir dist-weight)…');
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: ROOT, stdio: 'ignore' });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const dataDir = mkdtempSync(join(tmpdir(), 'berangkat-weight-'));
const port = await freePort();
const server = await startServer(port, dataDir, { distDir });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });

const rows: { name: string; files: number; raw: number; wire: number; encodings: string }[] = [];
try {
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    // Chromium's own count of the bytes each script took on the wire (compressed body and headers).
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    const scripts = new Map<string, { url: string; encoding: string; raw: number; wire: number }>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script' || event.response.status !== 200) return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
      scripts.set(event.requestId, {
        url: event.response.url,
        encoding: headers['content-encoding'] ?? 'identity',
        raw: 0,
        wire: 0,
      });
    });
    cdp.on('Network.dataReceived', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.raw += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) script.wire = event.encodedDataLength;
    });
    await tab.goto(`http://127.0.0.1:${port}${page.path}`, { waitUntil: 'networkidle' });
    const loaded = [...scripts.values()];
    if (process.argv.includes('--files')) {
      console.log(`\n${page.name}:`);
      for (const script of loaded) {
        console.log(
          `  ${kb(script.wire).padStart(6)} KiB ${script.encoding.padEnd(8)} ${new URL(script.url).pathname}`,
        );
      }
    }
    rows.push({
      name: page.name,
      files: loaded.length,
      raw: loaded.reduce((sum, script) => sum + script.raw, 0),
      wire: loaded.reduce((sum, script) => sum + script.wire, 0),
      encodings: [...new Set(loaded.map((script) => script.encoding))].sort().join(', '),
    });
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| page | JS files | raw KiB | on the wire KiB | encodings |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const row of rows) {
  console.log(`| ${row.name} | ${row.files} | ${kb(row.raw)} | ${kb(row.wire)} | ${row.encodings} |`);
}
const home = rows.find((row) => row.name === 'home');
if (home) {
  const verdict = home.wire / 1024 <= HOME_BUDGET_KB ? 'within' : 'OVER';
  console.log(`\nHome page: ${kb(home.wire)} KiB on the wire, ${verdict} the ${HOME_BUDGET_KB} KB budget.`);
}
