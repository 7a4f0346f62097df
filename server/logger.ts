import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/**
 * One JSON line per event. Authorization headers and personal data never reach the logger:
 * the request log writes method, path (without query), status and time only; the redact list
 * is a second guard in case a header object is ever logged by mistake.
 */
export function createLogger(level: LevelWithSilent = 'info', destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { app: 'berangkat' },
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', 'authorization', '*.authorization'],
      censor: '[disembunyikan]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that writes nothing: the default for tests. */
export const silentLogger: Logger = pino({ level: 'silent' });
