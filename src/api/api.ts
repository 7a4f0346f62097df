import { dropToken, getAuthToken, getPlatform } from '../platform/session';
import { getVersionCode } from '../platform/native-bridge';
import { createApiClient } from './client';
import { guestCredentials } from './credentials';

/** The app's client instance, wired to the platform read at start and the customer token. */
export const api = createApiClient({
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
