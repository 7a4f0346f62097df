/**
 * npm run bench:startup [-- --no-build] [-- --runs=N] [-- --dist=<built folder>] [-- --page=<name>]
 *
 * Where a page's start-up time goes on a slow phone, from a Chromium trace rather than
 * Lighthouse's simulation: the production build served by the real server, the mobile viewport,
 * the CPU really slowed 4x (DevTools' CPU throttling), no network throttling. For each page (home,
 * the schedule list) and run it reads the main thread's tasks from the trace and prints the median
 * of: first contentful paint, the last LCP candidate, the blocking time after the first paint
 * (each task's time over 50 ms, as TBT counts it) and over the whole load, and the longest task
 * with what it mostly ran (module evaluation, React's work, style and layout).
 *
 * Lighthouse (`bench:web`) scores; this one says which task to shorten. `--dist` measures another
 * build (`vite build --outDir <folder>` of an earlier commit) against the same server.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';
import { searchUrl } from './support/seat-page';
import { median } from './support/stats';
import { ROOT, freePort, startServer, stopServer } from './support/server';

const CPU_SLOWDOWN = 4;
/** A long task is over 50 ms (the Long Tasks API's and TBT's threshold). */
const LONG_TASK_MS = 50;
/** How long a run records after navigating: the start-up and the first data are done by then. */
const RECORD_MS = 6000;
const MOBILE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(option('runs') ?? 3);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

interface Run {
  fcpMs: number;
  lcpMs: number;
  blockingAfterFcpMs: number;
  blockingAllMs: number;
  longestMs: number;
  longestWork: string;
}

const PAGES: readonly { name: string; url: (base: string) => string }[] = [
  { name: 'home', url: (base) => `${base}/` },
  { name: 'schedule list', url: (base) => searchUrl(base) },
];

/** What a task mostly ran: the longest of its direct work, named as DevTools names it. */
function mainWork(task: TraceEvent, inside: readonly TraceEvent[]): string {
  const children = inside.filter((event) => event !== task && event.name !== 'RunTask' && (event.dur ?? 0) > 0);
  const byName = new Map<string, number>();
  for (const child of children) byName.set(child.name, Math.max(byName.get(child.name) ?? 0, child.dur ?? 0));
  const [name, dur] = [...byName].sort((a, b) => b[1] - a[1])[0] ?? ['(nothing traced)', 0];
  return `${name} ${Math.round(dur / 1000)} ms`;
}

function analyse(events: readonly TraceEvent[]): Run {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      (event.args.data.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!navigation) throw new Error('No navigation of the main frame in the trace');
  const start = navigation.ts;
  const onMain = events.filter((event) => event.pid === navigation.pid && event.tid === navigation.tid);
  const tasks = onMain
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.ts >= start)
    .sort((a, b) => a.ts - b.ts);
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint' && event.ts >= start);
  const lcp = events.filter((event) => event.name === 'largestContentfulPaint::Candidate' && event.ts >= start).at(-1);
  const fcpTs = firstPaint?.ts ?? Number.POSITIVE_INFINITY;
  const excess = (task: TraceEvent) => Math.max(0, (task.dur ?? 0) / 1000 - LONG_TASK_MS);
  const longest = tasks.reduce<TraceEvent | undefined>(
    (best, task) => ((task.dur ?? 0) > (best?.dur ?? 0) ? task : best),
    undefined,
  );
  const inside = longest
    ? onMain.filter((e) => e.ph === 'X' && e.ts >= longest.ts && e.ts + (e.dur ?? 0) <= longest.ts + (longest.dur ?? 0))
    : [];
  return {
    fcpMs: firstPaint ? (firstPaint.ts - start) / 1000 : Number.NaN,
    lcpMs: lcp ? (lcp.ts - start) / 1000 : Number.NaN,
    blockingAfterFcpMs: tasks.filter((task) => task.ts >= fcpTs).reduce((sum, task) => sum + excess(task), 0),
    blockingAllMs: tasks.reduce((sum, task) => sum + excess(task), 0),
    longestMs: (longest?.dur ?? 0) / 1000,
    longestWork: longest ? mainWork(longest, inside) : '',
  };
}

const distDir = option('dist') ?? join(ROOT, 'dist-bench-startup');
if (!process.argv.includes('--no-build') && !option('dist')) {
  console.log('Building the app (vite build --outDir dist-bench-startup)…');
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: ROOT, stdio: 'ignore' });
}
const onlyPage = option('page');
const pages = onlyPage ? PAGES.filter((page) => page.name.includes(onlyPage)) : PAGES;
if (pages.length === 0) throw new Error(`No page named like "${onlyPage}": ${PAGES.map((p) => p.name).join(', ')}`);

const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-'));
const port = await freePort();
const server = await startServer(port, dataDir, { distDir, runner: 'compiled' });
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results = new Map<string, Run[]>();
try {
  for (const page of pages) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A new context per run: an empty HTTP cache, as a first visit.
      const context = await browser.newContext(MOBILE);
      const tab = await context.newPage();
      await tab.goto(`${base}/favicon.svg`);
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const events: TraceEvent[] = [];
      // The protocol types the events as string maps; they are Chrome's trace event format.
      cdp.on('Tracing.dataCollected', (batch) => events.push(...(batch.value as unknown as TraceEvent[])));
      const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', {
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'loading',
            'blink.user_timing',
          ],
        },
        transferMode: 'ReportEvents',
      });
      await tab.goto(page.url(base));
      await tab.waitForTimeout(RECORD_MS);
      await cdp.send('Tracing.end');
      await complete;
      runs.push(analyse(events));
      await context.close();
    }
    results.set(page.name, runs);
    console.log(`${page.name}: ${RUNS} runs done`);
  }
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nChromium trace, CPU ${CPU_SLOWDOWN}x slower, mobile viewport, no network throttling; median of ${RUNS} runs.\n`,
);
console.log(
  '| page | FCP ms | LCP ms | blocking after FCP ms | blocking, whole load ms | longest task ms | its main work (longest run) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const [name, runs] of results) {
  const pick = (key: 'fcpMs' | 'lcpMs' | 'blockingAfterFcpMs' | 'blockingAllMs' | 'longestMs') =>
    Math.round(median(runs.map((run) => run[key])));
  const worst = [...runs].sort((a, b) => b.longestMs - a.longestMs)[0];
  console.log(
    `| ${name} | ${pick('fcpMs')} | ${pick('lcpMs')} | ${pick('blockingAfterFcpMs')} | ${pick('blockingAllMs')} | ${pick('longestMs')} | ${worst?.longestWork ?? ''} |`,
  );
}
