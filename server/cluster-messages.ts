/** The messages between the `serve:cluster` primary (server/cluster.ts) and its workers. */
export const HEARTBEAT_PING = 'berangkat:ping';
export const HEARTBEAT_PONG = 'berangkat:pong';
