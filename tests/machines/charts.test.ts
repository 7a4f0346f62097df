import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, fromPromise, not, or, setup, stateIn } from 'xstate';
import { SHEET_CLOSE_DELAY_MS, SHEET_OPEN_DELAY_MS } from '../../machines/constants';
import { sheetMachine } from '../../machines/sheet.machine';
import { toasterMachine, toastTimerMachine } from '../../machines/toaster.machine';
import {
  README,
  README_END,
  README_START,
  chartFile,
  chartMarkdown,
  collectMachines,
  machineToMermaid,
  readmeBlock,
  staleChartFiles,
  updateReadme,
  type FoundMachine,
} from '../../scripts/charts';

const found = await collectMachines();

describe('docs/charts are generated from the machines', () => {
  it('finds the machines of machines/*.machine.ts, the sheet machine among them', () => {
    expect(found.map((entry) => entry.id)).toContain('sheet');
    const sheet = found.find((entry) => entry.id === 'sheet');
    expect(sheet).toMatchObject({ name: 'sheetMachine', file: 'machines/sheet.machine.ts' });
    expect(sheet?.machine).toBe(sheetMachine);
  });

  it('charts both machines of the toaster file: the list and one toast timer', () => {
    const toaster = found.filter((entry) => entry.file === 'machines/toaster.machine.ts');
    expect(toaster.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'toast-timer', name: 'toastTimerMachine' },
      { id: 'toaster', name: 'toasterMachine' },
    ]);
    expect(toaster[0]?.machine).toBe(toastTimerMachine);
    expect(toaster[1]?.machine).toBe(toasterMachine);
  });

  it.each(found.map((entry) => [entry.id, entry] as const))('%s: the committed chart is up to date', (_, entry) => {
    const file = chartFile(entry.id);
    const committed = existsSync(file) ? readFileSync(file, 'utf8') : `(missing ${relative(process.cwd(), file)})`;
    expect(committed, 'chart is stale: run npm run charts').toBe(chartMarkdown(entry));
  });

  it('has no chart of a machine that no longer exists', () => {
    expect(staleChartFiles(found), 'chart is stale: run npm run charts').toEqual([]);
  });

  it('README lists every chart', () => {
    const readme = readFileSync(README, 'utf8');
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    const block = start >= 0 && end > start ? readme.slice(start, end + README_END.length) : '(no charts block)';
    expect(block, 'chart is stale: run npm run charts').toBe(readmeBlock(found));
    expect(updateReadme(readme, found)).toBe(readme);
  });
});

describe('machineToMermaid', () => {
  const chart = machineToMermaid(sheetMachine);

  it('draws the sheet machine: states, delays in ms, guards and the initial state', () => {
    expect(chart.startsWith('stateDiagram-v2\n')).toBe(true);
    for (const state of ['closed', 'opening', 'open', 'idle', 'dragging', 'closing']) {
      expect(chart).toMatch(new RegExp(`^\\s+(state )?${state}( \\{)?$`, 'm'));
    }
    expect(chart).toContain('[*] --> closed');
    expect(chart).toContain('[*] --> idle');
    expect(chart).toContain(`opening --> open : after ${SHEET_OPEN_DELAY_MS}ms`);
    expect(chart).toContain(`closing --> closed : after ${SHEET_CLOSE_DELAY_MS}ms [isHistoryBound] / navigateBack`);
    expect(chart).toContain(`closing --> closed : after ${SHEET_CLOSE_DELAY_MS}ms [else]`);
    expect(chart).toContain('after 100ms');
    expect(chart).toContain('after 750ms');
    expect(chart).toContain('open --> open : sheet.close [isCloseBlocked] / toastCloseBlocked');
    expect(chart).toContain('open --> closing : sheet.close [else]');
    expect(chart).toContain('idle --> dragging : sheet.dragStart [isMobileLayout]');
    expect(chart).toContain('dragging --> idle : sheet.dragEnd [!isDraggedPastCloseThreshold]');
    expect(chart).toContain('sheet --> sheet : sheet.setCloseBlock / setCloseBlock');
    expect(chart).toContain('note right of closing\n');
  });

  it('is deterministic', () => {
    expect(machineToMermaid(sheetMachine)).toBe(chart);
  });

  it('draws parallel, final and history states, invokes, eventless and combined guards', () => {
    const machine = setup({
      actors: { priceCheck: fromPromise(async () => 1) },
      guards: { isReady: () => true, isFree: () => false },
      delays: { computed: () => 5 },
    }).createMachine({
      id: 'demo-flow',
      initial: 'loading',
      states: {
        loading: {
          description: 'Asks the server.',
          invoke: {
            src: 'priceCheck',
            onDone: 'work',
            onError: { target: 'failed', guard: or(['isReady', 'isFree']) },
          },
        },
        failed: {
          always: [{ guard: and(['isReady', not('isFree')]), target: 'done' }, { target: 'loading' }],
        },
        work: {
          type: 'parallel',
          onDone: 'done',
          states: {
            left: {
              initial: 'a',
              states: {
                a: { after: { 20: 'b', computed: 'b' } },
                b: { type: 'final' },
                hist: { type: 'history', history: 'deep' },
              },
            },
            right: {
              initial: 'a',
              states: {
                a: { on: { go: { target: 'b', guard: stateIn({ work: { left: 'b' } }) } } },
                b: { type: 'final' },
              },
            },
          },
        },
        done: { type: 'final' },
        default: {},
      },
    });
    const text = machineToMermaid(machine);
    expect(text).toContain('[*] --> demo_flow');
    expect(text).toContain('state "demo-flow" as demo_flow');
    expect(text).toContain('loading --> work : done priceCheck');
    expect(text).toContain('loading --> failed : error priceCheck [(isReady || isFree)]');
    expect(text).toContain('failed --> done : always [(isReady && !isFree)]');
    expect(text).toContain('failed --> loading : always [else]');
    expect(text).toContain('work --> done : done');
    expect(text).toContain('invokes priceCheck');
    // Keys used twice get their full path; the parallel regions are split by `--`.
    expect(text).toContain('demo_flow_work_left_a --> demo_flow_work_left_b : after 20ms');
    expect(text).toContain('demo_flow_work_left_a --> demo_flow_work_left_b : after computed');
    expect(text).toMatch(/^\s+--$/m);
    expect(text).toContain('state "a" as demo_flow_work_right_a');
    expect(text).toContain('demo_flow_work_right_b --> [*]');
    expect(text).toContain('done --> [*]');
    expect(text).toContain('state "H* (hist)" as hist');
    expect(text).toContain('go [in work.left.b]');
    expect(text).toContain('state "default" as state_default');
  });
});

describe('README block', () => {
  const entry: FoundMachine = {
    id: 'sheet',
    name: 'sheetMachine',
    file: 'machines/sheet.machine.ts',
    machine: sheetMachine,
  };

  it('appends a Statecharts section once, then rewrites only the marked block', () => {
    const first = updateReadme('# Title\n\nText.\n', [entry]);
    expect(first).toBe(
      '# Title\n\nText.\n\n## Statecharts\n\n' +
        'One Mermaid diagram per machine, generated from the machine definitions by `npm run charts` (a test\n' +
        'fails when one is stale). The list below is rewritten by the same command.\n\n' +
        `${README_START}\n\n- [sheet](docs/charts/sheet.md) (\`machines/sheet.machine.ts\`)\n\n${README_END}\n`,
    );
    const second = updateReadme(first, []);
    expect(second).toContain(`${README_START}\n\n- (no machines yet)\n\n${README_END}`);
    expect(second.match(/## Statecharts/g)).toHaveLength(1);
    expect(updateReadme(second, [entry])).toBe(first);
  });
});
