/**
 * `npm run paths -- booking|seat-selection [--json]`: the paths the model-based Playwright tests
 * take through a chart, printed as an Indonesian test plan (what to tap or fill, what the page
 * must then show, which tool a step needs) with the states and transitions of the chart they
 * take. The plan and the Playwright test come from one module per chart (e2e/support/*-plan.ts),
 * so what is printed is what the test runs. Both plans book seeded departures on fixed days, read
 * from the seed (e2e/support/seeded-departures.ts): no running app is needed to print them.
 * Exit codes: 0 printed, 1 unknown chart.
 */
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { seatSelectionMachine } from '../machines/seat-selection.machine';
import type { LayoutMode } from '../machines/types';
import {
  PLAN_BOOKER,
  PLAN_PASSENGER,
  PLAN_SEATS,
  bookingDate,
  bookingDeparture,
  bookingPlan,
  chartCoverage,
  planStart,
  regionCoverage,
  type RegionCoverage,
  type Tool,
} from '../e2e/support/booking-plan';
import {
  SEAT_SCENARIOS,
  modelPaths,
  replay as replaySeats,
  scenarioInput,
  seatDate,
  seatPlan,
} from '../e2e/support/seat-selection-plan';
import { BOOKING_PLAN_DAY, SEAT_PLAN_DAY, departure, departureText, longDate } from '../e2e/support/seeded-departures';
import { coverageRecorder } from '../tests/machines/support/coverage';

export const CHARTS = ['booking', 'seat-selection'] as const;
type Chart = (typeof CHARTS)[number];

export interface PrintedStep {
  action: string;
  expect: string;
  toasts: string[];
  tool: Tool | null;
}

export interface PrintedPlan {
  chart: Chart;
  layout: LayoutMode;
  title: string;
  /** Departure, date, data and preparation: what a tester sets up before the first path. */
  header: string[];
  paths: { title: string; setup: Tool | null; teardown: Tool | null; steps: PrintedStep[] }[];
  coverage: { regions: RegionCoverage[]; steps: number; note: string };
}

const LAYOUT_NAME = { d: 'desktop', m: 'mobile' } as const;
const rupiah = (amount: number) => `Rp ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
const dateLine = (iso: string, offset: number) => `Tanggal: ${longDate(iso)} (${iso}; hari ini + ${offset} hari)`;
/** How a tester gets the layout (the app switches at 768 px, src/platform/layout-mode.ts). */
const LAYOUT_LINE: Record<LayoutMode, string> = {
  d: 'Tampilan: desktop, jendela selebar 768 px atau lebih (Playwright memakai 1280x800)',
  m: 'Tampilan: mobile, di ponsel atau dengan alat: DevTools Chrome, device toolbar selebar di bawah 768 px (Playwright memakai 390x844)',
};
const DATA_LINE =
  'Data: database demo yang di-seed hari ini (npm run db:reset, lalu npm start: http://127.0.0.1:3000); ' +
  'seed tidak menjual kursi keberangkatan biasa lewat 14 hari ke depan, jadi nomor kursi di bawah tetap sama';

export function bookingPlans(): PrintedPlan[] {
  const one = bookingDeparture();
  return (['d', 'm'] as const).map((layout) => {
    const start = (seat: string) => planStart(layout, seat);
    const plan = bookingPlan(start, layout);
    const other = layout === 'd' ? 'm' : 'd';
    const prepare =
      layout === 'd'
        ? `pilih kursi jalur itu pada denah, ketuk "Simpan"; di halaman pemesanan isi "Penumpang 1" dengan "${PLAN_PASSENGER}" dan "Informasi Pemesan"`
        : `pilih kursi jalur itu pada denah, ketuk "Lanjutkan"; di "Form Penumpang Pergi" isi "${PLAN_PASSENGER}", "Simpan"; di halaman pemesanan isi "Data Pemesan"`;
    return {
      chart: 'booking',
      layout,
      title: 'Halaman pemesanan: satu kursi, penumpang dan pemesan terisi, opsi belum disentuh',
      header: [
        `Keberangkatan: ${departureText(one)}; tarif ${rupiah(one.price)}`,
        dateLine(bookingDate(), BOOKING_PLAN_DAY),
        LAYOUT_LINE[layout],
        DATA_LINE,
        `Kursi: ${plan.map((path, index) => `jalur ${index + 1} Kursi ${path.seat}`).join(', ')} ` +
          `(tampilan ${LAYOUT_NAME[other]} memakai Kursi ${PLAN_SEATS[other].join(', ')})`,
        // "Pilih" keeps the donation and the booker of an earlier booking: each path starts without one.
        `Persiapan setiap jalur: di jendela penyamaran baru (tanpa pesanan tersimpan), cari Bandung → Jakarta pada tanggal itu, ` +
          `ketuk "${one.pilih}", ${prepare} (${PLAN_BOOKER.name}, ${PLAN_BOOKER.phone}, ${PLAN_BOOKER.email}); ` +
          'jangan sentuh opsi lain',
      ],
      paths: plan.map((path) => ({
        title: `${path.title} (Kursi ${path.seat})`,
        setup: path.setup,
        teardown: path.teardown,
        steps: path.steps,
      })),
      coverage: {
        regions: chartCoverage(start, plan),
        steps: plan.reduce((sum, path) => sum + path.steps.length, 0),
        note:
          'Bagan anak booking-price dan booking-hold tidak dihitung di sini (tests/machines/booking-price.model.test.ts, ' +
          'booking-hold.model.test.ts); transisi yang tidak dilalui halaman ini diuji di tests/machines/booking.model.test.ts.',
      },
    };
  });
}

/** The seat chart's states and transitions the paths of one scenario take. */
function seatCoverage(input: Parameters<typeof replaySeats>[0], paths: Parameters<typeof replaySeats>[1][]) {
  const recorder = coverageRecorder();
  for (const events of paths) {
    replaySeats(input, events, recorder.inspect);
    recorder.pathDone();
  }
  const machine = seatSelectionMachine as AnyStateMachine;
  return regionCoverage(machine, recorder.result(machine), () => 'seat-selection');
}

export function seatPlans(): PrintedPlan[] {
  const plans: PrintedPlan[] = [];
  for (const layout of ['d', 'm'] as const) {
    for (const scenario of SEAT_SCENARIOS) {
      const input = scenarioInput(scenario, layout);
      const plan = seatPlan(input, scenario);
      const legs = scenario.legs.map((leg) => departure(leg.scheduleCode));
      plans.push({
        chart: 'seat-selection',
        layout,
        title: scenario.name,
        header: [
          ...legs.map(
            (leg, index) => `${legs.length > 1 ? `Rute ${index + 1}: ` : 'Keberangkatan: '}${departureText(leg)}`,
          ),
          dateLine(seatDate(), SEAT_PLAN_DAY),
          LAYOUT_LINE[layout],
          DATA_LINE,
          `Setiap jalur: cari Bandung → ${legs.at(-1)?.destination.city ?? '?'} pada tanggal itu dan ketuk ` +
            `"${typeof scenario.pilih === 'string' ? scenario.pilih : `Pilih ${legs.map((leg) => leg.operatorName).join(' + ')} …`}"`,
        ],
        paths: plan.map((path) => ({
          title: path.title,
          setup: null,
          teardown: null,
          steps: path.steps.map((step) => ({ ...step, tool: null })),
        })),
        coverage: {
          regions: seatCoverage(input, modelPaths(input, scenario.events, scenario.effects)),
          steps: plan.reduce((sum, path) => sum + path.steps.length, 0),
          note: 'Keadaan dan transisi yang tidak dilalui halaman ini diuji di tests/machines/seat-selection.model.test.ts.',
        },
      });
    }
  }
  return plans;
}

const toolLine = (indent: string, when: string, tool: Tool) => `${indent}${when}Perlu alat: ${tool.tool}: ${tool.what}`;

function coverageLines(coverage: PrintedPlan['coverage'], chart: Chart): string[] {
  const count = (part: { covered: string[]; missing: string[] }) =>
    `${part.covered.length}/${part.covered.length + part.missing.length}`;
  const list = (names: string[]) => (names.length > 0 ? names.join('; ') : '-');
  const lines = [`Cakupan bagan ${chart} oleh jalur di atas (${coverage.steps} langkah):`];
  for (const region of coverage.regions) {
    const hasStates = region.states.covered.length + region.states.missing.length > 0;
    lines.push(
      `  ${region.region}: ${hasStates ? `${count(region.states)} keadaan, ` : ''}${count(region.transitions)} transisi`,
    );
    if (hasStates) {
      lines.push(`    keadaan dilalui: ${list(region.states.covered)}`);
      if (region.states.missing.length > 0) lines.push(`    keadaan tidak dilalui: ${list(region.states.missing)}`);
    }
    lines.push(`    transisi dilalui: ${list(region.transitions.covered)}`);
    if (region.transitions.missing.length > 0)
      lines.push(`    transisi tidak dilalui: ${list(region.transitions.missing)}`);
  }
  const sum = (pick: (region: RegionCoverage) => { covered: string[]; missing: string[] }) => ({
    covered: coverage.regions.flatMap((region) => pick(region).covered),
    missing: coverage.regions.flatMap((region) => pick(region).missing),
  });
  lines.push(
    `  Jumlah: ${count(sum((region) => region.states))} keadaan, ${count(sum((region) => region.transitions))} transisi`,
  );
  lines.push(`  ${coverage.note}`);
  return lines;
}

export function planText(plans: PrintedPlan[]): string[] {
  const lines: string[] = [];
  for (const plan of plans) {
    lines.push(`== ${plan.chart} · tampilan ${LAYOUT_NAME[plan.layout]} · ${plan.title}`, ...plan.header);
    for (const [index, path] of plan.paths.entries()) {
      lines.push('', `Jalur ${index + 1} (${path.steps.length} langkah): ${path.title}`);
      if (path.setup) lines.push(toolLine('  ', 'Sebelum persiapan — ', path.setup));
      for (const [number, step] of path.steps.entries()) {
        const label = `  ${number + 1}. `;
        const indent = ' '.repeat(label.length);
        if (step.tool) lines.push(toolLine(label, '', step.tool), `${indent}${step.action}`);
        else lines.push(`${label}${step.action}`);
        lines.push(`${indent}Halaman menampilkan: ${step.expect}`);
        for (const toast of step.toasts) lines.push(`${indent}Pesan muncul: "${toast}"`);
      }
      if (path.teardown) lines.push(toolLine('  ', 'Sesudah jalur ini — ', path.teardown));
    }
    lines.push('', ...coverageLines(plan.coverage, plan.chart), '');
  }
  return lines;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const chart = args.find((arg) => !arg.startsWith('--'));
  if (!chart || !(CHARTS as readonly string[]).includes(chart)) {
    console.error(`Mesin "${chart ?? ''}" tidak punya rencana uji halaman. Pilihan: ${CHARTS.join(', ')}`);
    console.error('Jalur tingkat mesin lainnya ada di tests/machines/*.model.test.ts (npx vitest run tests/machines).');
    return 1;
  }
  const plans = chart === 'booking' ? bookingPlans() : seatPlans();
  if (args.includes('--json')) console.log(JSON.stringify(plans, null, 2));
  else for (const line of planText(plans)) console.log(line);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
