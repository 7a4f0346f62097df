/**
 * npm run bench:weight
 *
 * JavaScript a traveller downloads before each page of the booking wizard is usable: the
 * production build served by the real server, each page opened in a fresh Debian Chromium
 * context (empty cache), every script response the page loads until the network is idle,
 * weighed raw and gzip-compressed (level 9, as a production server would send it). The budget
 * (ARCHITECTURE.md) is 175 KB gzip before the home page is usable; the wizard's pages must not
 * add their code to it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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

const rows: { name: string; files: number; raw: number; gzip: number }[] = [];
try {
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const bodies: Promise<{ url: string; body: Buffer }>[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await tab.goto(`http://127.0.0.1:${port}${page.path}`, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(bodies);
    const scripts = loaded.map((script) => script.body);
    if (process.argv.includes('--files')) {
      console.log(`\n${page.name}:`);
      for (const script of loaded) {
        console.log(
          `  ${kb(gzipSync(script.body, { level: 9 }).length).padStart(6)} KiB  ${new URL(script.url).pathname}`,
        );
      }
    }
    rows.push({
      name: page.name,
      files: scripts.length,
      raw: scripts.reduce((sum, body) => sum + body.length, 0),
      gzip: scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    });
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n| page | JS files | raw KiB | gzip KiB |');
console.log('| --- | ---: | ---: | ---: |');
for (const row of rows) console.log(`| ${row.name} | ${row.files} | ${kb(row.raw)} | ${kb(row.gzip)} |`);
const home = rows.find((row) => row.name === 'home');
if (home) {
  const verdict = home.gzip / 1024 <= HOME_BUDGET_KB ? 'within' : 'OVER';
  console.log(`\nHome page: ${kb(home.gzip)} KiB gzip, ${verdict} the ${HOME_BUDGET_KB} KB budget.`);
}
