import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { TraceDocumentSchema } from '../../contract';
import { SUPPORT_TOKEN } from '../../server/db/seed-data/accounts';
import { recordedSnapshots } from '../../src/trace/replay';
import { signInWithToken } from './accounts';

/** The booking page a trace is restored at: after which step, and the texts it must show. */
export interface RestoredPage {
  step: number;
  texts: string[];
}

/**
 * The Playwright tests `npm run trace-to-test` writes for a support trace in
 * tests/traces/fixtures: the customer's booking page restored from the booking lane shows what
 * the customer saw, and the replay screen opens the trace and finds every lane identical.
 */
export function traceRegressionTests(name: string, restored: RestoredPage | null): void {
  const fixture = `tests/traces/fixtures/${name}.json`;
  const trace = TraceDocumentSchema.parse(JSON.parse(readFileSync(fixture, 'utf8')));

  if (restored) {
    test(`${name}: the booking page restored at step ${restored.step} shows what the customer saw`, async ({
      page,
    }) => {
      const booking = trace.lanes.filter((lane) => lane.name === 'booking').at(-1);
      if (!booking) throw new Error('the trace has no booking lane');
      const snapshot = recordedSnapshots(booking).at(restored.step) ?? booking.start;
      await page.addInitScript((stored) => {
        if (sessionStorage.getItem('trace-restored')) return;
        sessionStorage.setItem('trace-restored', '1');
        localStorage.setItem('berangkat:booking', stored);
      }, JSON.stringify(snapshot));
      await page.goto('/app/information-passengers');
      await expect(page.getByRole('heading', { level: 1, name: 'Konfirmasi Pesanan' })).toBeVisible();
      for (const text of restored.texts) {
        await expect(
          page
            .getByText(text, { exact: true })
            .or(page.locator(`input[value="${text}"]`))
            .first(),
        ).toBeVisible();
      }
    });
  }

  test(`${name}: the replay screen finds the trace identical`, async ({ page }) => {
    await signInWithToken(page, SUPPORT_TOKEN);
    await page.goto('/app/support/replay');
    await page.getByLabel('Pilih berkas JSON').setInputFiles(fixture);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(trace.lanes.length);
    for (const [index, lane] of trace.lanes.entries()) {
      await tabs.nth(index).click();
      await expect(page.getByText(`Semua ${lane.steps.length} langkah sama dengan rekaman`)).toBeVisible();
    }
  });
}
