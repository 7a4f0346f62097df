import type { ErrorCode } from '../../contract/envelope';
import { isApiError } from '../api/client';
import { friendlyErrorMessage } from '../api/errors';

/** A call's answer as a machine reads it: the results, or the server's refusal in the traveller's words. */
export type CallOutcome<T> = { kind: 'ok'; results: T } | { kind: 'refused'; code: ErrorCode; message: string };

/**
 * Runs a call for a machine: a server refusal (or an unreadable reply, counted as the server's own
 * failure) becomes an outcome the machine shows; no answer at all (offline) rejects, and the
 * machine says so in its own words.
 */
export async function callOutcome<T>(call: () => Promise<T>): Promise<CallOutcome<T>> {
  try {
    return { kind: 'ok', results: await call() };
  } catch (error) {
    if (!isApiError(error) || error.code === 'NETWORK') throw error;
    const code = error.code === 'BAD_REPLY' ? 'SRV-1' : error.code;
    return { kind: 'refused', code, message: friendlyErrorMessage(error) };
  }
}
