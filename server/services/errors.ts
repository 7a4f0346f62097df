import type { ErrorCode } from '../../contract';

/**
 * The refusals the API explains, 503 for a part of the service that is not set up yet and 502 for
 * a provider (mail, messaging) that failed to do its part.
 */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/**
 * A refusal the API explains to the caller: thrown anywhere below a handler (services know
 * nothing of HTTP beyond this status), turned into the error envelope by the app's onError.
 * Anything else that is thrown is a 500 SRV-1.
 */
export class ApiError extends Error {
  constructor(
    readonly status: RefusalStatus,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, 'REQ-1', message);
export const notFound = (message: string) => new ApiError(404, 'NFD-1', message);
/** A schedule, seat or date that cannot be booked. */
export const notBookable = (message: string) => new ApiError(400, 'RSV-1', message);
/** The spec's RSV-2: a chosen seat was taken meanwhile. */
export const seatTaken = (message: string) => new ApiError(409, 'RSV-2', message);
/** A voucher that cannot be used for this transaction: each rule has its own VCR code. */
export const voucherRefused = (code: Extract<ErrorCode, `VCR-${string}`>, message: string) =>
  new ApiError(422, code, message);
/** A call only a signed-in customer (bearer token) may make. */
export const signInRequired = (message: string) => new ApiError(401, 'AUT-1', message);
/** A call whose provider (code sender, payment gateway) this installation has not configured yet. */
export const notConfigured = (message: string) => new ApiError(503, 'SRV-2', message);
/** A provider (mail server, messaging API) refused or did not answer: nothing was sent. */
export const providerFailed = (message: string) => new ApiError(502, 'SRV-3', message);
