import type { MiddlewareHandler } from 'hono';
import { HEADER, VersionCodeSchema } from '../../contract';
import type { Logger } from '../logger';
import type { AppEnv } from './types';

/**
 * One line per request: method, path (no query string: it may hold an email or phone),
 * status and milliseconds, and the native app's version code when one came well formed. No
 * other header is logged.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set('logger', logger);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const versionCode = VersionCodeSchema.safeParse(c.req.header(HEADER.versionCode));
    const line = {
      method: c.req.method,
      path: c.req.path,
      status,
      ms,
      ...(versionCode.success ? { versionCode: versionCode.data } : {}),
    };
    if (status >= 500) logger.error(line, 'request');
    // 499: the client hung up mid-body (see on-error.ts), worth a look but no server fault.
    else if (status === 499) logger.warn(line, 'request');
    else logger.info(line, 'request');
  };
}
