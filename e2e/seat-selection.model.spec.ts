import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  API_BASE,
  DEFAULT_BASIC_CREDENTIALS,
  HEADER,
  KursiResultsSchema,
  PREFIX,
  USER_ID_LENGTH,
  okEnvelope,
} from '../contract';
import type { SeatSelectionEvent, SeatSelectionInput } from '../machines/seat-selection.machine';
import type { SeatLayout, TripLeg } from '../machines/types';
import {
  SEAT_SCENARIOS,
  describePath,
  expectPageShows,
  modelPaths,
  playEvent,
  replay,
  seatPlan,
  type SeatScenario,
} from './support/seat-selection-model';

/*
 * Model-based test of the seat page: paths generated from the seat-selection chart drive the real
 * page (search, "Pilih", then one user action per event), and after every step the page must show
 * what e2e/support/seat-selection-model.ts expects of the state the chart reached. The chart gets
 * the layouts the server serves today, so its guards see the same free and taken seats.
 */

test.describe.configure({ timeout: 120_000 });

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * The day after tomorrow: the plans pick "free" seats from layouts read before the run, so the
 * trips must not be the ones other specs book and hold in parallel (they travel tomorrow).
 */
function travelDay(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
}

const AUTHORIZATION = `Basic ${Buffer.from(
  `${DEFAULT_BASIC_CREDENTIALS.WEB.user}:${DEFAULT_BASIC_CREDENTIALS.WEB.password}`,
).toString('base64')}`;

/** The layout the page will load: read from the same server, parsed with the contract. */
async function fetchLayout(
  request: APIRequestContext,
  operatorCode: string,
  scheduleCode: string,
  connectingCode?: string,
): Promise<SeatLayout> {
  const reply = await request.get(`${API_BASE}/${PREFIX}/kursi`, {
    params: {
      operator_kode: operatorCode,
      jadwal_kode: scheduleCode,
      tanggal_berangkat: travelDay(),
      ...(connectingCode ? { jadwal_kode_connecting: connectingCode } : {}),
    },
    headers: {
      [HEADER.userId]: 'e2e'.padEnd(USER_ID_LENGTH, '0'),
      [HEADER.platform]: 'WEB',
      [HEADER.authorization]: AUTHORIZATION,
    },
  });
  expect(reply.ok()).toBe(true);
  return okEnvelope(KursiResultsSchema).parse(await reply.json()).results;
}

/** Only what the chart reads of a leg (selectSeat and the codes of the layout request). */
function leg(operatorCode: string, scheduleCode: string, selectSeat = true): TripLeg {
  return {
    operatorCode,
    operatorName: operatorCode,
    operatorType: 'shuttle',
    operatorLogo: '',
    scheduleCode,
    date: travelDay(),
    departureTime: '00:00',
    origin: '',
    destination: '',
    selectSeat,
    refundable: true,
  };
}

type Scenario = Pick<SeatScenario, 'destination' | 'pilih'>;

function scenario(index: number): SeatScenario {
  const found = SEAT_SCENARIOS[index];
  if (!found) throw new Error(`no seat scenario ${index}`);
  return found;
}

/** The scenario's paths: the very ones `npm run paths -- seat-selection` prints, in the same order. */
function scenarioPaths(input: SeatSelectionInput, chosen: SeatScenario): SeatSelectionEvent[][] {
  const paths = modelPaths(input, chosen.events, chosen.effects);
  expect(paths.length).toBeGreaterThan(0);
  expect(seatPlan(input, chosen).map((path) => path.title)).toEqual(paths.map((path) => describePath(input, path)));
  return paths;
}

/** Drives each path on the page and checks every state it passes; returns the steps taken. */
async function runPaths(page: Page, scenario: Scenario, input: SeatSelectionInput, paths: SeatSelectionEvent[][]) {
  const search = `/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=${scenario.destination}&tujuan_tipe=kota&tanggal=${travelDay()}`;
  let steps = 0;
  for (const path of paths) {
    await test.step(describePath(input, path), async () => {
      const { initial, steps: replayed } = replay(input, path);
      // "Pilih" starts a new trip and the seat page over (the previous path's choice is dropped).
      await page.goto(search);
      await page.getByRole('button', { name: scenario.pilih }).click();
      await expect(page).toHaveURL(/\/app\/select-seat/);
      await expectPageShows(page, initial.snapshot, initial.toasts);
      for (const step of replayed) {
        await playEvent(page, step.event, step.before);
        await expectPageShows(page, step.after, step.toasts);
        steps += 1;
      }
    });
  }
  console.log(`[model e2e] ${test.info().title} (${test.info().project.name}): ${paths.length} paths, ${steps} steps`);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-started')) {
      localStorage.removeItem('berangkat:booking');
      sessionStorage.setItem('e2e-started', '1');
    }
  });
});

test('one floor with promo seats: choose, give up, the cap, save', async ({ page, request }) => {
  const layout = await fetchLayout(request, 'CPT', 'CPT-BDG-JKT-1100');
  const input: SeatSelectionInput = {
    direction: 'pergi',
    tripKind: 'one-way',
    legs: [leg('CPT', 'CPT-BDG-JKT-1100')],
    layouts: [layout],
    layout: isMobile(page) ? 'm' : 'd',
  };
  const paths = scenarioPaths(input, scenario(0));
  await runPaths(page, scenario(0), input, paths);
});

test('double decker: switching floors keeps the choice', async ({ page, request }) => {
  const layout = await fetchLayout(request, 'GMA', 'GMA-BDG-JKT-2200');
  const input: SeatSelectionInput = {
    direction: 'pergi',
    tripKind: 'one-way',
    legs: [leg('GMA', 'GMA-BDG-JKT-2200')],
    layouts: [layout],
    layout: isMobile(page) ? 'm' : 'd',
  };
  const paths = scenarioPaths(input, scenario(1));
  await runPaths(page, scenario(1), input, paths);
});

test('connecting trip: legs in order, the first leg sets the count, back a leg, finish', async ({ page, request }) => {
  const code = 'CT-BDG-SMG-0600';
  const legs = [leg('CPT', 'CPT-BDG-CRB-0600'), leg('NRS', 'NRS-CRB-SMG-1000')];
  const layouts = await Promise.all(legs.map((one) => fetchLayout(request, one.operatorCode, one.scheduleCode, code)));
  const input: SeatSelectionInput = {
    direction: 'pergi',
    tripKind: 'connecting',
    legs,
    layouts,
    connectingCode: code,
    layout: isMobile(page) ? 'm' : 'd',
  };
  const paths = scenarioPaths(input, scenario(2));
  await runPaths(page, scenario(2), input, paths);
});

test('schedule without seat choice: the operator assigns seats', async ({ page }) => {
  const input: SeatSelectionInput = {
    direction: 'pergi',
    tripKind: 'one-way',
    legs: [leg('PSK', 'PSK-BDG-JKT-0900', false)],
    layout: isMobile(page) ? 'm' : 'd',
  };
  const paths = modelPaths(input, () => []);
  expect(paths).toEqual([[]]);
  // "Pilih" on it goes to the booking page; the seat page is opened straight, as a link would.
  await page.goto(`/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${travelDay()}`);
  await page.getByRole('button', { name: 'Pilih Pasundan Shuttle Kencana 09.00 WIB' }).click();
  await expect(page).not.toHaveURL(/\/app\/schedule/);
  await page.goto('/app/select-seat');
  const { initial } = replay(input, []);
  await expectPageShows(page, initial.snapshot, initial.toasts);
});
