import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe findings that block: serious and critical ones, named by rule and element. With a modal or
 * sheet open the page behind it is inert and was scanned before: `within` scans the modal.
 *
 * Legacy mode runs axe in the page itself; the default mode opens a blank page per scan to merge
 * the frames' results, and the app has no frames to merge. Only violations are collected: the
 * passes, which the tests never read, cost the most. Together, a scan of the schedule list takes
 * 1.9 s instead of 6.3 s (quiet machine, Pixel 7 viewport).
 */
export async function blockingViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
