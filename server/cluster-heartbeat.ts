/**
 * Loaded before the server in each `serve:cluster` worker (`node --import cluster-heartbeat.js
 * index.js`): answers the primary's pings over the IPC channel. A worker that stops answering
 * (stopped with SIGSTOP, or its event loop stuck) is killed and forked again by the primary
 * (server/cluster.ts), since node:cluster keeps handing it connections otherwise.
 */
import cluster from 'node:cluster';
import { HEARTBEAT_PING, HEARTBEAT_PONG } from './cluster-messages';

// Only in a worker: the database set-up child (server/db/setup.ts) inherits the --import too.
if (cluster.isWorker && process.send) {
  process.on('message', (message: unknown) => {
    if (message === HEARTBEAT_PING) process.send?.(HEARTBEAT_PONG);
  });
}
