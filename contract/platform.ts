import { z } from 'zod';

export const PlatformSchema = z.enum(['WEB', 'APP-ANDROID', 'APP-IOS']);
export type Platform = z.infer<typeof PlatformSchema>;

/** Request headers every call carries. */
export const HEADER = {
  userId: 'x-user-id',
  platform: 'x-platform',
  authorization: 'authorization',
  /** The native host's app version code (reported through window.berangkatSetVersionCode). */
  versionCode: 'x-app-version-code',
} as const;

/** A version code as native hosts report it: digits (Android versionCode, iOS build number). */
export const VersionCodeSchema = z.string().regex(/^[0-9]{1,10}$/);

export const USER_ID_LENGTH = 100;
export const UserIdSchema = z
  .string()
  .length(USER_ID_LENGTH, `Header ${HEADER.userId} harus ${USER_ID_LENGTH} karakter`)
  .regex(/^[A-Za-z0-9]+$/, `Header ${HEADER.userId} hanya boleh huruf dan angka`);

/**
 * The web platform's basic credentials (development default; deployments override them with the
 * server's BASIC_AUTH_WEB and the build's VITE_BASIC_AUTH_WEB). The only pair the web bundle
 * carries: anyone can read it from the page, so it identifies the platform, it guards nothing.
 */
export const WEB_BASIC_CREDENTIALS = { user: 'berangkat-web', password: 'web-2026' };

/**
 * Basic credentials per platform for requests without a customer token: the development
 * defaults; deployments override them (server: BASIC_AUTH_*). For the server, tests and scripts
 * only: the app's pairs reach a webview from its native host at run time (src/platform/
 * native-bridge.ts), never from the web bundle, so nothing under src/ may import this.
 */
export const DEFAULT_BASIC_CREDENTIALS: Record<Platform, { user: string; password: string }> = {
  WEB: WEB_BASIC_CREDENTIALS,
  'APP-ANDROID': { user: 'berangkat-android', password: 'android-2026' },
  'APP-IOS': { user: 'berangkat-ios', password: 'ios-2026' },
};

/** All paths sit under this base; `{prefix}` of the spec is the product's own group. */
export const API_BASE = '/api';
export const PREFIX = 'berangkat';
