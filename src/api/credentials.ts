import { DEFAULT_BASIC_CREDENTIALS } from '../../contract/platform';
import type { BasicCredentials } from './client';

/** `user:password` (the password may hold colons); anything else keeps the default. */
export function parseCredentials(value: string | undefined, fallback: { user: string; password: string }) {
  if (!value) return fallback;
  const at = value.indexOf(':');
  if (at <= 0 || at === value.length - 1) return fallback;
  return { user: value.slice(0, at), password: value.slice(at + 1) };
}

/** Basic credentials per platform, from VITE_BASIC_AUTH_* at build time (mirrors the server's BASIC_AUTH_*). */
export const basicCredentials: BasicCredentials = {
  WEB: parseCredentials(import.meta.env.VITE_BASIC_AUTH_WEB, DEFAULT_BASIC_CREDENTIALS.WEB),
  'APP-ANDROID': parseCredentials(import.meta.env.VITE_BASIC_AUTH_ANDROID, DEFAULT_BASIC_CREDENTIALS['APP-ANDROID']),
  'APP-IOS': parseCredentials(import.meta.env.VITE_BASIC_AUTH_IOS, DEFAULT_BASIC_CREDENTIALS['APP-IOS']),
};
