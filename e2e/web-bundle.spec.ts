import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Response } from '@playwright/test';
import { DEFAULT_BASIC_CREDENTIALS, HEADER } from '../contract';
import { DEMO_TOKENS } from '../server/db/seed-data/accounts';
import { fakeNativeHost } from './support/native-host';

/*
 * Issue 21: the web build carries only the web platform's credentials. The Android and iOS apps'
 * pairs reach their webviews from the native host at run time (src/platform/native-bridge.ts), so
 * neither password may appear in any script the server hands out: the ones a page loads, and
 * every chunk of the build it serves (lazy routes included), read from disk.
 */

const APP_SECRETS = (['APP-ANDROID', 'APP-IOS'] as const).flatMap((platform) => [
  DEFAULT_BASIC_CREDENTIALS[platform].password,
  DEFAULT_BASIC_CREDENTIALS[platform].user,
]);

/** The build the e2e servers serve (playwright.config.ts passes DIST_DIR on when set). */
const DIST = process.env.DIST_DIR ?? 'dist';

const found = (text: string) => APP_SECRETS.filter((secret) => text.includes(secret));

test('no script of the built app holds an Android or iOS credential', () => {
  const assets = join(DIST, 'assets');
  const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(5);
  const holding = scripts
    .map((file) => ({ file, secrets: found(readFileSync(join(assets, file), 'utf8')) }))
    .filter(({ secrets }) => secrets.length > 0);
  expect(holding).toEqual([]);
  // The web pair is there: the check reads the real build, not an empty folder.
  const web = DEFAULT_BASIC_CREDENTIALS.WEB.password;
  expect(scripts.some((file) => readFileSync(join(assets, file), 'utf8').includes(web))).toBe(true);
});

test('no script of the built app names a demo account token (production refuses them)', () => {
  const assets = join(DIST, 'assets');
  const holding = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => {
      const text = readFileSync(join(assets, file), 'utf8');
      return DEMO_TOKENS.some((token) => text.includes(token));
    });
  expect(holding).toEqual([]);
});

test('the scripts an Android webview loads hold no app credential, and its calls still carry its own', async ({
  page,
}) => {
  const bodies: Promise<string>[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text());
  };
  page.on('response', collect);
  await fakeNativeHost(page, 'android');
  const guestCall = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/api/'));
  await page.goto('/?platform=APP-ANDROID');
  const { user, password } = DEFAULT_BASIC_CREDENTIALS['APP-ANDROID'];
  expect((await guestCall).headers()[HEADER.authorization]).toBe(
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  );
  await expect(page.getByRole('button', { name: 'Cari Tiket' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A chunk loaded later would be read after the test ends (its body gone with the page): the
  // scripts of the first screen are the ones checked.
  page.off('response', collect);
  const texts = await Promise.all(bodies);
  expect(texts.length).toBeGreaterThan(0);
  expect(texts.flatMap(found)).toEqual([]);
});
