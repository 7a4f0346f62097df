import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../logger';
import { replyError } from './envelope';
import { ApiError } from '../services/errors';
import { ClientAbortError } from './validate';

/** Logged for a request whose client hung up mid-body (nginx's convention); no one reads the reply. */
export const CLIENT_CLOSED_STATUS = 499;

export const SERVER_ERROR_MESSAGE = 'Terjadi kesalahan pada server, silakan coba lagi';

/**
 * What is logged of an unexpected error. A failed query's own message repeats its parameters
 * (which may hold a name or phone number), so the driver's cause is logged instead.
 */
function describeForLog(err: Error): Record<string, unknown> {
  const cause = err.cause instanceof Error ? err.cause : null;
  const source = cause ?? err;
  return {
    name: err.name,
    message: source.message.slice(0, 500),
    code: (source as { code?: unknown }).code,
    stack: err.stack?.split('\n').slice(1, 8).join('\n'),
  };
}

/** Refusals become their envelope; anything unexpected is logged and answered 500 SRV-1, without a stack. */
export function onError(logger: Logger): ErrorHandler {
  return (err, c) => {
    if (err instanceof ApiError) return replyError(c, err.status, err.code, err.message);
    if (err instanceof ClientAbortError) {
      const cause = err.cause instanceof Error ? err.cause : null;
      logger.warn(
        { method: c.req.method, path: c.req.path, status: CLIENT_CLOSED_STATUS, reason: cause?.message.slice(0, 200) },
        'client closed the request',
      );
      return new Response(null, { status: CLIENT_CLOSED_STATUS });
    }
    if (err instanceof HTTPException && err.status < 500) {
      return replyError(
        c,
        err.status as ContentfulStatusCode,
        'REQ-1',
        `Permintaan tidak valid. ${err.message || 'Periksa kembali data yang dikirim'}`,
      );
    }
    logger.error({ err: describeForLog(err), method: c.req.method, path: c.req.path }, 'unexpected error');
    return replyError(c, 500, 'SRV-1', SERVER_ERROR_MESSAGE);
  };
}
