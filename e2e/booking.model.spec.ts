import { expect, test } from '@playwright/test';
import type { BookingContext } from '../machines/booking.machine';
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
} from './support/booking-model';
import {
  PAGE_ACTIONS,
  STATE_EXPECTATIONS,
  expectPageFor,
  flowState,
  holdReservations,
  model,
  modelPaths,
  replay,
  startState,
} from './support/booking-page-model';

/*
 * Model-based: paths generated from the booking machine over a small event set (terms, refundable,
 * donation, reserve, the dialogs' buttons, leaving), replayed on the real page with a booking
 * prepared through the UI; after every step the page must show what the state reached says.
 */

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

  // Every state of the page's flow has what the page shows; a new one must be added to the map.
  const flowStates = Object.keys((model.root.states as Record<string, { states: object }>).flow?.states ?? {});
  expect(flowStates.length).toBeGreaterThan(0);
  expect(flowStates.filter((state) => !(state in STATE_EXPECTATIONS))).toEqual([]);

  const paths = modelPaths(from);
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
  for (const [index, path] of paths.entries()) {
    await test.step(`path ${index + 1}: ${path.kinds.join(' → ')}`, async () => {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: STORAGE_KEY,
        value: prepared as string,
      });
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
