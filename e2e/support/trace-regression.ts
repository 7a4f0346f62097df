import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { TraceDocumentSchema } from '../../contract';
import { DEMO_TOKEN, SUPPORT_TOKEN } from '../../server/db/seed-data/accounts';
import { differenceLines, firstDivergence, type SearchTap, type Tap, type TapPlan } from '../../scripts/trace-taps';
import { replayTrace } from '../../src/trace/replay';
import { signInWithToken } from './accounts';
import { dayFromToday } from './booking-model';

/*
 * The Playwright tests `npm run trace-to-test` writes for a support trace in tests/traces/fixtures:
 * the customer's own taps (scripts/trace-taps.ts) replayed through the app served by the e2e
 * server, up to the trace's first divergent step, checking on the way what the recorded snapshots
 * say the page showed; and the replay screen's verdict on the trace.
 *
 * The departure: the trace's search (origin, destination, a round trip's days apart) is run again
 * `plan.day` days from today, a day no other spec books on and the seed leaves empty (its bookings
 * stop at day 60), and "Pilih" is pressed on the departure with the trace's schedule code
 * (operator, route and time: `CPT-BDG-JKT-1100`), loading more of the list until it shows. When
 * the seeded timetable has no such departure that day, the test fails saying so. A retry moves to
 * the next days (its first attempt may hold or have booked the customer's seats).
 *
 * A trace is replayed on the layout it was recorded on (desktop or mobile project): the two
 * layouts send different events for the same booking (inline forms against form screens).
 */

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a step's child is shown (data-flow-child, the child's id). */
const childScope = (page: Page, child: string): Locator => page.locator(`[data-flow-child="${child}"]`);

/** The child's element, or the page for the booking itself. */
function scopeOf(page: Page, child: string | null): Page | Locator {
  return child === null ? page : childScope(page, child);
}

function searchUrl(search: SearchTap, firstDay: number): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(search.query)) query.set(key, String(value));
  query.set('tanggal', dayFromToday(firstDay + search.days.tanggal));
  if (search.days.tanggal_pulang !== undefined) {
    query.set('tanggal_pulang', dayFromToday(firstDay + search.days.tanggal_pulang));
  }
  return `/app/schedule?${query.toString()}`;
}

/** "Pilih" on the departure with `code`, loading further pages of the list until it shows. */
async function chooseDeparture(page: Page, tap: Extract<Tap, { do: 'choose' }>, firstDay: number) {
  if (tap.search) {
    const url = searchUrl(tap.search, firstDay);
    const here = new URL(page.url(), 'http://x');
    const wanted = new URL(url, 'http://x');
    // A later search the customer reached by going back is already on screen.
    if (here.pathname !== wanted.pathname || here.searchParams.get('tanggal') !== wanted.searchParams.get('tanggal')) {
      await page.goto(url);
    }
  }
  const list = page.locator('#daftar-jadwal');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  // The cards past the first screen are drawn in a background render: wait for the whole list.
  const drawing = list.locator('[aria-busy="true"]');
  const row = list
    .locator('li')
    .filter({ has: page.locator(`a[href*="schedule_code=${encodeURIComponent(tap.code)}"]`) });
  const more = list.getByRole('button', { name: 'Muat lebih banyak' });
  const loading = list.getByRole('button', { name: 'Memuat…' });
  while ((await row.count()) === 0) {
    await expect(loading).toHaveCount(0);
    await expect(drawing).toHaveCount(0);
    if ((await row.count()) > 0) break;
    if ((await more.count()) === 0) {
      throw new Error(
        `the departure ${tap.code} ("${tap.name}") is not in the seeded timetable on ${page.url()}: ` +
          'the trace chose a departure this database does not run (a timetable changed since it was recorded)',
      );
    }
    await more.click();
  }
  const pilih = row.first().getByRole('button', { name: /^Pilih / });
  await expect(pilih, `the departure ${tap.code} is sold out on ${page.url()}`).toBeEnabled();
  await pilih.click();
}

async function tapSeat(page: Page, tap: Extract<Tap, { do: 'seat' }>) {
  const map = scopeOf(page, tap.child).getByRole('grid', { name: /^Denah kursi / });
  const seat = map.getByRole('button', { name: `Kursi ${tap.seat}`, exact: true });
  await expect(seat, `seat ${tap.seat} is on the map of ${tap.child}`).toBeVisible();
  if (tap.pressed)
    await expect(seat, `seat ${tap.seat} is free on the test's day`).not.toHaveAttribute('aria-disabled', 'true');
  await seat.click();
  await expect(seat).toHaveAttribute('aria-pressed', String(tap.pressed));
}

async function toggle(page: Page, scope: Page | Locator, label: string, checked: boolean) {
  // Desktop draws a checkbox where mobile draws a switch.
  const control = scope.getByRole('checkbox', { name: label }).or(scope.getByRole('switch', { name: label }));
  await control.click();
  await expect(control).toBeChecked({ checked });
}

/** The form's own "Simpan" where it has one (a mobile screen, a sheet); otherwise focus leaves the inline form. */
async function saveForm(page: Page, child: string) {
  const sheet = page.getByRole('dialog', { name: 'Informasi Pemesan' });
  if (child === 'bookerForm' && (await sheet.isVisible())) {
    await sheet.getByRole('button', { name: 'Simpan', exact: true }).click();
  } else if (isMobile(page)) {
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  } else {
    const form = childScope(page, child);
    await expect(form).toBeVisible();
    // Focus already gone (into a dialog the last tap opened): the form saved itself.
    if (await form.evaluate((element) => element.contains(document.activeElement))) {
      await page.getByRole('heading', { level: 1, name: 'Konfirmasi Pesanan' }).click();
    }
  }
}

async function expectTexts(page: Page, texts: readonly string[]) {
  for (const text of texts) {
    await expect(
      page
        .getByText(text, { exact: true })
        .or(page.locator(`input[value="${text}"]`))
        .first(),
      `the booking page shows "${text}"`,
    ).toBeVisible();
  }
}

async function perform(page: Page, tap: Tap, firstDay: number): Promise<void> {
  switch (tap.do) {
    case 'choose':
      return chooseDeparture(page, tap, firstDay);
    case 'seat':
      return tapSeat(page, tap);
    case 'floor':
      await scopeOf(page, tap.child)
        .getByRole('tab', { name: new RegExp(`^${escapeRegExp(tap.floor)}( \\(Penuh\\))?$`) })
        .click();
      return;
    case 'saveSeats':
    case 'legBack':
      await scopeOf(page, tap.child).getByRole('button', { name: tap.label, exact: true }).click();
      return;
    case 'type': {
      const field = scopeOf(page, tap.child).getByLabel(tap.label, { exact: true });
      await field.fill(tap.value);
      await expect(field).toHaveValue(tap.shows);
      return;
    }
    case 'toggle':
      return toggle(page, scopeOf(page, tap.child), tap.label, tap.checked);
    case 'button':
      await scopeOf(page, tap.child).getByRole('button', { name: tap.label, exact: true }).click();
      return;
    case 'saveForm':
      return saveForm(page, tap.child);
    case 'openBooker':
      await page.getByRole('region', { name: 'Data Pemesan' }).getByRole('button').first().click();
      await expect(page.getByRole('dialog', { name: 'Informasi Pemesan' })).toBeVisible();
      return;
    case 'refundable': {
      const radio = page.getByRole('radiogroup', { name: 'Tiket Refundable' }).getByRole('radio', { name: tap.label });
      await radio.click();
      await expect(radio).toBeChecked();
      return;
    }
    case 'openVoucher':
      await page.getByRole('button', { name: tap.label, exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Pilih Voucher' })).toHaveCount(tap.opens ? 1 : 0);
      return;
    case 'applyVoucher': {
      const sheet = page.getByRole('dialog', { name: 'Pilih Voucher' });
      await sheet.getByLabel('Kode Voucher').fill(tap.code);
      await sheet.getByRole('button', { name: 'Pakai', exact: true }).click();
      await expect(page.getByRole('group', { name: 'Voucher' }).getByText(tap.name, { exact: true })).toBeVisible();
      return;
    }
    case 'clearVoucher':
      await (
        tap.inList
          ? page
              .getByRole('dialog', { name: 'Pilih Voucher' })
              .getByRole('button', { name: 'Hapus Voucher', exact: true })
          : page.getByRole('button', { name: 'Hapus voucher', exact: true })
      ).click();
      return;
    case 'openSeats':
      await page
        .getByRole('button', {
          name: new RegExp(`^(Ganti Kursi|Pilih Kursi|Atur Posisi Duduk)(${escapeRegExp(tap.where)})?( rute \\d+)?$`),
        })
        .first()
        .click();
      return;
    case 'openPassengers':
      await page
        .getByRole('button', {
          name: new RegExp(`^(Ubah nama penumpang|Masukan Detail Penumpang)${escapeRegExp(tap.where)}$`),
        })
        .first()
        .click();
      return;
    case 'back':
      await page.getByRole('button', { name: 'Kembali', exact: true }).first().click();
      return;
    case 'reserve':
      // What the customer had filled in when pressing it.
      await expectTexts(page, tap.texts);
      await page
        .getByRole('button', { name: isMobile(page) ? 'Bayar Sekarang' : 'Reservasi Tiket', exact: true })
        .click();
      return;
    case 'dialog':
      await page
        .getByRole('alertdialog', { name: tap.title })
        .getByRole('button', { name: tap.button, exact: true })
        .click();
      return;
    case 'reload':
      await page.reload();
      return;
    case 'unsupported':
      throw new Error(`this page event has no gesture in the regression yet (${tap.reason})`);
  }
}

async function check(page: Page, tap: Tap): Promise<void> {
  const expected = tap.expect;
  if (!expected) return;
  if (expected.dialog === null) await expect(page.getByRole('alertdialog')).toHaveCount(0);
  else if (expected.dialog) await expect(page.getByRole('alertdialog', { name: expected.dialog })).toBeVisible();
  for (const message of expected.toasts ?? []) {
    await expect(page.getByRole('status').getByText(message, { exact: true }).first()).toBeVisible();
  }
}

const stepName = (tap: Pick<Tap, 'lane' | 'i' | 'event'>) => `lane ${tap.lane}, step ${tap.i} (${tap.event})`;

export function traceRegressionTests(name: string, plan: TapPlan): void {
  const fixture = `tests/traces/fixtures/${name}.json`;
  const trace = TraceDocumentSchema.parse(JSON.parse(readFileSync(fixture, 'utf8')));
  const tag = plan.layout === 'd' ? '@desktop-only' : '@mobile-only';

  test(`${name}: the customer's taps, replayed through the app, show what the trace recorded ${tag}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const replay = replayTrace(trace);
    const divergence = firstDivergence(replay);
    const found = divergence ? stepName(divergence) : 'none';
    const planned = plan.stop ? stepName(plan.stop) : 'none';
    expect(found, 'the charts changed since this test was generated: run `npm run trace-to-test` again').toBe(planned);
    if (plan.signedIn) await signInWithToken(page, DEMO_TOKEN);
    const firstDay = plan.day + test.info().retry * (plan.span + 1);
    for (const tap of plan.taps) {
      try {
        await perform(page, tap, firstDay);
        await check(page, tap);
      } catch (error) {
        throw new Error(`${stepName(tap)}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    }
    if (divergence) {
      throw new Error(
        [
          `${stepName(divergence)}: the replay diverges from the recording here (${divergence.message})`,
          ...differenceLines(divergence.differences),
        ].join('\n'),
      );
    }
    if (plan.reserved) await expect(page).toHaveURL(/\/app\/confirmation-order\/[A-Z0-9]{10}$/);
  });

  test(`${name}: the replay screen gives the trace's verdict ${tag}`, async ({ page }) => {
    const replay = replayTrace(trace);
    await signInWithToken(page, SUPPORT_TOKEN);
    await page.goto('/app/support/replay');
    await page.getByLabel('Pilih berkas JSON').setInputFiles(fixture);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(trace.lanes.length);
    for (const [index, lane] of replay.lanes.entries()) {
      await tabs.nth(index).click();
      const verdict = lane.divergence
        ? `Berbeda mulai langkah ${lane.divergence.i} (${lane.divergence.eventType})`
        : `Semua ${lane.lane.steps.length} langkah sama dengan rekaman`;
      await expect(page.getByText(verdict)).toBeVisible();
    }
  });
}
