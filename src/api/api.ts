import { dropToken, getAuthToken, getPlatform } from '../platform/session';
import { getVersionCode } from '../platform/native-bridge';
import { resolveApiBase } from './api-base';
import { createApiClient } from './client';
import { guestCredentials } from './credentials';

/**
 * The app's client instance, wired to the platform read at start and the customer token. Its base
 * is the build's API environment (VITE_API_ENV, checked by vite.config.ts), read once here.
 */
const baseUrl = resolveApiBase(import.meta.env);
export const api = createApiClient({
  ...(baseUrl ? { baseUrl } : {}),
  getPlatform,
  getToken: getAuthToken,
  credentials: guestCredentials,
  getVersionCode,
  onNetworkError: (error, name) => {
    console.warn(`[api] ${name}: jaringan gagal`, error);
  },
  // A refused token (AUT-3) is forgotten: cookie cleared, `auth` meta ignored, the call repeated as a guest.
  onTokenRefused: (token) => dropToken(token),
});
