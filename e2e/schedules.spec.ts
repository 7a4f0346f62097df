import { expect, test, type Page } from '@playwright/test';
import { blockingViolations } from './support/axe';

const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

const seatsLeft = (page: Page) => page.getByText(/^Sisa \d+ kursi$/).first();

/**
 * Every history entry the app adds, in order: "Pilih" passes through the booking page on its way
 * to the seat page faster than a URL check can catch, and Back from the seat page must find the
 * booking page there.
 */
async function recordHistory(page: Page) {
  await page.addInitScript(() => {
    const entries: string[] = [];
    (window as unknown as { e2eHistory: string[] }).e2eHistory = entries;
    const push = history.pushState.bind(history);
    history.pushState = (...args: Parameters<History['pushState']>) => {
      push(...args);
      entries.push(location.pathname);
    };
  });
}

const historyEntries = (page: Page) => page.evaluate(() => (window as unknown as { e2eHistory: string[] }).e2eHistory);

/** Opens the filters: the side panel on desktop is always there, mobile opens the sheet. */
async function openFilters(page: Page) {
  if (isMobile(page)) {
    await page.getByRole('link', { name: /^Filter/ }).click();
    await expect(page.getByRole('dialog', { name: 'Filter Jadwal' })).toBeVisible();
    return page.getByRole('dialog', { name: 'Filter Jadwal' });
  }
  return page.getByRole('complementary', { name: 'Filter' });
}

test.beforeEach(async ({ page }) => {
  // Each test starts without a booking left over from another one.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-started')) {
      localStorage.removeItem('berangkat:booking');
      sessionStorage.setItem('e2e-started', '1');
    }
  });
});

test('search with defaults, then change the day from the date strip', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?/);
  await expect(seatsLeft(page)).toBeVisible();

  const strip = page.getByRole('navigation', { name: 'Pilih tanggal' });
  const selected = strip.getByRole('button', { pressed: true });
  await expect(selected).toHaveCount(1);
  const nextDay = strip.getByRole('button', { pressed: false }).last();
  const label = (await nextDay.getAttribute('aria-label')) ?? '';
  const longDate = label.split(',').slice(0, 2).join(',').trim(); // "Kamis, 26 November 2026"
  const before = new URL(page.url()).searchParams.get('tanggal');

  await nextDay.click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(longDate) })).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('tanggal')).not.toBe(before);
  // The clicked day is now the chosen one (its price part may still be loading).
  await expect(strip.getByRole('button', { pressed: true })).toHaveAttribute('aria-label', new RegExp(`^${longDate},`));
  await expect(seatsLeft(page)).toBeVisible();
});

test('filter by one operator: only its cards remain and the URL keeps the filter', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota');
  await expect(seatsLeft(page)).toBeVisible();

  const panel = await openFilters(page);
  const operators = panel.getByRole('group', { name: 'Operator' }).getByRole('checkbox');
  await expect(operators.first()).toBeVisible();
  expect(await operators.count()).toBeGreaterThan(1);
  const first = operators.first();
  const name = ((await first.locator('xpath=..').innerText()).split('\n')[0] ?? '').trim();
  await first.check();
  await expect(page).toHaveURL(/operator=/);

  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Lihat Jadwal' }).click();
    // The sheet slides away first, then the list is the page again, filter kept.
    await expect(page.getByRole('dialog', { name: 'Filter Jadwal' })).toBeHidden();
    await expect(page).toHaveURL(/\/app\/schedule\?.*operator=/);
  }
  await expect(seatsLeft(page)).toBeVisible();
  const headings = page.getByRole('article').getByRole('heading', { level: 3 });
  await expect(headings.first()).toHaveText(name);
  for (const text of await headings.allTextContents()) expect(text.trim()).toBe(name);

  // Reload: the filter comes back from the URL.
  await page.reload();
  await expect(seatsLeft(page)).toBeVisible();
  for (const text of await headings.allTextContents()) expect(text.trim()).toBe(name);

  // Reset clears it.
  const again = await openFilters(page);
  await again.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/operator=/);
});

test('one way: "Pilih" opens the booking page, then the seat page of an operator with seat choice', async ({
  page,
}) => {
  await recordHistory(page);
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota');
  await expect(seatsLeft(page)).toBeVisible();
  // Seed: Xpress Trans Raya lets travellers choose their seat.
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Xpress Trans Raya' }) })
    .first()
    .getByRole('button', { name: /^Pilih / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/app\/select-seat(\?|$)/);
  expect((await historyEntries(page)).slice(-2)).toEqual(['/app/information-passengers', '/app/select-seat']);
});

test('round trip: outbound, then return with the outbound summary, then seat selection', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('radio', { name: 'Pulang Pergi' }).check({ force: true });
  await expect(page.getByRole('button', { name: /^Tanggal Pulang/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page).toHaveURL(/pp=true/);
  await expect(seatsLeft(page)).toBeVisible();

  const firstCard = page.getByRole('article').first();
  const operator = ((await firstCard.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  await firstCard
    .getByRole('button', { name: /^Pilih / })
    .first()
    .click();

  await expect(page).toHaveURL(/\/app\/schedule\/return\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pilih Jadwal Pulang' })).toBeVisible();
  await expect(page.getByRole('note').getByText('Jurusan Pulang')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Jadwal Pergi' });
  await expect(summary).toBeVisible();
  await expect(summary.getByText(operator, { exact: true })).toBeVisible();
  await expect(summary.getByText(/\d{2}\.\d{2} WIB/)).toBeVisible();

  // The summary comes from the booking flow, so it survives a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Jadwal Pergi' }).getByText(operator, { exact: true })).toBeVisible();

  await expect(seatsLeft(page)).toBeVisible();
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Pilih / })
    .first()
    .click();
  // Both legs chosen: the booking flow goes on to the outbound seats (the first card's operator lets
  // travellers choose), over the booking page as the one-way test checks.
  await expect(page).toHaveURL(/\/app\/select-seat(\?|$)/);

  // Progress is stored after the frame (an idle callback), so the stored trip follows shortly.
  const storedTrip = async () => {
    const stored = await page.evaluate(() => localStorage.getItem('berangkat:booking') ?? '{}');
    const parsed = JSON.parse(stored) as { context?: { trip?: { kind: string; return: unknown[] | null } } };
    const trip = parsed.context?.trip;
    return { kind: trip?.kind, returnLegs: trip?.return?.length ?? 0 };
  };
  await expect.poll(storedTrip).toEqual({ kind: 'round-trip', returnLegs: 1 });
});

test('a connecting trip shows "Pindah Armada" with its legs (Bandung -> Semarang)', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=12&tujuan_tipe=kota');
  await expect(page.getByText('Pindah Armada').first()).toBeVisible();
  const legs = page.getByRole('list', { name: /^Rute perjalanan/ }).first();
  await expect(legs.getByRole('listitem')).toHaveCount(2);
  await expect(legs.getByRole('listitem').first()).toContainText('Rute 1');
  await expect(legs.getByRole('listitem').first()).toContainText('Cirebon');
  await expect(legs.getByRole('listitem').nth(1)).toContainText('Semarang');
  await expect(legs.getByRole('listitem').first()).toContainText(/\d{2}\.\d{2} WIB/);
});

test('schedule page with the filters open has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota');
  await expect(seatsLeft(page)).toBeVisible();
  const panel = await openFilters(page);
  await expect(panel.getByRole('group', { name: 'Operator' }).getByRole('checkbox').first()).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
});

test('a bad URL falls back to a default search instead of failing', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=abc&tanggal=kemarin&sort=acak&jam=fajar&harga_min=-5');
  await expect(seatsLeft(page)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Paling Awal' })).toHaveAttribute('aria-checked', 'true');
});

test('the home date picker is an Indonesian calendar that works with the keyboard', async ({ page }) => {
  await page.goto('/');
  const field = page.getByRole('button', { name: /^Tanggal Berangkat/ });
  const before = (await field.textContent()) ?? '';
  await field.click();
  const dialog = page.getByRole('dialog', { name: 'Tanggal Berangkat' });
  await expect(dialog).toBeVisible();
  // Indonesian month names in the heading, and yesterday cannot be chosen.
  await expect(dialog.getByRole('heading')).toHaveText(
    /(Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) \d{4}/i,
  );
  expect(await blockingViolations(page)).toEqual([]);
  await dialog
    .getByRole('grid')
    .getByRole('button', { name: /terpilih/ })
    .focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(field).not.toHaveText(before);
  await expect(field).toBeFocused();
});

test('the calendar sheet picks a day beyond the date strip', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota');
  await expect(seatsLeft(page)).toBeVisible();
  const before = new URL(page.url()).searchParams.get('tanggal');
  await page.getByRole('link', { name: 'Kalender' }).click();
  const sheet = page.getByRole('dialog', { name: 'Pilih Tanggal' });
  await expect(sheet.getByRole('grid')).toBeVisible();
  await sheet
    .getByRole('grid')
    .getByRole('button', { name: /terpilih/ })
    .focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  await expect.poll(() => new URL(page.url()).searchParams.get('tanggal')).not.toBe(before);
  await expect(seatsLeft(page)).toBeVisible();
});

test('"Ubah" opens the search form filled with the current search', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=12&tujuan_tipe=kota');
  await expect(page.getByText(/Sisa \d+ kursi/).first()).toBeVisible();
  const day = new URL(page.url()).searchParams.get('tanggal');
  await page.getByRole('link', { name: 'Ubah pencarian' }).click();
  await expect(page).toHaveURL(/\/app-m-web\/change-form/);
  await expect(page.getByRole('heading', { name: 'Ubah Pencarian' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ke' })).toHaveValue('Semarang');
  await page.getByRole('button', { name: 'Cari Tiket' }).click();
  await expect(page).toHaveURL(/\/app\/schedule\?/);
  expect(new URL(page.url()).searchParams.get('tujuan_id')).toBe('12');
  expect(new URL(page.url()).searchParams.get('tanggal')).toBe(day);
});

test('a night departure arriving after midnight is marked as the next day', async ({ page }) => {
  // Seed: Sinar Harapan Trans leaves Bandung for Semarang at 17.00 and arrives at 00.00.
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=12&tujuan_tipe=kota');
  const night = page.getByRole('article').filter({ hasText: '17.00 WIB' }).first();
  await expect(night.getByText('+1 hari').first()).toBeVisible();
  // A daytime trip on the same list carries no mark.
  const day = page.getByRole('article').filter({ hasText: '06.00 WIB' }).first();
  await expect(day).toBeVisible();
  await expect(day.getByText('+1 hari')).toHaveCount(0);
});

test('"Tampilan" switches the list to one compact line per departure, kept in the URL', async ({ page }) => {
  await page.goto('/app/schedule?asal_id=1&asal_tipe=kota&tujuan_id=2&tujuan_tipe=kota');
  const firstGroup = page.getByRole('article').first();
  await expect(firstGroup.getByText('Executive').first()).toBeVisible();
  await page.getByRole('link', { name: 'Tampilan daftar jadwal' }).click();
  const sheet = page.getByRole('dialog', { name: 'Ubah Tampilan Jadwal' });
  await sheet.getByText('Ringkas', { exact: true }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/view=ringkas/);
  // Compact rows keep time, price and the choose button, and drop the service and facilities line.
  await expect(firstGroup.getByRole('button', { name: /^Pilih / }).first()).toBeVisible();
  await expect(firstGroup.getByText('Executive')).toHaveCount(0);
  await page.reload();
  await expect(firstGroup.getByRole('button', { name: /^Pilih / }).first()).toBeVisible();
  await expect(firstGroup.getByText('Executive')).toHaveCount(0);
});
