import type { MouseEvent } from 'react';
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
}

/** Where the host's version code survives a reload of the webview (this tab only). */
export const VERSION_CODE_KEY = 'berangkat:version-code';

let versionCode: string | null = null;

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
export function setVersionCode(code: unknown, storage: Pick<Storage, 'setItem'> | null = sessionStore()): boolean {
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

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** At start: the global hook for the host, the version code kept from before a reload, `ready`. */
export function installNativeBridge(platform: string, win = hostWindow()): void {
  if (!win) return;
  try {
    const kept = sessionStore()?.getItem(VERSION_CODE_KEY);
    if (kept && VersionCodeSchema.safeParse(kept).success) versionCode = kept;
  } catch {
    // No storage: the host reports again.
  }
  win.berangkatSetVersionCode = (code: unknown) => setVersionCode(code);
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
