import { z } from 'zod';

/**
 * Error codes the API answers with. RSV-2 is the spec's "seat no longer available". A voucher
 * refusal has its own code per rule (VCR-*), so the app can tell "unknown code" from "not yet
 * enough to reach the minimum" without reading the message.
 */
export const ErrorCodeSchema = z.enum([
  'REQ-1', // request did not pass its schema
  'AUT-1', // missing or wrong credentials
  'AUT-2', // missing or malformed user-id header
  'AUT-3', // bearer token unknown, expired or revoked: drop it and go on as a guest
  'AUT-4', // the bearer is not a support account (support tools only)
  'OTP-1', // one-time code wrong
  'OTP-2', // one-time code expired, or none was sent
  'OTP-3', // one-time code already used
  'OTP-4', // too many wrong tries for this code
  'NFD-1', // resource not found
  'RSV-1', // reservation refused (schedule, seat or date not bookable)
  'RSV-2', // seat no longer available
  'RSV-3', // departure already left
  'RSV-4', // Idempotency-Key reused with another request
  'RSV-5', // the booker's phone or email already has as many unpaid orders as one contact may hold
  'REQ-2', // too many requests from one client
  'VCR-1', // voucher code unknown
  'VCR-2', // voucher expired or not valid yet
  'VCR-3', // voucher quota used up
  'VCR-4', // transaction below the voucher's minimum
  'VCR-5', // voucher bound to another payment method
  'PAY-1', // order cannot be paid or its method changed (paid, cancelled or expired)
  'PAY-2', // payment refused: the order expired and a seat was sold meanwhile (nothing charged)
  'PAY-3', // payment method unknown or not available for this order
  'PAY-4', // card refused (by the bank, the gateway's fraud check, or an expired token), or another card attempt in flight
  'ORD-1', // order cannot be cancelled (already paid, cancelled or expired)
  'FLS-1', // flash-sale card not on sale now (its session has not started or has ended)
  'FLS-2', // flash-sale quiz answered wrong: the card is blocked for this client this session
  'FLS-3', // flash-sale purchase key missing, expired, used or for another card
  'FLS-4', // flash-sale card sold out
  'FLS-5', // flash-sale purchase key earned by another buyer (another account or guest client)
  'FLS-6', // flash-sale purchases of this card by this buyer this session at the cap
  'FTR-1', // an option whose feature flag is off (refundable, berkah, point)
  'SRV-1', // unexpected server failure
  'SRV-2', // a provider the call needs (code sender, payment gateway) is not configured yet
  'SRV-3', // a provider the call needs failed or did not answer: nothing was sent or done (502)
  'SRV-4', // not ready: /api/ready while the database, Redis or the migrations are not, or while draining
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const OK = 'OK' as const;

export const ErrorEnvelopeSchema = z.object({
  status: z.literal('ERROR'),
  code: ErrorCodeSchema,
  message: z.string().min(1),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export function okEnvelope<T extends z.ZodType>(results: T) {
  return z.object({ status: z.literal(OK), results });
}

/** Either shape: what every reply of the API parses as. */
export function envelope<T extends z.ZodType>(results: T) {
  return z.discriminatedUnion('status', [okEnvelope(results), ErrorEnvelopeSchema]);
}

export type OkEnvelope<T> = { status: typeof OK; results: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** Turns zod issues into one Indonesian sentence naming the fields at fault. */
export function describeIssues(error: z.ZodError): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.map(String).join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  return `Permintaan tidak valid. ${parts.join('; ')}`;
}
