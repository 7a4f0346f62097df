import type { MouseEvent } from 'react';
import { browserStorage } from './browser-storage';
import { VersionCodeSchema } from '../../contract/platform';

/**
 * The bridge to a native Android or iOS app hosting the product in a webview (spec sections 2, 6
 * and 7). The host is found once by what it injected:
 * - Android: a JavascriptInterface object `window.BerangkatAndroid` with `postMessage(json)`,
 *   which receives each message as a JSON string;
 * - iOS: a script message handler `window.webkit.messageHandlers.berangkat` with
 *   `postMessage(message)`, which receives each message as an object.
 * In a plain browser there is none and every post is a no-op.
 *
 * Messages the page posts:
 * - `{ type: 'ready', platform, versionCode }` once the app has started;
 * - `{ type: 'back', route }` every time the navbar's back button is pressed (the route it was
 *   pressed on, path and query), before the page goes back itself;
 * - `{ type: 'open-external', url, kind }` for a link that must leave the webview (kind `maps`,
 *   `whatsapp`, `refundable` or `other`); the webview itself does not navigate.
 *
 * The host reports its version code by calling `window.berangkatSetVersionCode('120')` (digits,
 * at most 10); the page keeps it for the tab and sends it with every request as
 * `x-app-version-code`.
 *
 * The host hands the page its own basic credentials (the pair its binary already holds for its
 * platform) by calling `window.berangkatSetCredentials(user, password)` when it hears `ready`
 * (it may call it again at any time, for example after a credentials rotation); the call answers
 * true when the pair was taken. The web bundle carries only the web platform's pair, so this is
 * the only way an APP-* page gets its own. The pair is kept in memory and in sessionStorage for
 * the tab, so a reload of the webview sends its first calls without waiting for the host again.
 *
 * Until the host has handed them over, an APP-* page's guest calls wait for them, at most
 * HOST_CREDENTIALS_WAIT_MS from the page's start. A host that never hands them (an app version
 * built before this call existed) gets its guest calls sent as a web page: `x-platform: WEB` with
 * the web pair. The server checks the platform and the pair together, so the web pair under an
 * APP-* platform would be refused; sent as WEB the calls are answered, and only the platform
 * recorded for a sign-in made that way says WEB. Calls with a customer's bearer token never wait:
 * they carry no basic pair.
 */

export type ExternalKind = 'maps' | 'whatsapp' | 'refundable' | 'other';

export type HostMessage =
  | { type: 'ready'; platform: string; versionCode: string | null }
  | { type: 'back'; route: string }
  | { type: 'open-external'; url: string; kind: ExternalKind };

interface AndroidHost {
  postMessage(json: string): void;
}
interface IosHandler {
  postMessage(message: unknown): void;
}

interface HostWindow {
  BerangkatAndroid?: AndroidHost;
  webkit?: { messageHandlers?: { berangkat?: IosHandler } };
  berangkatSetVersionCode?: (code: unknown) => boolean;
  berangkatSetCredentials?: (user: unknown, password: unknown) => boolean;
}

export interface HostCredentials {
  user: string;
  password: string;
}

/** Where the host's version code survives a reload of the webview (this tab only). */
export const VERSION_CODE_KEY = 'berangkat:version-code';

/** Where the host's basic credentials survive a reload of the webview (this tab only). */
export const HOST_CREDENTIALS_KEY = 'berangkat:host-credentials';
/**
 * How long an APP-* page's first guest calls wait for the host's credentials. A host answers
 * `ready` within milliseconds; the bound only matters for a host that never answers.
 */
export const HOST_CREDENTIALS_WAIT_MS = 1500;

let versionCode: string | null = null;
let hostCredentials: HostCredentials | null = null;
let credentialsWaiters: Array<(credentials: HostCredentials | null) => void> = [];
let credentialsDeadline: ReturnType<typeof setTimeout> | null = null;
let credentialsWaitOver = false;

function hostWindow(): (Window & HostWindow) | null {
  return typeof window === 'undefined' ? null : (window as Window & HostWindow);
}

export type HostKind = 'android' | 'ios';

/** Which native host the page runs in, or null in a browser. */
export function hostKind(win = hostWindow()): HostKind | null {
  if (!win) return null;
  if (typeof win.BerangkatAndroid?.postMessage === 'function') return 'android';
  if (typeof win.webkit?.messageHandlers?.berangkat?.postMessage === 'function') return 'ios';
  return null;
}

/** Hands a message to the host; false in a browser (nobody to tell). */
export function postToHost(message: HostMessage, win = hostWindow()): boolean {
  const kind = hostKind(win);
  try {
    if (kind === 'android') win?.BerangkatAndroid?.postMessage(JSON.stringify(message));
    else if (kind === 'ios') win?.webkit?.messageHandlers?.berangkat?.postMessage(message);
    else return false;
    return true;
  } catch {
    // A host that throws is treated as absent: the page carries on as in a browser.
    return false;
  }
}

/** The host's version code, once reported (null before, or in a browser). */
export function getVersionCode(): string | null {
  return versionCode;
}

/** Accepts a version code from the host; a malformed one is ignored. */
export function setVersionCode(
  code: unknown,
  storage: Pick<Storage, 'setItem'> | null = browserStorage('session'),
): boolean {
  const parsed = VersionCodeSchema.safeParse(typeof code === 'number' ? String(code) : code);
  if (!parsed.success) return false;
  versionCode = parsed.data;
  try {
    storage?.setItem(VERSION_CODE_KEY, versionCode);
  } catch {
    // Kept for this page only.
  }
  return true;
}

// Basic auth's user part cannot hold a colon; both parts are kept to printable ASCII, as a host sets them.
const CREDENTIAL_PART = /^[\x21-\x7e]{1,200}$/;

function parseCredentials(user: unknown, password: unknown): HostCredentials | null {
  if (typeof user !== 'string' || typeof password !== 'string') return null;
  if (!CREDENTIAL_PART.test(user) || user.includes(':') || !CREDENTIAL_PART.test(password)) return null;
  return { user, password };
}

function settleCredentialWaiters(credentials: HostCredentials | null): void {
  const waiters = credentialsWaiters;
  credentialsWaiters = [];
  for (const waiter of waiters) waiter(credentials);
}

/** Accepts the host's basic credentials; a malformed pair is ignored (false). */
export function setHostCredentials(
  user: unknown,
  password: unknown,
  storage: Pick<Storage, 'setItem'> | null = browserStorage('session'),
): boolean {
  const parsed = parseCredentials(user, password);
  if (!parsed) return false;
  hostCredentials = parsed;
  try {
    storage?.setItem(HOST_CREDENTIALS_KEY, JSON.stringify(parsed));
  } catch {
    // Kept for this page only.
  }
  settleCredentialWaiters(parsed);
  return true;
}

/** The host's credentials once handed over (null before, or in a browser). */
export function getHostCredentials(): HostCredentials | null {
  return hostCredentials;
}

/**
 * The host's credentials: at once when known; else when the host hands them, or null once
 * HOST_CREDENTIALS_WAIT_MS from the page's start (or from the first wait) have passed without them.
 */
export function awaitHostCredentials(): Promise<HostCredentials | null> {
  if (hostCredentials || credentialsWaitOver) return Promise.resolve(hostCredentials);
  // Normally started by installNativeBridge; a wait is never left without its bound.
  startCredentialsWait(HOST_CREDENTIALS_WAIT_MS);
  return new Promise((resolve) => credentialsWaiters.push(resolve));
}

function startCredentialsWait(waitMs: number): void {
  if (credentialsDeadline !== null || credentialsWaitOver) return;
  credentialsDeadline = setTimeout(() => {
    credentialsWaitOver = true;
    settleCredentialWaiters(hostCredentials);
  }, waitMs);
}

function keptCredentials(): HostCredentials | null {
  try {
    const kept = browserStorage('session')?.getItem(HOST_CREDENTIALS_KEY);
    if (!kept) return null;
    const { user, password } = JSON.parse(kept) as { user?: unknown; password?: unknown };
    return parseCredentials(user, password);
  } catch {
    return null;
  }
}

/** For tests only: forget the host's credentials and any wait. */
export function resetHostCredentialsForTests(): void {
  hostCredentials = null;
  credentialsWaitOver = false;
  if (credentialsDeadline !== null) clearTimeout(credentialsDeadline);
  credentialsDeadline = null;
  settleCredentialWaiters(null);
}

/**
 * At start: the global hooks for the host, the version code and credentials kept from before a
 * reload, the wait for the credentials (APP-* pages only), then `ready`.
 */
export function installNativeBridge(platform: string, win = hostWindow(), waitMs = HOST_CREDENTIALS_WAIT_MS): void {
  if (!win) return;
  try {
    const kept = browserStorage('session')?.getItem(VERSION_CODE_KEY);
    if (kept && VersionCodeSchema.safeParse(kept).success) versionCode = kept;
  } catch {
    // No storage: the host reports again.
  }
  hostCredentials ??= keptCredentials();
  win.berangkatSetVersionCode = (code: unknown) => setVersionCode(code);
  win.berangkatSetCredentials = (user: unknown, password: unknown) => setHostCredentials(user, password);
  if (platform !== 'WEB') startCredentialsWait(waitMs);
  postToHost({ type: 'ready', platform, versionCode }, win);
}

/** The navbar's back: the host always hears of it, with the route it was pressed on. */
export function postBack(route: string): void {
  postToHost({ type: 'back', route });
}

/** Opens a link outside the app: through the host in a webview, else in a new tab. */
export function openExternal(url: string, kind: ExternalKind, win = hostWindow()): void {
  if (!win) return;
  const absolute = new URL(url, win.location.href).href;
  if (postToHost({ type: 'open-external', url: absolute, kind }, win)) return;
  win.open(absolute, '_blank', 'noopener,noreferrer');
}

/**
 * For an `<a target="_blank">` that must leave the webview: a browser follows the link itself
 * (keyboard, middle click and screen readers keep working); inside a host the click is handed to
 * the host instead.
 */
export function externalClick(kind: ExternalKind) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (hostKind() === null) return;
    event.preventDefault();
    openExternal(event.currentTarget.href, kind);
  };
}
