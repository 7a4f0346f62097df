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
import type { SeatLayout } from '../machines/types';
import {
  SEAT_SCENARIOS,
  describePath,
  expectPageShows,
  modelPaths,
  playEvent,
  replay,
  scenarioInput,
  seatDate,
  seatLeg,
  seatPlan,
  type SeatScenario,
} from './support/seat-selection-model';

/*
 * Model-based test of the seat page: paths generated from the seat-selection chart drive the real
 * page (search, "Pilih", then one user action per event), and after every step the page must show
 * what e2e/support/seat-selection-model.ts expects of the state the chart reached. The chart gets
 * the seat maps the seed gives the plan's day (what `npm run paths -- seat-selection` prints); the
 * test first checks that the server serves exactly those, and the prices on the page are checked
 * against the server's answers.
 */

test.describe.configure({ timeout: 120_000 });

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

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
      tanggal_berangkat: seatDate(),
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

/**
 * The printed scenario's input for this layout, and the seat maps the server serves its legs: the
 * same, or the plan is not what the page shows (the seed changed, or someone booked the plan's day).
 */
async function servedScenario(page: Page, request: APIRequestContext, chosen: SeatScenario) {
  const input = scenarioInput(chosen, isMobile(page) ? 'm' : 'd');
  const served = await Promise.all(
    chosen.legs.map((one) => fetchLayout(request, one.operatorCode, one.scheduleCode, chosen.connectingCode)),
  );
  expect(served).toEqual(input.layouts);
  return { input, served };
}

/** The scenario's paths: the very ones `npm run paths -- seat-selection` prints, in the same order. */
function scenarioPaths(input: SeatSelectionInput, chosen: SeatScenario): SeatSelectionEvent[][] {
  const paths = modelPaths(input, chosen.events, chosen.effects);
  expect(paths.length).toBeGreaterThan(0);
  expect(seatPlan(input, chosen).map((path) => path.title)).toEqual(paths.map((path) => describePath(input, path)));
  return paths;
}

/** Drives each path on the page and checks every state it passes; returns the steps taken. */
async function runPaths(
  page: Page,
  chosen: SeatScenario,
  input: SeatSelectionInput,
  served: readonly SeatLayout[],
  paths: SeatSelectionEvent[][],
) {
  const search = `/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=${chosen.destination}&tujuan_tipe=kota&tanggal=${seatDate()}`;
  let steps = 0;
  for (const path of paths) {
    await test.step(describePath(input, path), async () => {
      const { initial, steps: replayed } = replay(input, path);
      // "Pilih" starts a new trip and the seat page over (the previous path's choice is dropped).
      await page.goto(search);
      await page.getByRole('button', { name: chosen.pilih }).click();
      await expect(page).toHaveURL(/\/app\/select-seat/);
      await expectPageShows(page, initial.snapshot, initial.toasts, served);
      for (const step of replayed) {
        await playEvent(page, step.event, step.before);
        await expectPageShows(page, step.after, step.toasts, served);
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
  // Saved seats are held on the server; the next path's "Pilih" lets them go while the seat page
  // loads its map, so a hold could show a seat this plan counts as free taken. The seat page is
  // tested here, not the hold (reservation-race.spec.ts): a failed hold is silent.
  await page.route('**/hold-kursi', (route) => route.abort());
});

for (const [index, chosen] of SEAT_SCENARIOS.entries()) {
  test(`seat plan ${index + 1}: ${chosen.name}`, async ({ page, request }) => {
    const { input, served } = await servedScenario(page, request, chosen);
    await runPaths(page, chosen, input, served, scenarioPaths(input, chosen));
  });
}

test('schedule without seat choice: the operator assigns seats', async ({ page }) => {
  const input: SeatSelectionInput = {
    direction: 'pergi',
    tripKind: 'one-way',
    legs: [seatLeg('PSK-BDG-JKT-0900', false)],
    layout: isMobile(page) ? 'm' : 'd',
  };
  const paths = modelPaths(input, () => []);
  expect(paths).toEqual([[]]);
  // "Pilih" on it goes to the booking page; the seat page is opened straight, as a link would.
  await page.goto(`/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota&tanggal=${seatDate()}`);
  await page.getByRole('button', { name: 'Pilih Pasundan Shuttle Kencana 09.00 WIB' }).click();
  await expect(page).not.toHaveURL(/\/app\/schedule/);
  await page.goto('/app/select-seat');
  const { initial } = replay(input, []);
  await expectPageShows(page, initial.snapshot, initial.toasts, []);
});
