import { expect, test, type Locator, type Page } from '@playwright/test';
import { clearBookingOnce, dayFromToday, isMobile } from './support/booking-model';

/*
 * A one-way booking with the keyboard alone, as a traveller without a pointer makes it: from the
 * home page to the order's payment page with Tab, Shift+Tab, Enter, Space, arrows, Escape and
 * typing, never a click. After every key focus must sit on a visible element inside the viewport,
 * not covered by a sticky bar, with a visible focus ring (outline, or a box-shadow ring on the
 * element or the field box around it); only a key that navigates is exempt until the next one.
 * Dialogs keep focus inside and give it back on Escape to the element that opened them.
 */

test.beforeEach(async ({ page }) => clearBookingOnce(page));

/** The journey's own travel day: no other test books a seat on it. */
const KEYBOARD_DAY = 66;
const PASSENGER = 'Dewi Lestari';
const BOOKER = { name: 'Budi Santoso', phone: '081234567890', email: 'budi@contoh.id' } as const;

interface Focus {
  /** Why focus is not visibly where the traveller expects it, or null. */
  problem: string | null;
  /** Accessible-ish name of the focused element (aria-label, label, text, placeholder). */
  name: string;
  role: string;
}

/** Reads focus in the page; every check the journey asserts after a key. */
function readFocus(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const describe = (el: HTMLElement): string => {
      const labelledBy = el.getAttribute('aria-labelledby');
      const byIds = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : '';
      const labels = (el as HTMLInputElement).labels;
      return (
        el.getAttribute('aria-label') ??
        (byIds ||
          (labels && labels.length > 0 ? (labels[0]?.textContent ?? '') : '') ||
          el.textContent ||
          el.getAttribute('placeholder') ||
          '')
      )
        .replace(/\s+/g, ' ')
        .trim();
    };
    if (!element || element === document.body || element === document.documentElement) {
      return { problem: 'focus is on <body>', name: '', role: '' };
    }
    const name = describe(element);
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    // A visually hidden control (a radio inside its label, a transparent switch over its track)
    // shows focus on the label or the drawing beside it.
    let shown: HTMLElement = element;
    let box = shown.getBoundingClientRect();
    const own = getComputedStyle(element);
    const hiddenControl =
      box.width <= 2 || box.height <= 2 || Number(own.opacity) < 0.01 || own.clipPath === 'inset(50%)';
    if (hiddenControl) {
      shown = element.parentElement ?? element;
      box = shown.getBoundingClientRect();
      // Through visually hidden wrappers (react-aria's VisuallyHidden) to the row drawn around it.
      while ((box.width <= 2 || box.height <= 2) && shown.parentElement) {
        shown = shown.parentElement;
        box = shown.getBoundingClientRect();
      }
    }
    const where = `${role} "${name.slice(0, 60)}"`;
    if (box.width === 0 || box.height === 0) return { problem: `${where} has no size`, name, role };
    const style = getComputedStyle(shown);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) {
      return { problem: `${where} is invisible`, name, role };
    }
    // What is visible of it: inside the viewport and inside every scroller around it.
    let left = Math.max(box.left, 0);
    let top = Math.max(box.top, 0);
    let right = Math.min(box.right, window.innerWidth);
    let bottom = Math.min(box.bottom, window.innerHeight);
    for (let clip = shown.parentElement; clip && clip !== document.body; clip = clip.parentElement) {
      const overflow = getComputedStyle(clip);
      if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue;
      const edge = clip.getBoundingClientRect();
      left = Math.max(left, edge.left);
      top = Math.max(top, edge.top);
      right = Math.min(right, edge.right);
      bottom = Math.min(bottom, edge.bottom);
    }
    if (right - left < 1 || bottom - top < 1) {
      return { problem: `${where} is outside the viewport (top ${Math.round(box.top)})`, name, role };
    }
    // Not under a sticky bar or a fixed footer: what is drawn at its middle belongs to it.
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    // A control drawn by its label row (react-aria's Radio): the row is what shows.
    const row = element.closest('label');
    if (hit && row && row.contains(hit) && !shown.contains(hit)) shown = row;
    if (hit && !shown.contains(hit) && !hit.contains(shown)) {
      const cover = hit.closest('header, footer, [class*="fixed"], [class*="sticky"]') ?? hit;
      return {
        problem: `${where} is covered by <${cover.tagName.toLowerCase()} class="${cover.className}">`,
        name,
        role,
      };
    }
    // A ring: an outline, or a box-shadow ring (0 0 0 Npx) on it or the field box around it.
    const ringed = (el: Element) => {
      const css = getComputedStyle(el);
      const outline =
        css.outlineStyle !== 'none' && parseFloat(css.outlineWidth) > 0 && css.outlineColor !== 'rgba(0, 0, 0, 0)';
      return outline || /(^|,\s*)[^,]*0px 0px 0px [1-9]/.test(css.boxShadow);
    };
    if (ringed(element) || (hiddenControl && [...shown.querySelectorAll('*')].some(ringed))) {
      return { problem: null, name, role };
    }
    let candidate: Element | null = shown;
    for (let depth = 0; candidate && depth < 4; depth += 1, candidate = candidate.parentElement) {
      if (ringed(candidate) && (candidate === shown || candidate.matches(':focus-within'))) {
        return { problem: null, name, role };
      }
    }
    return { problem: `${where} shows no focus ring`, name, role };
  });
}

class Keyboard {
  presses = 0;
  /** The last stops, named in a failure. */
  private trail: string[] = [];
  constructor(private readonly page: Page) {}

  /** One key; then focus must be visible (a navigating key is checked once the page settles). */
  async press(key: string, options: { navigates?: boolean } = {}): Promise<Focus> {
    await this.page.keyboard.press(key);
    this.presses += 1;
    if (options.navigates) return readFocus(this.page);
    return this.expectVisibleFocus(key);
  }

  async type(text: string) {
    for (const character of text) await this.press(character);
  }

  async expectVisibleFocus(after = 'now'): Promise<Focus> {
    let focus: Focus | undefined;
    await expect
      .poll(
        async () => {
          focus = await readFocus(this.page);
          return focus.problem;
        },
        { message: `focus after ${after} (before: ${this.trail.slice(-6).join(' → ')})`, timeout: 3_000 },
      )
      .toBeNull();
    this.trail.push(`${after}: ${focus?.role} "${focus?.name.slice(0, 40)}"`);
    return focus as Focus;
  }

  /** Tabs (or Shift+Tabs) until the focused element is `target`, checking focus at every stop. */
  async tabTo(target: Locator, options: { back?: boolean; max?: number } = {}): Promise<number> {
    const max = options.max ?? 80;
    // Backwards when the target comes before focus in the page (Tab order follows the DOM here).
    const back =
      options.back ??
      (await target.evaluate((element) => {
        const active = document.activeElement;
        return Boolean(
          active &&
          active !== document.body &&
          element.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      }));
    for (let count = 1; count <= max; count += 1) {
      await this.press(back ? 'Shift+Tab' : 'Tab');
      if (await isFocused(target)) return count;
    }
    throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${String(target)} in ${max} presses`);
  }
}

const isFocused = async (target: Locator) =>
  (await target.count()) === 1 && target.evaluate((element) => element === document.activeElement);

async function expectFocused(target: Locator) {
  await expect.poll(() => isFocused(target), { timeout: 5_000 }).toBe(true);
}

/** Tab and Shift+Tab inside an open dialog never leave it. */
async function expectFocusTrapped(keys: Keyboard, dialog: Locator, stops = 12) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let index = 0; index < stops; index += 1) {
      await keys.press(key);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `${key} left the dialog`,
      ).toBe(true);
    }
  }
}

test('a one-way booking from the home page to the payment page with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const keys = new Keyboard(page);
  const mobile = isMobile(page);
  await page.goto('/');
  const origin = page.getByRole('combobox', { name: 'Dari' });
  const destination = page.getByRole('combobox', { name: 'Ke' });
  await expect(origin).toBeVisible();

  // --- Home: origin, with its suggestions open, then Tab onward (row 27).
  await keys.tabTo(origin);
  await expect(origin).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('listbox', { name: 'Dari' }).getByRole('option').first()).toBeVisible();
  await keys.press('Tab');
  await expectFocused(page.getByRole('button', { name: 'Tukar asal dan tujuan' }));
  await expect(origin).toHaveAttribute('aria-expanded', 'false');
  await keys.press('Shift+Tab');
  await expectFocused(origin);
  await keys.type('Bandu');
  await expect(page.getByRole('listbox', { name: 'Dari' }).getByRole('option').first()).toHaveAccessibleName(
    /^Bandung\b/,
  );
  // The typed text's own answer (not the list before it), or Enter would find no option.
  await expect(page.getByRole('status').filter({ hasText: /pilihan tersedia/ })).toHaveCount(1);
  await keys.press('ArrowDown');
  await expect(origin).toHaveAttribute('aria-activedescendant', /.+/);
  await keys.press('Enter');
  await expect(origin).toHaveValue('Bandung');
  await expect(origin).toHaveAttribute('aria-expanded', 'false');

  // Destination: the same from "Ke", Tab past its open list too.
  await keys.tabTo(destination);
  await expect(destination).toHaveAttribute('aria-expanded', 'true');
  await keys.press('Tab');
  await expectFocused(page.getByRole('button', { name: /Tanggal Berangkat/ }));
  await keys.press('Shift+Tab');
  await expectFocused(destination);
  await keys.type('Jakar');
  await expect(page.getByRole('listbox', { name: 'Ke' }).getByRole('option').first()).toHaveAccessibleName(
    /^Jakarta\b/,
  );
  await expect(page.getByRole('status').filter({ hasText: /pilihan tersedia/ })).toHaveCount(1);
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(destination).toHaveValue('Jakarta');

  // The date: the calendar dialog keeps focus, Escape gives it back, arrows choose the day.
  const dateButton = page.getByRole('button', { name: /Tanggal Berangkat/ });
  await keys.tabTo(dateButton);
  await keys.press('Enter');
  const calendar = page.getByRole('dialog');
  await expect(calendar).toBeVisible();
  await expectFocusTrapped(keys, calendar, 4);
  await keys.press('Escape');
  await expect(calendar).toHaveCount(0);
  await expectFocused(dateButton);
  await keys.press('Enter');
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('grid')).toBeVisible();
  // Tomorrow is selected; the journey's day is 65 days later: nine weeks and two days.
  await expect.poll(() => calendar.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  for (let week = 0; week < 9; week += 1) await keys.press('ArrowDown');
  await keys.press('ArrowRight');
  await keys.press('ArrowRight');
  await keys.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expectFocused(dateButton);

  // Search.
  await keys.tabTo(page.getByRole('button', { name: 'Cari Tiket' }));
  await keys.press('Enter', { navigates: true });
  await expect(page).toHaveURL(new RegExp(`/app/schedule\\?.*tanggal=${dayFromToday(KEYBOARD_DAY)}`));
  const pilih = page.getByRole('button', { name: 'Pilih Cipta Trans 11.00 WIB' });
  await expect(pilih).toBeVisible();

  // --- Schedule list: the skip link passes the filters (row 28).
  const skip = page.getByRole('link', { name: 'Lewati ke hasil jadwal' });
  const toSkip = await keys.tabTo(skip, { max: 30 });
  expect(toSkip, 'Tab presses to "Lewati ke hasil jadwal"').toBeLessThanOrEqual(25);
  await keys.press('Enter');
  await expectFocused(page.locator('#daftar-jadwal'));
  const toPilih = await keys.tabTo(pilih.first(), { max: 30 });
  expect(toPilih, 'Tab presses from the skip link to the first "Pilih"').toBeLessThanOrEqual(25);
  await keys.press('Enter', { navigates: true });

  // --- Seat page: one Tab stop into the map, arrows move, Space takes a free seat.
  await expect(page).toHaveURL(/\/app\/select-seat/);
  const map = page.getByRole('grid', { name: /^Denah kursi / });
  await expect(map).toBeVisible();
  await keys.tabTo(map.locator('button[tabindex="0"]'));
  for (let step = 0; step < 12; step += 1) {
    const free = await page.evaluate(() => {
      const seat = document.activeElement;
      return seat?.getAttribute('aria-disabled') !== 'true' && seat?.getAttribute('aria-pressed') === 'false';
    });
    if (free) break;
    await keys.press('ArrowRight');
  }
  await keys.press('Space');
  await expect(map.locator('button[aria-pressed="true"]')).toHaveCount(1);
  const seatInfo = page.getByRole('region', { name: 'Informasi Kursi' });
  await keys.tabTo(seatInfo.getByRole('button', { name: mobile ? 'Lanjutkan' : 'Simpan' }));
  await keys.press('Enter', { navigates: true });

  // --- The passenger's name: the mobile form screen, or the desktop page's inline form.
  if (mobile) {
    await expect(page.getByRole('heading', { level: 1, name: 'Form Penumpang Pergi' })).toBeVisible();
    const name = page.getByRole('region', { name: 'Data Penumpang' }).getByPlaceholder('Masukan Nama');
    await keys.tabTo(name);
    await keys.type(PASSENGER);
    await keys.tabTo(page.getByRole('button', { name: 'Simpan', exact: true }));
    await keys.press('Enter', { navigates: true });
  }
  await expect(page).toHaveURL(/\/app\/information-passengers(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Konfirmasi Pesanan' })).toBeVisible();
  if (!mobile) {
    const name = page.getByRole('region', { name: 'Informasi Penumpang' }).getByPlaceholder('Masukan Nama');
    await keys.tabTo(name);
    await keys.type(PASSENGER);
  }

  // --- The booker: the desktop inline form, or the mobile "Informasi Pemesan" sheet (a dialog).
  if (mobile) {
    const opener = page.getByRole('region', { name: 'Data Pemesan' }).getByRole('button').first();
    await keys.tabTo(opener);
    await keys.press('Enter', { navigates: true });
    const sheet = page.getByRole('dialog', { name: 'Informasi Pemesan' });
    await expect(sheet).toHaveAttribute('data-state', 'open');
    await expect.poll(() => sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await keys.expectVisibleFocus('opening the sheet');
    await expectFocusTrapped(keys, sheet, 8);
    await keys.press('Escape', { navigates: true });
    await expect(sheet).toHaveCount(0);
    await expectFocused(opener);
    await keys.expectVisibleFocus('closing the sheet');
    await keys.press('Enter', { navigates: true });
    await expect(sheet).toHaveAttribute('data-state', 'open');
    await fillBooker(keys, sheet);
    await keys.tabTo(sheet.getByRole('button', { name: 'Simpan' }));
    await keys.press('Enter', { navigates: true });
    await expect(sheet).toHaveCount(0);
    await keys.expectVisibleFocus('saving the sheet');
  } else {
    await fillBooker(keys, page.getByRole('region', { name: 'Informasi Pemesan' }));
  }

  // --- Refundable, the terms, "Reservasi Tiket" / "Bayar Sekarang" and its confirmation.
  const refundable = page.getByRole('radiogroup', { name: 'Tiket Refundable' });
  const tidak = refundable.getByRole('radio', { name: 'Tidak' });
  await keys.tabTo(refundable.getByRole('radio').first());
  for (let step = 0; step < 3 && !(await isFocused(tidak)); step += 1) await keys.press('ArrowDown');
  await keys.press('Space');
  await expect(tidak).toBeChecked();
  const terms = page.getByRole('checkbox', {
    name: 'Setuju dengan syarat & ketentuan yang diberikan operator perjalanan',
  });
  await keys.tabTo(terms);
  await keys.press('Space');
  await expect(terms).toBeChecked();
  const reserve = page.getByRole('button', { name: mobile ? 'Bayar Sekarang' : 'Reservasi Tiket', exact: true });
  await keys.tabTo(reserve);
  await keys.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Lakukan Reservasi ?' });
  await expect(confirm).toBeVisible();
  await expectFocusTrapped(keys, confirm, 4);
  await keys.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expectFocused(reserve);
  await keys.press('Enter');
  await expect(confirm).toBeVisible();
  await keys.tabTo(confirm.getByRole('button', { name: 'Ya, Reservasi' }), { max: 4 });
  await keys.press('Enter', { navigates: true });

  // --- The payment page: a method chosen with the keyboard enables "Bayar".
  await expect(page).toHaveURL(/\/app\/confirmation-order\/[A-HJ-KM-NP-Z2-9]{10}$/);
  const bca = page.getByRole('radio', { name: /^BCA Virtual Account/ });
  await expect(bca).toBeVisible();
  const methods = page.getByRole('radio');
  await keys.tabTo(methods.first());
  for (let step = 0; step < 12 && !(await isFocused(bca)); step += 1) await keys.press('ArrowDown');
  await keys.press('Space');
  await expect(bca).toBeChecked();
  const pay = page.getByRole('button', { name: 'Bayar', exact: true });
  await expect(pay).toBeEnabled();
  await keys.tabTo(pay);
  test.info().annotations.push({ type: 'key presses', description: String(keys.presses) });
});

async function fillBooker(keys: Keyboard, scope: Locator) {
  for (const [label, value] of [
    ['Nama Lengkap', BOOKER.name],
    ['Nomor Handphone', BOOKER.phone],
    ['Email', BOOKER.email],
  ] as const) {
    const field = scope.getByLabel(label);
    await keys.tabTo(field, { max: 20 });
    await keys.press('ControlOrMeta+A');
    await keys.type(value);
    await expect(field).toHaveValue(value);
  }
}
