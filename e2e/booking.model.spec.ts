import { expect, test, type Page, type Route } from '@playwright/test';
import { dialogTexts, type BookingContext } from '../machines/booking-context';
import { openDialog, reserving } from '../machines/booking-selectors';
import type { BookingSnapshot } from '../machines/booking.machine';
import {
  ERROR_TOAST_AFTER,
  REFUNDABLE_LABEL,
  RESERVE_LOADER,
  STATE_TEXT,
  STEP_TEXT,
  bookingPlan,
  flowState,
  model,
  modelPaths,
  planStart,
  replay,
  startState,
  type ModelEvent,
} from './support/booking-plan';
import {
  BOOKING_URL,
  JAKARTA,
  clearBookingOnce,
  desktopPassengers,
  expectBookingPage,
  fillBooker,
  isMobile,
  leaveForms,
  priceLines,
  refundableGroup,
  saveMobilePassengerForm,
  searchAndChoose,
  TEXT,
  reserveButton,
  termsCheckbox,
  toast,
} from './support/booking-model';

/*
 * The booking machine as the model of the booking page (TESTING.md, "Model-based tests from the
 * charts"). Paths are generated from the chart over a bounded event set; each event is one thing
 * a passenger does on the page (PAGE_ACTIONS), and each state reached has what the page must show
 * (STATE_EXPECTATIONS, the one map of states to what is on screen). The toasts a step must show
 * are the ones the machine itself emits when the path is replayed on an actor.
 */

// ---------------------------------------------------------------------------------------------
// The page side.

/** Holds the reservation call so the loader can be seen; the model's failure step lets it fail. */
async function holdReservations(page: Page) {
  const held: Route[] = [];
  await page.route('**/reservasi', (route) => {
    held.push(route);
  });
  return {
    async fail() {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const route of held.splice(0)) await route.abort('failed');
    },
  };
}

type PageAction = (
  page: Page,
  event: ModelEvent,
  before: BookingSnapshot,
  reservations: { fail(): Promise<void> },
) => Promise<void>;

/** Each model event as the one page action it stands for. */
const PAGE_ACTIONS: Record<string, PageAction> = {
  'terms.set': (page, event) => termsCheckbox(page).setChecked(event.checked === true),
  'refundable.set': (page, event) =>
    refundableGroup(page)
      .getByRole('radio', { name: REFUNDABLE_LABEL[event.value as 'yes' | 'no'] })
      .check(),
  'donation.toggle': (page) => page.getByRole('switch', { name: 'Donasi Berkah' }).click(),
  'reserve.request': (page) => reserveButton(page).click(),
  'leave.request': (page) => page.getByRole('button', { name: 'Kembali' }).click(),
  'dialog.confirm': async (page, _event, before) => {
    const dialog = openDialog(before);
    if (!dialog) throw new Error('dialog.confirm without a dialog');
    await page
      .getByRole('alertdialog', { name: dialog.texts.title })
      .getByRole('button', { name: dialog.texts.confirmLabel, exact: true })
      .click();
  },
  'dialog.cancel': async (page, _event, before) => {
    const dialog = openDialog(before);
    if (!dialog?.texts.cancelLabel) throw new Error('dialog.cancel without a cancellable dialog');
    await page
      .getByRole('alertdialog', { name: dialog.texts.title })
      .getByRole('button', { name: dialog.texts.cancelLabel, exact: true })
      .click();
  },
  // The call fails (the reservation endpoint does not exist yet): nothing to do but let it.
  'xstate.error.actor.reserve': (_page, _event, _before, reservations) => reservations.fail(),
  // Time passes on the page by itself.
  [ERROR_TOAST_AFTER.type]: async () => undefined,
};

const DIALOG_TITLES = Object.values(dialogTexts).map((texts) => texts.title);
const LOADER = RESERVE_LOADER;

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

/**
 * What the page shows in each state of the flow region. Every flow state has an entry: a state
 * added to the chart fails the model test until it says what the page shows.
 */
const STATE_EXPECTATIONS: Record<string, (page: Page, snapshot: BookingSnapshot) => Promise<void>> = {
  editing: async (page, snapshot) => {
    await noDialogs(page);
    await expect(page.getByRole('alertdialog', { name: LOADER })).toHaveCount(0);
    await controlsFollow(page, snapshot.context);
  },
  confirmingReservation: (page) => dialogShown(page, TEXT.reserveDialog),
  confirmingLeave: (page) => dialogShown(page, TEXT.leaveDialog),
  confirmingPassengerChange: (page) => dialogShown(page, TEXT.changePassengersDialog),
  priceChanged: (page) => dialogShown(page, dialogTexts.priceChanged.title),
  reserving: async (page) => {
    await noDialogs(page);
    await expect(page.getByRole('alertdialog', { name: LOADER })).toBeVisible();
  },
  reserveFailed: async (page) => {
    await noDialogs(page);
    await expect(page.getByRole('alertdialog', { name: LOADER })).toHaveCount(0);
  },
  // Desktop: the inline forms save first (one turn of the clock), then the flow validates.
  savingForms: async (page) => {
    await noDialogs(page);
    await expect(page.getByRole('alertdialog', { name: LOADER })).toHaveCount(0);
  },
  reserved: async () => {
    throw new Error('A reservation cannot be made yet: the model never reaches "reserved"');
  },
};

/** Asserts what the page shows for a state reached, and the toasts its step emitted. */
async function expectPageFor(page: Page, snapshot: BookingSnapshot, toasts: readonly string[]) {
  const expectation = STATE_EXPECTATIONS[flowState(snapshot)];
  if (!expectation) throw new Error(`No page expectation for flow state "${flowState(snapshot)}"`);
  await expectation(page, snapshot);
  for (const message of toasts) await expect(toast(page, message)).toBeVisible();
  // The loader is the machine's, never the page's own.
  if (!reserving(snapshot)) await expect(page.getByRole('alertdialog', { name: LOADER })).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------
// The test.

const STORAGE_KEY = 'berangkat:booking';

test.beforeEach(async ({ page }) => clearBookingOnce(page));

test("the booking machine's paths, replayed on the booking page", async ({ page }) => {
  test.setTimeout(60_000);

  // A booking ready to reserve but for the options: booker and one passenger, through the UI.
  // The schedule without seat choice keeps the model on this page.
  await searchAndChoose(page, JAKARTA, 'Pilih Pasundan Shuttle Kencana 09.00 WIB');
  // Mobile: the page asks for the booker by itself.
  if (isMobile(page)) await expect(page).toHaveURL(/info-customer-order/);
  await fillBooker(page);
  if (isMobile(page)) {
    await saveMobilePassengerForm(page, 'Form Penumpang Pergi', ['Siti Aminah']);
  } else {
    await desktopPassengers(page).getByRole('textbox', { name: 'Penumpang 1' }).fill('Siti Aminah');
    await leaveForms(page);
  }
  await expectBookingPage(page);
  await expect(refundableGroup(page)).toBeVisible();
  await priceLines(page);
  const prepared = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  expect(prepared).not.toBeNull();
  const context = (JSON.parse(prepared as string) as { context: BookingContext }).context;
  const from = startState(context);

  // Every state of the page's flow has what the page shows and its plan text; a new one must be added to both.
  const flowStates = Object.keys((model.root.states as Record<string, { states: object }>).flow?.states ?? {});
  expect(flowStates.length).toBeGreaterThan(0);
  expect(flowStates.filter((state) => !(state in STATE_EXPECTATIONS))).toEqual([]);
  expect(flowStates.filter((state) => !(state in STATE_TEXT))).toEqual([]);
  expect(Object.keys(PAGE_ACTIONS).sort()).toEqual(Object.keys(STEP_TEXT).sort());

  const paths = modelPaths(from);
  // These are the paths `npm run paths -- booking` prints for this layout.
  const plan = bookingPlan(planStart(from.context.layout));
  expect(paths.map((path) => path.kinds)).toEqual(plan.map((path) => path.kinds));
  expect(paths.length).toBeGreaterThan(0);
  expect(paths.length).toBeLessThanOrEqual(8);
  const kinds = new Set(paths.flatMap((path) => path.kinds));
  const reached = new Set(paths.flatMap((path) => replay(from, path.events).map((step) => flowState(step.snapshot))));
  console.log(
    `[booking model, ${isMobile(page) ? 'mobile' : 'desktop'}] ${paths.length} paths, ` +
      `${paths.reduce((sum, path) => sum + path.events.length, 0)} steps, ${kinds.size} step kinds, ` +
      `flow states reached: ${[...reached].sort().join(', ')}`,
  );
  // The event set reaches the dialogs, the loader and the failure, not only the editing state.
  for (const state of ['editing', 'confirmingReservation', 'confirmingLeave', 'reserving', 'reserveFailed']) {
    expect(reached.has(state), state).toBe(true);
  }

  const reservations = await holdReservations(page);
  // Leaving a page stores its last progress on the way out: each path's booking is written as the
  // next page starts, after that, never before it.
  await page.addInitScript(
    ({ key, value }) => {
      try {
        localStorage.setItem(key, value);
      } catch {
        // A document without storage (about:blank) has no booking to prepare.
      }
    },
    { key: STORAGE_KEY, value: prepared as string },
  );
  for (const [index, path] of paths.entries()) {
    await test.step(`path ${index + 1}: ${path.kinds.join(' → ')}`, async () => {
      await page.goto('/app/information-passengers');
      await expect(page).toHaveURL(BOOKING_URL);
      await expectPageFor(page, from, []);
      let before = from;
      for (const [stepIndex, step] of replay(from, path.events).entries()) {
        const event = path.events[stepIndex];
        if (!event) throw new Error('replay longer than its path');
        const act = PAGE_ACTIONS[event.type];
        if (!act) throw new Error(`No page action for ${event.type}`);
        await act(page, event, before, reservations);
        await expectPageFor(page, step.snapshot, step.toasts);
        before = step.snapshot;
      }
    });
  }
});
