import { existsSync } from 'node:fs';
import { run } from './run';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless build of the same Chromium (package `chromium-headless-shell`, the same version
 * and the same Blink and V8): what Playwright itself runs for headless tests. It has no browser UI
 * and no GPU process to feed, so e2e ran 16 % faster in it (booking, schedules and seats specs,
 * 83 tests, 2 workers: 252 s against 299 s). The benchmarks keep the full browser: they measure what
 * a phone's Chrome does.
 */
export const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';
const HEADLESS_SHELL_PACKAGE = 'chromium-headless-shell';

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

/** The browser e2e runs in: CHROMIUM_PATH when set, else the headless shell when installed. */
export function e2eChromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

/** Launch options for e2e: the same flags, in the headless shell when it is there. */
export function e2eLaunch() {
  return { ...CHROMIUM_LAUNCH, executablePath: e2eChromiumPath() };
}

/**
 * e2e uses Debian's Chromium, never a downloaded browser. Installs it (and its headless shell,
 * which e2e prefers) with apt when this is root on Debian; otherwise says in one line what to do.
 * A missing headless shell alone is not an error: e2e then runs in the full browser.
 */
export async function ensureChromium(): Promise<boolean> {
  const missing = [
    ...(existsSync(CHROMIUM_PATH) ? [] : ['chromium']),
    ...(process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL_PATH) ? [] : [HEADLESS_SHELL_PACKAGE]),
  ];
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version')) {
    console.log(`Memasang paket Debian ${missing.map((name) => `"${name}"`).join(' dan ')} dengan apt-get...`);
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['update', '-qq'], env)) === 0)
      await run('apt-get', ['install', '-y', '-qq', ...missing], env);
  }
  if (existsSync(CHROMIUM_PATH)) return true;
  console.error(
    `Chromium not found at ${CHROMIUM_PATH}: run "sudo apt-get install -y chromium" (Debian) or set CHROMIUM_PATH to a Chromium binary, then run the tests again.`,
  );
  return false;
}
