/**
 * `npm run replay -- FILE|CODE`: replays a support trace through the app's charts (no network
 * for the machines) and compares every snapshot with the recorded one.
 * - FILE: a trace JSON (downloaded with "Unduh JSON" or `?debug=trace`).
 * - CODE: a support code (`CS-XXXXXX`), read from the API at REPLAY_API_URL (default
 *   http://127.0.0.1:3000/api) as the support account SUPPORT_TOKEN (default the seeded
 *   `cs-token-berangkat`).
 * Options: `--quiet` prints only the verdicts.
 * Exit codes: 0 identical, 1 a step diverged, 2 the trace could not be read.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_BASIC_CREDENTIALS, SUPPORT_CODE_PATTERN, TraceDocumentSchema, type TraceDocument } from '../contract';
import { createApiClient } from '../src/api/client';
import { replayTrace } from '../src/trace/replay';
import { replayReport } from '../src/trace/replay-report';

async function load(source: string): Promise<TraceDocument> {
  if (SUPPORT_CODE_PATTERN.test(source.trim().toUpperCase())) {
    const client = createApiClient({
      baseUrl: process.env.REPLAY_API_URL ?? 'http://127.0.0.1:3000/api',
      getPlatform: () => 'WEB',
      getToken: () => process.env.SUPPORT_TOKEN ?? 'cs-token-berangkat',
      credentials: DEFAULT_BASIC_CREDENTIALS,
    });
    const read = await client.request('supportTraceRead', { kode: source.trim().toUpperCase() });
    return read.trace;
  }
  const parsed = TraceDocumentSchema.safeParse(JSON.parse(readFileSync(source, 'utf8')));
  if (!parsed.success) throw new Error(`bukan catatan Berangkat: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const quiet = args.includes('--quiet');
  const source = args.find((arg) => !arg.startsWith('--'));
  if (!source) {
    console.error('Pakai: npm run replay -- <berkas.json | CS-XXXXXX> [--quiet]');
    return 2;
  }
  let trace: TraceDocument;
  try {
    trace = await load(source);
  } catch (error) {
    console.error(`Catatan tidak dapat dibaca: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const replay = replayTrace(trace);
  for (const line of replayReport(replay, { steps: !quiet })) console.log(line);
  return replay.identical ? 0 : 1;
}

process.exitCode = await main();
