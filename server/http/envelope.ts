import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { OK, type ErrorCode, type ErrorEnvelope, type OkEnvelope } from '../../contract';

/** The one way a handler answers: `{ status: 'OK', results }`. */
export function replyOk<T>(c: Context, results: T) {
  const body: OkEnvelope<T> = { status: OK, results };
  return c.json(body, 200);
}

/** The one way the API refuses: `{ status: 'ERROR', code, message }`. */
export function replyError(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string) {
  const body: ErrorEnvelope = { status: 'ERROR', code, message };
  return c.json(body, status);
}
