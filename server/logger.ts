import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/** The request a piece of work runs for: set by the request-id middleware, read by every log line. */
const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `work` as part of request `reqId`: whatever it logs, at any depth, carries the id. */
export function inRequest<T>(reqId: string, work: () => T): T {
  return requestScope.run({ reqId }, work);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.reqId;
}

const NO_FIELDS = {};

/**
 * One JSON line per event. Authorization headers and personal data never reach the logger:
 * the request log writes method, path (without query), status and time only; the redact list
 * is a second guard in case a header object is ever logged by mistake. A line written while a
 * request is handled carries its `reqId` (the X-Request-Id of its reply), whichever module logs it.
 */
export function createLogger(level: LevelWithSilent = 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { app: 'berangkat' },
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { reqId: scope.reqId } : NO_FIELDS;
    },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'authorization', '*.authorization'],
      censor: '[disembunyikan]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that writes nothing: the default for tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
