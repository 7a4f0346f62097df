/** The part of autocannon 9 (which ships no types) that the load generator uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    /** Seconds without an answer after which a request counts as timed out. */
    timeout?: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }

  interface Instance extends EventEmitter {
    stop(): void;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
