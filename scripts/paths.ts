/**
 * `npm run paths -- booking|seat-selection [--json]`: the paths the model-based Playwright tests
 * take through a chart, printed as an Indonesian test plan (what to tap or fill, what the page
 * must then show) with the coverage they reach. The plan and the Playwright test come from one
 * module per chart (e2e/support/*-plan.ts), so what is printed is what the test runs.
 * seat-selection reads tomorrow's seat layouts from the running app (`npm start`; PATHS_API_URL,
 * default http://127.0.0.1:3000/api), as its Playwright test does.
 * Exit codes: 0 printed, 1 unknown chart, 2 the app's API could not be read.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_BASIC_CREDENTIALS } from '../contract';
import { seatSelectionMachine, type SeatSelectionInput } from '../machines/seat-selection.machine';
import type { LayoutMode, TripLeg } from '../machines/types';
import { createApiClient } from '../src/api/client';
import { bookingPlan, flowState, model, planStart } from '../e2e/support/booking-plan';
import { SEAT_SCENARIOS, modelPaths, replay as replaySeats, seatPlan } from '../e2e/support/seat-selection-plan';

export const CHARTS = ['booking', 'seat-selection'] as const;
type Chart = (typeof CHARTS)[number];

export interface PrintedPlan {
  chart: Chart;
  layout: LayoutMode;
  title: string;
  paths: { title: string; steps: { action: string; expect: string; toasts: string[] }[] }[];
  coverage: { states: { reached: number; total: number; missing: string[] }; steps: number; kinds: number };
}

const LAYOUT_NAME = { d: 'desktop', m: 'mobile' } as const;

export function bookingPlans(): PrintedPlan[] {
  const flowStates = Object.keys((model.root.states as Record<string, { states: object }>).flow?.states ?? {});
  return (['d', 'm'] as const).map((layout) => {
    const from = planStart(layout);
    const plan = bookingPlan(from);
    const reached = new Set([flowState(from), ...plan.flatMap((path) => path.states)]);
    return {
      chart: 'booking',
      layout,
      title: 'Halaman pemesanan: pemesan dan penumpang sudah terisi, opsi belum disentuh',
      paths: plan.map((path) => ({ title: path.kinds.join(' → '), steps: path.steps })),
      coverage: {
        states: {
          reached: flowStates.filter((state) => reached.has(state)).length,
          total: flowStates.length,
          missing: flowStates.filter((state) => !reached.has(state)),
        },
        steps: plan.reduce((sum, path) => sum + path.steps.length, 0),
        kinds: new Set(plan.flatMap((path) => path.kinds)).size,
      },
    };
  });
}

function tomorrow(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

function leg(operatorCode: string, scheduleCode: string, date: string): TripLeg {
  return {
    operatorCode,
    operatorName: operatorCode,
    operatorType: 'shuttle',
    operatorLogo: '',
    scheduleCode,
    date,
    departureTime: '00:00',
    origin: '',
    destination: '',
    selectSeat: true,
    refundable: true,
  };
}

export async function seatPlans(
  baseUrl = process.env.PATHS_API_URL ?? 'http://127.0.0.1:3000/api',
): Promise<PrintedPlan[]> {
  const client = createApiClient({
    baseUrl,
    getPlatform: () => 'WEB',
    getToken: () => null,
    credentials: DEFAULT_BASIC_CREDENTIALS,
  });
  const date = tomorrow();
  const states = Object.keys(seatSelectionMachine.root.states);
  const plans: PrintedPlan[] = [];
  for (const layout of ['d', 'm'] as const) {
    for (const scenario of SEAT_SCENARIOS) {
      const legs = scenario.legs.map((one) => leg(one.operatorCode, one.scheduleCode, date));
      const layouts = await Promise.all(
        scenario.legs.map((one) =>
          client.request('kursi', {
            operator_kode: one.operatorCode,
            jadwal_kode: one.scheduleCode,
            tanggal_berangkat: date,
            ...(scenario.connectingCode ? { jadwal_kode_connecting: scenario.connectingCode } : {}),
          }),
        ),
      );
      const input: SeatSelectionInput = {
        direction: 'pergi',
        tripKind: legs.length > 1 ? 'connecting' : 'one-way',
        legs,
        layouts,
        ...(scenario.connectingCode ? { connectingCode: scenario.connectingCode } : {}),
        layout,
      };
      const plan = seatPlan(input, scenario);
      const reached = new Set<string>();
      for (const events of modelPaths(input, scenario.events, scenario.effects)) {
        const { initial, steps } = replaySeats(input, events);
        reached.add(String(initial.snapshot.value));
        for (const step of steps) reached.add(String(step.after.value));
      }
      plans.push({
        chart: 'seat-selection',
        layout,
        title: scenario.name,
        paths: plan,
        coverage: {
          states: { reached: reached.size, total: states.length, missing: states.filter((s) => !reached.has(s)) },
          steps: plan.reduce((sum, path) => sum + path.steps.length, 0),
          kinds: plan.length,
        },
      });
    }
  }
  return plans;
}

export function planText(plans: PrintedPlan[]): string[] {
  const lines: string[] = [];
  for (const plan of plans) {
    lines.push(`== ${plan.chart} · tampilan ${LAYOUT_NAME[plan.layout]} · ${plan.title}`);
    for (const [index, path] of plan.paths.entries()) {
      lines.push('', `Jalur ${index + 1} (${path.steps.length} langkah): ${path.title}`);
      for (const [number, step] of path.steps.entries()) {
        lines.push(`  ${number + 1}. ${step.action}`);
        lines.push(`     Halaman menampilkan: ${step.expect}`);
        for (const toast of step.toasts) lines.push(`     Pesan muncul: "${toast}"`);
      }
    }
    const { states } = plan.coverage;
    lines.push(
      '',
      `Cakupan: ${states.reached}/${states.total} keadaan, ${plan.coverage.steps} langkah` +
        (plan.chart === 'booking' ? `, ${plan.coverage.kinds} jenis langkah` : '') +
        (states.missing.length > 0 ? `; tidak dilalui jalur halaman ini: ${states.missing.join(', ')}` : ''),
      '',
    );
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
  let plans: PrintedPlan[];
  try {
    plans = chart === 'booking' ? bookingPlans() : await seatPlans();
  } catch (error) {
    console.error(
      `Denah kursi tidak dapat dibaca (${error instanceof Error ? error.message : String(error)}). Jalankan aplikasi dulu: npm start`,
    );
    return 2;
  }
  if (args.includes('--json')) console.log(JSON.stringify(plans, null, 2));
  else for (const line of planText(plans)) console.log(line);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
