/**
 * npm run bench:ui [-- --no-build] [-- --cpu=4]
 *
 * Seat tap -> painted selection on the seat page, on the layout with 40 seats on two floors (DD40,
 * "Bus Tingkat 40 Kursi"), schedule GMA-BDG-JKT-0700 (Garuda Mas Armada 07.00, Bandung -> Jakarta,
 * both floors open; its 22.00 twin has the lower floor sold out), upper floor (32 seats), tomorrow.
 * The production build is served by the real server on a fresh embedded database; Debian Chromium
 * runs with the CPU slowed down 4x (CDP Emulation.setCPUThrottlingRate), as a mid-range phone.
 *
 * How one tap is measured, in the page: a capture listener takes the click's `event.timeStamp`
 * (when the browser received the release); a MutationObserver sees the tapped seat's aria-pressed
 * flip; then requestAnimationFrame + setTimeout 0 marks the first moment after the frame that
 * shows it has been painted. Tap -> painted is that moment minus the input time. The taps cycle
 * over six free seats; each tap is a press held 80 ms then released (CDP touch events on mobile,
 * the mouse on desktop), as a person taps, so the press's own work is done before the release. Every tap chooses a seat and, at the cap of 3, drops the oldest (the
 * busiest case: two tiles and the summary change). 5 warm-up taps, then 50 measured, per profile.
 *
 * Baseline, same page and same method: a copy of a seat tile outside React whose click handler
 * swaps its look and aria-pressed by hand. It is the floor any seat tap pays (input dispatch, style,
 * paint, waiting for the next frame); the ratio says what the app (React, the seat machine, the
 * booking flow's persistence) adds on top. The browser's Event Timing API (PerformanceObserver
 * 'event', durationThreshold 16) cross-checks: how many measured taps it saw take 16 ms or more.
 * Goal: a median under 16 ms (one frame at 60 Hz).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  devices,
  type BrowserContextOptions,
  type CDPSession,
  type Locator,
  type Page,
} from '@playwright/test';
import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../scripts/chromium';
import { ROOT, freePort, startServer, stopServer } from './support/server';

/** 4x slower by default (a mid-range phone); `-- --cpu=1` measures the machine as it is. */
const CPU_SLOWDOWN = Number(process.argv.find((arg) => arg.startsWith('--cpu='))?.slice('--cpu='.length) ?? 4);
const WARMUP_TAPS = 5;
const MEASURED_TAPS = 50;
const CYCLED_SEATS = 6;
const SCHEDULE_BUTTON = 'Pilih Garuda Mas Armada 07.00 WIB';
const FLOOR = 'Lantai Atas';

const PROFILES: ReadonlyArray<{ name: string; options: BrowserContextOptions; touch: boolean }> = [
  {
    name: 'mobile (Pixel 7, 390x844, touch)',
    options: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
    touch: true,
  },
  { name: 'desktop (1280x800, mouse)', options: { viewport: { width: 1280, height: 800 } }, touch: false },
];

function tomorrowInJakarta(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

interface TapSample {
  painted: number;
  flipped: number;
}

/** Installs the in-page probe: input time, aria-pressed flip, the frame after it. */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    type Probe = {
      samples: { painted: number; flipped: number }[];
      slowEvents: number[];
      pending: { start: number; target: Element } | null;
    };
    const probe: Probe = { samples: [], slowEvents: [], pending: null };
    (window as unknown as { __tapProbe: Probe }).__tapProbe = probe;
    document.addEventListener(
      'click',
      (event) => {
        const target = (event.target as Element | null)?.closest('[aria-pressed]');
        if (target) probe.pending = { start: event.timeStamp, target };
      },
      { capture: true },
    );
    new MutationObserver((records) => {
      const pending = probe.pending;
      if (!pending) return;
      if (!records.some((record) => record.target === pending.target)) return;
      probe.pending = null;
      const flipped = performance.now();
      requestAnimationFrame(() => {
        setTimeout(() => {
          probe.samples.push({ painted: performance.now() - pending.start, flipped: flipped - pending.start });
        }, 0);
      });
    }).observe(document.body, { attributes: true, attributeFilter: ['aria-pressed'], subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'click') probe.slowEvents.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
}

async function sampleCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __tapProbe: { samples: unknown[] } }).__tapProbe.samples.length);
}

/** A finger (or mouse button) held as long as a person does, so the press is handled before the release. */
const PRESS_MS = 80;

/** One tap: press, hold PRESS_MS, release; the click follows the release. */
async function tap(page: Page, cdp: CDPSession, target: Locator, touch: boolean): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('tap target has no box');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (touch) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    await page.waitForTimeout(PRESS_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.waitForTimeout(PRESS_MS);
    await page.mouse.up();
  }
}

/** Taps `targets` in turn, waiting for each tap's sample; returns the measured samples. */
async function tapAll(page: Page, cdp: CDPSession, targets: readonly Locator[], touch: boolean): Promise<TapSample[]> {
  const total = WARMUP_TAPS + MEASURED_TAPS;
  for (let i = 0; i < total; i += 1) {
    const target = targets[i % targets.length] as Locator;
    const before = await sampleCount(page);
    await tap(page, cdp, target, touch);
    const deadline = Date.now() + 5_000;
    while ((await sampleCount(page)) === before) {
      if (Date.now() > deadline) throw new Error(`tap ${i + 1} changed nothing on the page`);
      await page.waitForTimeout(5);
    }
    // Let the page settle so taps do not overlap.
    await page.waitForTimeout(100);
  }
  const samples = await page.evaluate(
    () => (window as unknown as { __tapProbe: { samples: TapSample[] } }).__tapProbe.samples,
  );
  return samples.slice(-MEASURED_TAPS);
}

async function slowEvents(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __tapProbe: { slowEvents: number[] } }).__tapProbe.slowEvents);
}

async function resetSlowEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __tapProbe: { slowEvents: number[] } }).__tapProbe.slowEvents = [];
  });
}

function summarize(samples: readonly TapSample[]) {
  const painted = samples.map((sample) => sample.painted).sort((a, b) => a - b);
  const flipped = samples.map((sample) => sample.flipped).sort((a, b) => a - b);
  return { median: percentile(painted, 50), p95: percentile(painted, 95), flippedMedian: percentile(flipped, 50) };
}

const distDir = join(ROOT, 'dist-bench');
if (!process.argv.includes('--no-build')) {
  console.log('Building the app (vite build --outDir dist-bench)…');
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: ROOT, stdio: 'ignore' });
}

const dataDir = mkdtempSync(join(tmpdir(), 'berangkat-ui-'));
const port = await freePort();
console.log('Starting the server on a fresh database…');
const server = await startServer(port, dataDir, { distDir });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
const base = `http://127.0.0.1:${port}`;
const search = `${base}/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${tomorrowInJakarta()}`;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rows: string[][] = [];
try {
  for (const profile of PROFILES) {
    const context = await browser.newContext({ ...profile.options, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    const page = await context.newPage();
    await page.goto(search);
    await page.getByRole('button', { name: SCHEDULE_BUTTON }).click();
    const map = page.getByRole('grid', { name: /^Denah kursi / });
    await map.waitFor();
    await page.getByRole('tab', { name: FLOOR, exact: true }).click();
    await page.getByRole('grid', { name: `Denah kursi ${FLOOR}` }).waitFor();
    const free = map.locator('button[data-seat-key]:not([aria-disabled="true"])');
    if ((await free.count()) < CYCLED_SEATS) throw new Error('not enough free seats on the upper floor');
    const seats = Array.from({ length: CYCLED_SEATS }, (_, index) => free.nth(index));

    await installProbe(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await resetSlowEvents(page);
    const seatSamples = await tapAll(page, cdp, seats, profile.touch);
    const seatSlow = (await slowEvents(page)).slice(-MEASURED_TAPS);

    // Baseline: a copy of a seat tile outside React whose click swaps its look and aria-pressed by
    // hand, same probe, same frame wait: what painting a seat change costs without the app.
    await page.evaluate(() => {
      const chosen = document.querySelector<HTMLElement>('[data-seat-key][aria-pressed="true"]');
      const free = document.querySelector<HTMLElement>('[data-seat-key][aria-pressed="false"]:not([aria-disabled])');
      if (!chosen || !free) throw new Error('no seat to copy');
      const on = chosen.className;
      const off = free.className;
      const box = document.createElement('div');
      box.style.cssText = `position:fixed;top:120px;left:8px;z-index:99;display:flex;width:${free.offsetWidth}px;height:${free.offsetHeight}px`;
      const copy = free.cloneNode(true) as HTMLElement;
      copy.removeAttribute('data-seat-key');
      copy.removeAttribute('aria-describedby');
      copy.id = 'bench-baseline';
      copy.addEventListener('click', () => {
        const pressed = copy.getAttribute('aria-pressed') === 'true';
        copy.className = pressed ? off : on;
        copy.setAttribute('aria-pressed', pressed ? 'false' : 'true');
      });
      box.append(copy);
      document.body.append(box);
    });
    const baselineSamples = await tapAll(page, cdp, [page.locator('#bench-baseline')], profile.touch);

    const seat = summarize(seatSamples);
    const baseline = summarize(baselineSamples);
    rows.push([
      profile.name,
      String(seatSamples.length),
      ms(seat.median),
      ms(seat.p95),
      ms(seat.flippedMedian),
      ms(baseline.median),
      ms(baseline.flippedMedian),
      (seat.median / baseline.median).toFixed(2),
      `${seatSlow.length}/${MEASURED_TAPS}${seatSlow.length > 0 ? ` (max ${Math.max(...seatSlow)} ms)` : ''}`,
    ]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await context.close();
  }
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const header = [
  'profile',
  'taps',
  'tap->painted median',
  'p95',
  'tap->aria-pressed median',
  'baseline median',
  'baseline ->aria-pressed',
  'ratio',
  'Event Timing >= 16 ms',
];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
console.log(
  `\nSeat tap -> painted selection: DD40 (40 seats, two floors), ${SCHEDULE_BUTTON.replace('Pilih ', '')}, ${FLOOR}, CPU slowdown ${CPU_SLOWDOWN}x`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  '\nTap time: click event.timeStamp (capture listener) -> aria-pressed flips (MutationObserver) -> ' +
    'requestAnimationFrame + setTimeout 0 (after the frame is painted). Baseline: a seat tile toggled by hand outside React, same method. ' +
    `Goal: median under 16 ms.`,
);
