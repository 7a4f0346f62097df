import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import {
  API_BASE,
  CekHargaResultsSchema,
  DEFAULT_BASIC_CREDENTIALS,
  HEADER,
  PREFIX,
  RESERVATION_HEADER,
  USER_ID_LENGTH,
  okEnvelope,
  type CekHargaResults,
  type PriceLine,
} from '../contract';
import { dialogTexts, type BookingContext } from '../machines/booking-context';
import { openDialog } from '../machines/booking-selectors';
import type { BookingSnapshot } from '../machines/booking.machine';
import {
  ERROR_TOAST_AFTER,
  FARE_RISE,
  OUTCOME,
  PLAN_BOOKER,
  PLAN_DONATION,
  PLAN_PASSENGER,
  REFUNDABLE_LABEL,
  RESERVE_LOADER,
  STATE_TEXT,
  STEP_TEXT,
  bookingDate,
  bookingDeparture,
  bookingPlan,
  fareBody,
  flowState,
  model,
  modelPaths,
  planStart,
  planSteps,
  replay,
  startState,
  takeSeatBody,
  type ModelEvent,
  type Outcome,
  type PlanPath,
} from './support/booking-plan';
import {
  BOOKING_URL,
  JAKARTA,
  clearBookingOnce,
  desktopPassengers,
  expectBookingPage,
  fillBooker,
  fillNames,
  isMobile,
  leaveForms,
  pickSeats,
  priceLines,
  refundableGroup,
  reserveButton,
  saveMobilePassengerForm,
  searchAndChoose,
  seatMap,
  seatSaveLabel,
  termsCheckbox,
  toast,
} from './support/booking-model';
import { BOOKING_PLAN_DAY } from './support/seeded-departures';

/*
 * The booking machine as the model of the booking page (TESTING.md, "Model-based tests from the
 * charts"). The paths are the ones `npm run paths -- booking` prints (e2e/support/booking-plan.ts):
 * each path prepares its own booking of the plan's seeded departure and seat through the pages,
 * then plays one page action per event (PAGE_ACTIONS) and checks what the page shows in the state
 * the chart reached (STATE_EXPECTATIONS) and the toasts the chart emitted. The money on the page is
 * checked against the server, not the chart: after every step on the booking page its price list
 * must be the server's own cek-harga answer for the choices made, and the totals of the
 * price-change dialog and the payment page must be the server's price after the fare change.
 */

const STORAGE_KEY = 'berangkat:booking';
const CODE_URL = /\/app\/confirmation-order\/[A-HJ-KM-NP-Z2-9]{10}$/;

// ---------------------------------------------------------------------------------------------
// The server as the oracle.

const AUTHORIZATION = `Basic ${Buffer.from(
  `${DEFAULT_BASIC_CREDENTIALS.WEB.user}:${DEFAULT_BASIC_CREDENTIALS.WEB.password}`,
).toString('base64')}`;
const API_HEADERS = {
  [HEADER.userId]: 'e2eplan'.padEnd(USER_ID_LENGTH, '0'),
  [HEADER.platform]: 'WEB',
  [HEADER.authorization]: AUTHORIZATION,
};

async function post(request: APIRequestContext, path: string, data: object, headers: Record<string, string> = {}) {
  return request.post(`${API_BASE}/${PREFIX}/${path}`, { headers: { ...API_HEADERS, ...headers }, data });
}

/** Rupiah as the spec writes it (section 9), formatted here and not with the app's formatter. */
const rupiah = (amount: number) => `Rp ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
const lineText = (line: PriceLine) =>
  `${line.title}: ${line.type === 'add' ? '+' : line.type === 'less' ? '-' : ''}${rupiah(line.price)}`;

/**
 * The server's price for the choices the booking page shows: asked by the test itself, from the
 * departure, the seat and the options (refundable cover, the spec's default donation), with the
 * page's seat hold (a seat held for someone else is not priced).
 */
async function serverPrice(request: APIRequestContext, seat: string, context: BookingContext, hold: string | null) {
  const reply = await post(
    request,
    'cek-harga',
    {
      operator_kode_pergi: bookingDeparture().operatorCode,
      jadwal_kode_pergi: bookingDeparture().scheduleCode,
      tanggal_berangkat_pergi: bookingDate(),
      kursi_pergi: [seat],
      flag_asuransi: context.refundable === 'yes' ? 1 : 0,
      donasi: context.donation.on ? PLAN_DONATION : null,
      flag_point: 0,
    },
    hold ? { [RESERVATION_HEADER.holdToken]: hold } : {},
  );
  expect(reply.ok(), await reply.text()).toBe(true);
  return okEnvelope(CekHargaResultsSchema).parse(await reply.json()).results;
}

/** "Detail Harga Tiket" is the server's answer, with the rows the printed plan names. */
async function expectServerPrice(page: Page, price: CekHargaResults, context: BookingContext) {
  const lines = price.list_harga.map(lineText);
  expect(lines.some((line) => line.startsWith('Asuransi Refundable: +Rp '))).toBe(context.refundable === 'yes');
  expect(lines.includes(`Donasi Berkah: +${rupiah(PLAN_DONATION)}`)).toBe(context.donation.on);
  // The plan tells the tester the total is the sum of the rows above it.
  const rows = price.list_harga.filter((line) => line.type !== 'total');
  expect(rows.reduce((sum, line) => sum + (line.type === 'less' ? -line.price : line.price), 0)).toBe(
    price.total_bayar,
  );
  await expect(async () => expect(await priceLines(page)).toEqual(lines)).toPass({ timeout: 10_000 });
}

// ---------------------------------------------------------------------------------------------
// The page side.

/** Holds every reservation call so the loader can be seen; the outcome step lets it through or fails it. */
async function holdReservations(page: Page) {
  const held: Route[] = [];
  const handler = (route: Route) => {
    held.push(route);
  };
  await page.route('**/reservasi', handler);
  const next = async () => {
    await expect.poll(() => held.length).toBeGreaterThan(0);
    return held.splice(0);
  };
  return {
    async release() {
      for (const route of await next()) await route.continue();
    },
    async fail() {
      for (const route of await next()) await route.abort('failed');
    },
    stop: () => page.unroute('**/reservasi', handler),
  };
}

/** What a path knows while it runs: its seat, the reservation calls, the total the server now asks. */
interface Run {
  page: Page;
  request: APIRequestContext;
  path: PlanPath;
  reservations: Awaited<ReturnType<typeof holdReservations>>;
  /** The server's price for the choices on the page (after the fare change, the new one). */
  price: CekHargaResults | null;
  /** The page's seat hold, as it stored it. */
  hold: string | null;
}

type PageAction = (run: Run, event: ModelEvent, before: BookingSnapshot) => Promise<void>;

/** Each model event as the one page action it stands for. */
const PAGE_ACTIONS: Record<string, PageAction> = {
  'terms.set': ({ page }, event) => termsCheckbox(page).setChecked(event.checked === true),
  'refundable.set': ({ page }, event) =>
    refundableGroup(page)
      .getByRole('radio', { name: REFUNDABLE_LABEL[event.value as 'yes' | 'no'] })
      .check(),
  'donation.toggle': ({ page }) => page.getByRole('switch', { name: 'Donasi Berkah' }).click(),
  'reserve.request': ({ page }) => reserveButton(page).click(),
  'leave.request': ({ page }) => page.getByRole('button', { name: 'Kembali' }).click(),
  'dialog.confirm': async ({ page }, _event, before) => {
    const dialog = openDialog(before);
    if (!dialog) throw new Error('dialog.confirm without a dialog');
    await page
      .getByRole('alertdialog', { name: dialog.texts.title })
      .getByRole('button', { name: dialog.texts.confirmLabel, exact: true })
      .click();
  },
  'dialog.cancel': async ({ page }, _event, before) => {
    const dialog = openDialog(before);
    if (!dialog?.texts.cancelLabel) throw new Error('dialog.cancel without a cancellable dialog');
    await page
      .getByRole('alertdialog', { name: dialog.texts.title })
      .getByRole('button', { name: dialog.texts.cancelLabel, exact: true })
      .click();
  },
  // The held call goes on to the server, which answers as the tool set it up; or it fails.
  [OUTCOME]: ({ reservations }, event) =>
    (event.outcome as Outcome) === 'failed' ? reservations.fail() : reservations.release(),
  // Time passes on the page by itself.
  [ERROR_TOAST_AFTER]: async () => undefined,
};

/**
 * The tools of the printed plan, used before "Ya, Reservasi": the demo fare change (the server's
 * price with it is the one the page must then show) or another passenger booking the seat first.
 */
async function useToolFor(run: Run, outcome: Outcome, context: BookingContext) {
  if (outcome === 'priceChanged') {
    const changed = await post(run.request, 'demo/ubah-harga', fareBody(bookingDeparture().price + FARE_RISE));
    expect(changed.status(), await changed.text()).toBe(200);
    run.price = await serverPrice(run.request, run.path.seat, context, run.hold);
  } else if (outcome === 'seatTaken') {
    const taken = await post(run.request, 'reservasi', takeSeatBody(run.path.seat));
    expect(taken.status(), await taken.text()).toBe(200);
  }
}

const DIALOG_TITLES = Object.values(dialogTexts).map((texts) => texts.title);

async function noDialogs(page: Page) {
  for (const title of DIALOG_TITLES) await expect(page.getByRole('alertdialog', { name: title })).toHaveCount(0);
}

async function dialogShown(page: Page, title: string) {
  await expect(page.getByRole('alertdialog', { name: title })).toBeVisible();
  for (const other of DIALOG_TITLES.filter((name) => name !== title)) {
    await expect(page.getByRole('alertdialog', { name: other })).toHaveCount(0);
  }
}

/** The choices on screen are the machine's. */
async function controlsFollow(page: Page, context: BookingContext) {
  await expect(termsCheckbox(page)).toBeChecked({ checked: context.termsAccepted });
  await expect(refundableGroup(page).getByRole('radio', { name: REFUNDABLE_LABEL.yes })).toBeChecked({
    checked: context.refundable === 'yes',
  });
  await expect(refundableGroup(page).getByRole('radio', { name: REFUNDABLE_LABEL.no })).toBeChecked({
    checked: context.refundable === 'no',
  });
  await expect(page.getByRole('switch', { name: 'Donasi Berkah' })).toBeChecked({ checked: context.donation.on });
}

const loader = (page: Page) => page.getByRole('alertdialog', { name: RESERVE_LOADER });
const seatButton = (page: Page, seat: string) =>
  seatMap(page).getByRole('button', { name: `Kursi ${seat}`, exact: true });

/** The payment page of the new order, asking the server's total. */
async function paymentPage(run: Run) {
  await expect(run.page).toHaveURL(CODE_URL);
  if (!run.price) throw new Error('a reservation without a server price');
  await expect(run.page.getByText(rupiah(run.price.total_bayar), { exact: true }).first()).toBeVisible();
}

/**
 * What the page shows in each state of the flow region. Every flow state has an entry: a state
 * added to the chart fails the model test until it says what the page shows.
 */
const STATE_EXPECTATIONS: Record<string, (run: Run, snapshot: BookingSnapshot) => Promise<void>> = {
  editing: async (run, snapshot) => {
    const { page, path } = run;
    if (snapshot.context.openChildren.some((id) => id.startsWith('seatSelection.'))) {
      // RSV-2: the seat is taken, the seat choice opens again (desktop: its sheet over the page).
      if (snapshot.context.layout === 'd') {
        await expect(page.getByRole('dialog', { name: 'Pilih Kursi' })).toBeVisible();
        await expectBookingPage(page);
      } else {
        await expect(page).toHaveURL(/\/app\/select-seat\?(.*&)?type=fallback-confirmation-order/);
        await expect(seatMap(page).locator('button[aria-pressed="true"]')).toHaveCount(0);
      }
      await expect(seatButton(page, path.seat)).toHaveAttribute('aria-disabled', 'true');
      return;
    }
    await noDialogs(page);
    await expect(loader(page)).toHaveCount(0);
    await controlsFollow(page, snapshot.context);
    run.price = await serverPrice(run.request, path.seat, snapshot.context, run.hold);
    await expectServerPrice(page, run.price, snapshot.context);
  },
  confirmingReservation: ({ page }) => dialogShown(page, dialogTexts.reserve.title),
  confirmingLeave: ({ page }) => dialogShown(page, dialogTexts.leave.title),
  confirmingPassengerChange: ({ page }) => dialogShown(page, dialogTexts.changePassengers.title),
  priceChanged: async (run) => {
    await dialogShown(run.page, dialogTexts.priceChanged.title);
    if (!run.price) throw new Error('a price change without the server price');
    await expect(run.page.getByRole('alertdialog', { name: dialogTexts.priceChanged.title })).toContainText(
      rupiah(run.price.total_bayar),
    );
  },
  reserving: async ({ page }) => {
    await noDialogs(page);
    await expect(loader(page)).toBeVisible();
  },
  reserveFailed: async ({ page }) => {
    await noDialogs(page);
    await expect(loader(page)).toHaveCount(0);
  },
  // Desktop's inline forms save within the step: the plan never stops here.
  savingForms: async () => {
    throw new Error('the plan never stops in savingForms');
  },
  reserved: paymentPage,
};

/** Asserts what the page shows for a state reached, and the toasts its step emitted. */
async function expectPageFor(run: Run, snapshot: BookingSnapshot, toasts: readonly string[]) {
  const expectation = STATE_EXPECTATIONS[flowState(snapshot)];
  if (!expectation) throw new Error(`No page expectation for flow state "${flowState(snapshot)}"`);
  await expectation(run, snapshot);
  for (const message of toasts) await expect(toast(run.page, message)).toBeVisible();
}

/**
 * The plan's preparation of a path, through the pages: a fresh booking of the departure on the
 * plan's day, the path's seat, the passenger and the booker; no option touched. Returns the
 * booking the page stored, as the model's start (`holds`: the page holds its seat first).
 */
async function prepare(page: Page, seat: string, holds: boolean): Promise<BookingSnapshot> {
  // A page of the app's origin without the app: nothing stores a booking while it is cleared.
  await page.goto('/api/health');
  await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEY);
  await searchAndChoose(page, JAKARTA, bookingDeparture().pilih, false, BOOKING_PLAN_DAY);
  await expect(page).toHaveURL(/\/app\/select-seat/);
  await pickSeats(page, { numbers: [Number(seat)], button: seatSaveLabel(page) });
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', [PLAN_PASSENGER]);
    await expectBookingPage(page);
  } else {
    await expectBookingPage(page);
    await fillNames(desktopPassengers(page), [PLAN_PASSENGER]);
    await leaveForms(page);
  }
  await fillBooker(page, PLAN_BOOKER);
  await expect(refundableGroup(page)).toBeVisible();
  await priceLines(page);
  // The booking is stored in an idle moment: wait for the one the page now shows.
  const stored = async () => {
    const text = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
    return text ? (JSON.parse(text) as { context: BookingContext }).context : null;
  };
  const ready = (context: BookingContext | null) =>
    context !== null &&
    context.booker.email === PLAN_BOOKER.email &&
    context.price !== null &&
    context.seats.pergi.flat().length === 1 &&
    !context.openChildren.some((id) => id.startsWith('seatSelection.')) &&
    (context.holdToken !== null || !holds);
  await expect.poll(async () => ready(await stored())).toBe(true);
  return startState((await stored()) as BookingContext);
}

async function runPath(run: Run, from: BookingSnapshot) {
  const { page, path } = run;
  await expect(page).toHaveURL(BOOKING_URL);
  await expectPageFor(run, from, []);
  let before = from;
  for (const [index, step] of replay(from, path.events).entries()) {
    const event = path.events[index];
    if (!event) throw new Error('replay longer than its path');
    const following = path.events[index + 1];
    if (event.type === 'dialog.confirm' && following?.type === OUTCOME) {
      await useToolFor(run, following.outcome as Outcome, before.context);
    }
    const act = PAGE_ACTIONS[event.type];
    if (!act) throw new Error(`No page action for ${event.type}`);
    await act(run, event, before);
    await expectPageFor(run, step.snapshot, step.toasts);
    before = step.snapshot;
  }
}

// ---------------------------------------------------------------------------------------------
// The test.

test.beforeEach(async ({ page }) => clearBookingOnce(page));

test("the booking plan's paths, replayed on the booking page", async ({ page, request }) => {
  test.setTimeout(180_000);
  const layout = isMobile(page) ? 'm' : 'd';
  const plan = bookingPlan((seat) => planStart(layout, seat), layout);

  // Every state of the page's flow has what the page shows and its plan text; a new one must be added to both.
  const flowStates = Object.keys((model.root.states as Record<string, { states: object }>).flow?.states ?? {});
  expect(flowStates.length).toBeGreaterThan(0);
  expect(flowStates.filter((state) => !(state in STATE_EXPECTATIONS))).toEqual([]);
  expect(flowStates.filter((state) => !(state in STATE_TEXT))).toEqual([]);
  expect(Object.keys(PAGE_ACTIONS).sort()).toEqual(Object.keys(STEP_TEXT).sort());
  // The plan closes the booking every way the page can: paid, price changed, seat taken.
  expect(plan.map((path) => path.outcome).sort()).toEqual(['priceChanged', 'reserved', 'seatTaken']);

  let steps = 0;
  for (const [index, path] of plan.entries()) {
    await test.step(`jalur ${index + 1}: ${path.title}`, async () => {
      // The printed setup: this page must not hold the seat another passenger is about to take.
      const dropHolds = (route: Route) => route.abort();
      if (path.setup) await page.route('**/hold-kursi', dropHolds);
      let reservations: Awaited<ReturnType<typeof holdReservations>> | null = null;
      try {
        const from = await prepare(page, path.seat, !path.setup);
        // These are the paths `npm run paths -- booking` prints for this layout, in its words.
        if (index === 0) expect(modelPaths(from).map((one) => one.events)).toEqual(plan.map((one) => one.events));
        expect(planSteps(from, path.events)).toEqual(path.steps);
        reservations = await holdReservations(page);
        await runPath({ page, request, path, reservations, price: null, hold: from.context.holdToken }, from);
        steps += path.events.length;
      } finally {
        await reservations?.stop();
        if (path.setup) await page.unroute('**/hold-kursi', dropHolds);
        // The printed teardown: the fare goes back for the next path (and the next run on this database).
        if (path.teardown) await post(request, 'demo/ubah-harga', fareBody(bookingDeparture().price));
      }
    });
  }
  console.log(`[booking model, ${layout === 'm' ? 'mobile' : 'desktop'}] ${plan.length} paths, ${steps} steps`);
});
