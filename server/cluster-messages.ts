/** The messages between the `serve:cluster` primary (server/cluster.ts) and its workers. */
export const HEARTBEAT_PING = 'berangkat:ping';
export const HEARTBEAT_PONG = 'berangkat:pong';

/**
 * A worker's word, once its database is migrated, seeded and brought up to a day (Asia/Jakarta
 * date): a worker forked again later that day opens the database without running the set-up again,
 * so a crashed process is back in the load balancer's rotation in a node start, not a set-up.
 */
export const DATABASE_PREPARED = 'berangkat:database-prepared';
export interface DatabasePreparedMessage {
  type: typeof DATABASE_PREPARED;
  day: string;
}
/** How the primary passes that day to the workers it forks again. */
export const PREPARED_FOR_ENV = 'BERANGKAT_DATABASE_PREPARED_FOR';

export function isDatabasePrepared(message: unknown): message is DatabasePreparedMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === DATABASE_PREPARED &&
    typeof (message as { day?: unknown }).day === 'string'
  );
}
