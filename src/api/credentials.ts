import { WEB_BASIC_CREDENTIALS, type Platform } from '../../contract/platform';
import { awaitHostCredentials } from '../platform/native-bridge';
import type { BasicPair } from './client';

/** `user:password` (the password may hold colons); anything else keeps the default. */
export function parseCredentials(value: string | undefined, fallback: BasicPair): BasicPair {
  if (!value) return fallback;
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return fallback;
  return { user: value.slice(0, at), password: value.slice(at + 1) };
}

/** The web platform's pair, from VITE_BASIC_AUTH_WEB at build time (mirrors the server's BASIC_AUTH_WEB). */
export const webCredentials: BasicPair = parseCredentials(import.meta.env.VITE_BASIC_AUTH_WEB, WEB_BASIC_CREDENTIALS);

/**
 * A guest call's pair for the platform: the web one from the build; an app's own only from its
 * native host at run time (see src/platform/native-bridge.ts), so no app password ships in the
 * web bundle. Null when the host has not handed it over in time.
 */
export function guestCredentials(platform: Platform): BasicPair | null | Promise<BasicPair | null> {
  return platform === 'WEB' ? webCredentials : awaitHostCredentials();
}
