import { existsSync } from 'node:fs';
import { run } from './run';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium kept off the closed network: the flags every browser run here uses. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Chromium 156 draws the address bar's suggestion popups as web pages and preloads two of them,
 * each in a renderer process of its own, for every new window: for every test's browser context.
 * Nobody types into an address bar in a headless run.
 */
export const BROWSER_UI_PAGES_OFF = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright 1.65's own `--disable-features` list. Chromium keeps only the last of two
 * `--disable-features` flags, so adding ours means repeating Playwright's (checked by
 * e2e/browser.spec.ts).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** Launch options for Playwright (tests and benchmarks alike). */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: [
    ...CHROMIUM_ARGS,
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_PAGES_OFF].join(',')}`,
  ],
};

/**
 * e2e uses Debian's Chromium, never a downloaded browser. Installs it with apt when this is
 * root on Debian; otherwise says in one line what to do.
 */
export async function ensureChromium(): Promise<boolean> {
  if (existsSync(CHROMIUM_PATH)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version')) {
    console.log(`Chromium tidak ada di ${CHROMIUM_PATH}: memasang paket Debian "chromium" dengan apt-get...`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if (
      (await run('apt-get', ['update', '-qq'], env)) === 0 &&
      (await run('apt-get', ['install', '-y', '-qq', 'chromium'], env)) === 0
    ) {
      if (existsSync(CHROMIUM_PATH)) return true;
    }
  }
  console.error(
    `Chromium not found at ${CHROMIUM_PATH}: run "sudo apt-get install -y chromium" (Debian) or set CHROMIUM_PATH to a Chromium binary, then run the tests again.`,
  );
  return false;
}
