import { isApiError } from './client';

export const OFFLINE_MESSAGE = 'Tidak dapat terhubung. Periksa koneksi internet kamu lalu coba lagi.';
export const BAD_REPLY_FRIENDLY_MESSAGE = 'Server sedang bermasalah. Coba lagi beberapa saat lagi.';
export const GENERIC_ERROR_MESSAGE = 'Terjadi kesalahan. Coba lagi beberapa saat lagi.';

/**
 * What a passenger reads for a failed call: never the raw `err` of spec section 8, never a
 * stack trace. Server messages are Indonesian already, except request-shape ones (REQ-1, AUT-*).
 */
export function friendlyErrorMessage(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR_MESSAGE;
  switch (error.code) {
    case 'NETWORK':
      return OFFLINE_MESSAGE;
    case 'BAD_REPLY':
    case 'SRV-1':
      return BAD_REPLY_FRIENDLY_MESSAGE;
    case 'REQ-1':
    case 'AUT-1':
    case 'AUT-2':
      return GENERIC_ERROR_MESSAGE;
    default:
      return error.message;
  }
}
