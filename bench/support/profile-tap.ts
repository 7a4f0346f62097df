/**
 * npx tsx bench/support/profile-tap.ts [--dist=dist-bench] [--desktop] [--taps=30] [--cpu=4]
 *
 * Where a seat tap's time goes, for finding work to remove (bench:ui gives the figures). Opens the
 * seat page as bench:ui does, slows the CPU, and taps while (1) the V8 sampling profiler runs:
 * self and inclusive time per function, and (2) a DevTools timeline trace runs: time per
 * renderer main-thread task kind (event dispatch by type, style, layout, paint, timers, idle
 * callbacks). Figures are per tap. Build with `vite build --minify false` for readable names.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';
import { ROOT, freePort, startServer, stopServer } from './server';
import { PROFILES, openSeatPage, tapAt } from './seat-page';

const arg = (name: string) => process.argv.find((value) => value.startsWith(`--${name}=`))?.split('=')[1];
const distDir = join(ROOT, arg('dist') ?? 'dist-bench');
const taps = Number(arg('taps') ?? 30);
const cpu = Number(arg('cpu') ?? 4);
const profile = PROFILES[process.argv.includes('--desktop') ? 1 : 0]!;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** Taps at fixed points (seats' centres found once), so no locator work lands in the profile. */
async function tapMany(page: Page, cdp: CDPSession, points: readonly { x: number; y: number }[], count: number) {
  for (let i = 0; i < count; i += 1) {
    await tapAt(page, cdp, points[i % points.length]!, profile.touch);
    await page.waitForTimeout(250);
  }
}

async function centres(seats: readonly Locator[]) {
  await seats[0]!.scrollIntoViewIfNeeded();
  return Promise.all(
    seats.map(async (seat) => {
      const box = await seat.boundingBox();
      if (!box) throw new Error('seat has no box');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }),
  );
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url.split('/').pop() ?? '';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
}

function printTop(title: string, totals: Map<string, number>, limit = 30) {
  console.log(`\n${title}`);
  for (const [name, micros] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${(micros / 1000 / taps).toFixed(2).padStart(8)} ms  ${name}`);
  }
}

/**
 * Runs in the page before the app: counts function components that did work in each commit.
 * A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
 */
const countRenders = `(() => {
  window.__renders = {};
  const nameOf = (type) => {
    if (typeof type === 'function') return type.displayName || type.name || '(anonymous)';
    if (type && typeof type === 'object') return nameOf(type.type || type.render);
    return String(type);
  };
  const count = (fiber) => {
    const name = nameOf(fiber.type);
    window.__renders[name] = (window.__renders[name] || 0) + 1;
  };
  // As React DevTools does: a subtree whose child list is shared with the previous tree did not
  // render; below a changed one, flags are fresh and PerformedWork marks a component that rendered.
  const walk = (fiber) => {
    for (let at = fiber.child; at; at = at.sibling) {
      const isComponent = [0, 11, 14, 15].includes(at.tag);
      if (!at.alternate) {
        if (isComponent) count(at);
        walk(at);
        continue;
      }
      if (isComponent && (at.flags & 1) === 1) count(at);
      if (at.child !== at.alternate.child) walk(at);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { this.renderers.set(1, renderer); return 1; },
    onCommitFiberRoot(_id, root) { if (root.current.alternate && root.current.child !== root.current.alternate.child) walk(root.current); },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();`;

const dataDir = mkdtempSync(join(tmpdir(), 'berangkat-profile-'));
const port = await freePort();
const server = await startServer(port, dataDir, { distDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const { context, page, cdp, seats } = await openSeatPage(
    browser,
    `http://127.0.0.1:${port}`,
    profile,
    async (ctx) => {
      await ctx.addInitScript({ content: countRenders });
    },
  );
  const points = await centres(seats);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  await tapMany(page, cdp, points, 5);

  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await tapMany(page, cdp, points, taps);
  const { profile: cpuProfile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  const byId = new Map(cpuProfile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of cpuProfile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  cpuProfile.samples.forEach((id, index) => {
    const delta = cpuProfile.timeDeltas[index + 1] ?? 0;
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') return;
    const name = frameName(node);
    self.set(name, (self.get(name) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frameName(byId.get(at)!);
      if (seen.has(frame)) continue;
      seen.add(frame);
      inclusive.set(frame, (inclusive.get(frame) ?? 0) + delta);
    }
  });
  console.log(`${profile.name}, CPU ${cpu}x, ${taps} taps; ms per tap`);
  printTop('JS self time', self);
  printTop('JS inclusive time', inclusive, 60);

  // (3) Which components render per tap: React's devtools hook sees every commit.
  await page.evaluate(() => ((window as unknown as { __renders: Record<string, number> }).__renders = {}));
  await tapMany(page, cdp, points, taps);
  const renders = await page.evaluate(() => (window as unknown as { __renders: Record<string, number> }).__renders);
  console.log('\nComponents rendered per tap (React commits, both the urgent and the deferred one)');
  for (const [name, count] of Object.entries(renders).sort((a, b) => b[1] - a[1])) {
    console.log(`${(count / taps).toFixed(1).padStart(8)}  ${name}`);
  }
  void context;

  const chunks: string[] = [];
  cdp.on('Tracing.dataCollected', (event: { value: unknown[] }) =>
    chunks.push(...event.value.map((v) => JSON.stringify(v))),
  );
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute',
    transferMode: 'ReportEvents',
  });
  await tapMany(page, cdp, points, taps);
  await cdp.send('Tracing.end');
  await done;
  type TraceEvent = {
    name: string;
    ph: string;
    dur?: number;
    tid: number;
    pid: number;
    args?: { data?: { type?: string; frame?: string } };
    cat: string;
  };
  const events = chunks.map((chunk) => JSON.parse(chunk) as TraceEvent);
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      (event.args as { name?: string } | undefined)?.name === 'CrRendererMain' &&
      events.some((e) => e.pid === event.pid && e.name === 'EventDispatch'),
  );
  const kinds = new Map<string, number>();
  for (const event of events) {
    if (!main || event.pid !== main.pid || event.tid !== main.tid || event.ph !== 'X' || !event.dur) continue;
    const name = event.name === 'EventDispatch' ? `EventDispatch ${event.args?.data?.type}` : event.name;
    kinds.set(name, (kinds.get(name) ?? 0) + event.dur);
  }
  printTop('Renderer main thread, by trace event (nested events counted in each)', kinds, 40);

  // The last three taps as a timeline: from the release to 80 ms after it, each main-thread task
  // with the notable events inside it.
  type Timed = TraceEvent & { ts: number };
  const onMain = (events as Timed[])
    .filter((event) => main && event.pid === main.pid && event.tid === main.tid && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const releaseType = profile.touch ? 'touchend' : 'mouseup';
  const releases = onMain.filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === releaseType);
  const notable =
    /^(EventDispatch|FunctionCall|TimerFire|FireAnimationFrame|FireIdleCallback|UpdateLayoutTree|Layout|PrePaint|Paint|Commit|Layerize|RunMicrotasks|MinorGC|HitTest)$/;
  for (const release of releases.slice(-3)) {
    console.log(`\nTap at ${(release.ts / 1000).toFixed(1)} ms`);
    const tasks = onMain.filter(
      (event) =>
        event.name === 'RunTask' && event.ts + (event.dur ?? 0) >= release.ts && event.ts < release.ts + 80_000,
    );
    for (const task of tasks) {
      const inside = onMain.filter(
        (event) =>
          event !== task &&
          notable.test(event.name) &&
          event.ts >= task.ts &&
          event.ts < task.ts + (task.dur ?? 0) &&
          (event.dur ?? 0) >= 200,
      );
      const parts = inside.map(
        (event) =>
          `${event.name}${event.args?.data?.type ? `(${event.args.data.type})` : ''} ${((event.dur ?? 0) / 1000).toFixed(1)}`,
      );
      console.log(
        `  +${((task.ts - release.ts) / 1000).toFixed(1).padStart(6)} ms task ${((task.dur ?? 0) / 1000).toFixed(1).padStart(5)} ms: ${parts.join(', ')}`,
      );
    }
  }
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
