import { readFileSync, readlinkSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BROWSER_UI_PAGES_OFF, HEADLESS_SHELL_PATH, e2eChromiumPath } from '../scripts/chromium';

/*
 * The browser the tests run in (scripts/chromium.ts): Playwright's own switches still hold, and no
 * window preloads the address bar's popups, which would cost two renderer processes a context.
 */

const FLAG = '--disable-features=';

test("the test browser keeps Playwright's disabled features and preloads no address-bar page @desktop-only", async ({
  browser,
  page,
}) => {
  await page.goto('/');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
  expect(targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url)).toEqual([]);

  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  const browserProcess = processInfo.find((info) => info.type === 'browser');
  expect(browserProcess, 'the browser process').toBeDefined();
  const switches = readFileSync(`/proc/${browserProcess!.id}/cmdline`, 'utf8').split('\0');
  const lists = switches.filter((item) => item.startsWith(FLAG)).map((item) => item.slice(FLAG.length).split(','));
  // Playwright's list first, ours last; Chromium reads only the last.
  expect(lists).toHaveLength(2);
  const [playwrights, ours] = lists as [string[], string[]];
  expect(ours).toEqual(expect.arrayContaining([...playwrights, ...BROWSER_UI_PAGES_OFF]));
  // The headless shell when it is installed (a fifth less CPU a run), the full browser otherwise.
  const runsShell = readlinkSync(`/proc/${browserProcess!.id}/exe`) === HEADLESS_SHELL_PATH;
  expect(runsShell, `e2e's browser is ${e2eChromiumPath()}`).toBe(e2eChromiumPath() === HEADLESS_SHELL_PATH);
  await session.detach();
});
