/**
 * The load generator: a process of its own (started by startGenerator in remote-load.ts) that runs
 * autocannon against the API, so the requests are made and their answers read outside the
 * benchmark's own event loop and, when pinned, on another core than the server's. It takes one
 * run at a time over IPC and answers with that run's figures.
 */
import autocannon from 'autocannon';
import { callsOf, type CallName, type CallSpec } from './calls';
import { HEADERS, percentile, type RunResult } from './load';

export interface RunRequest {
  port: number;
  call: CallName;
  spec: CallSpec;
  concurrency: number;
  /** Requests per run, and the time after which the run stops early. */
  requests: number;
  timeMs: number;
}

const JSON_HEADERS = { ...HEADERS, 'content-type': 'application/json' };

function run(request: RunRequest): Promise<RunResult> {
  const make = callsOf(request.spec)[request.call];
  const latencies: number[] = [];
  let n = 0;
  let errors = 0;
  let refused = 0;
  return new Promise((resolve) => {
    const started = performance.now();
    const instance = autocannon({
      url: `http://127.0.0.1:${request.port}`,
      connections: request.concurrency,
      amount: request.requests,
      timeout: 30,
      requests: [
        {
          // Called for every request: a new search ceiling, seats and traveller each time.
          setupRequest: (base) => {
            const call = make(n);
            n += 1;
            return {
              ...base,
              method: call.method,
              path: call.path,
              headers: call.body ? JSON_HEADERS : HEADERS,
              ...(call.body ? { body: call.body } : {}),
            };
          },
          onResponse: (status, body) => {
            if (status === 200 && body.startsWith('{"status":"OK"')) return;
            if (status === 409 && body.includes('"RSV-2"')) refused += 1;
            else errors += 1;
          },
        },
      ],
    });
    // autocannon notices the end of a run on its once-a-second tick: time the run to its last answer.
    let lastAnswer = started;
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      lastAnswer = performance.now();
    });
    instance.on('reqError', () => {
      errors += 1;
    });
    const stop = setTimeout(() => instance.stop(), request.timeMs);
    instance.on('done', () => {
      clearTimeout(stop);
      const elapsed = (lastAnswer - started) / 1000;
      latencies.sort((a, b) => a - b);
      resolve({
        rps: latencies.length / elapsed,
        answered: latencies.length,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors,
        refused,
      });
    });
  });
}

process.on('message', (message: RunRequest) => {
  void run(message).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) => process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.send?.({ ready: true });
