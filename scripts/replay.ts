/**
 * `npm run replay -- FILE|CODE`: replays a support trace through the app's charts (no network
 * for the machines) and compares every snapshot with the recorded one.
 * - FILE: a trace JSON (downloaded with "Unduh JSON" or `?debug=trace`).
 * - CODE: a support code (`CS-XXXXXX`), read from the API at REPLAY_API_URL (default
 *   http://127.0.0.1:3000/api) as the support account SUPPORT_TOKEN (default the seeded
 *   `cs-token-berangkat`; set but empty sends none).
 * A trace that cannot be had is explained, cause and next step (src/trace/trace-source.ts).
 * Options: `--quiet` prints only the verdicts; `--rinci` adds each step's chart event, actor and state.
 * Exit codes: 0 identical, 1 a step diverged, 2 the trace could not be read.
 */
import { readFileSync } from 'node:fs';
import type { TraceDocument } from '../contract';
import { SUPPORT_TOKEN } from '../server/db/seed-data/accounts';
import { replayTrace } from '../src/trace/replay';
import { replayReport } from '../src/trace/replay-report';
import {
  CLI_READ_MESSAGE,
  REPLAY_SETTINGS,
  TraceReadError,
  looksLikeCode,
  parseTraceText,
  readTraceByCode,
} from '../src/trace/trace-source';

async function load(source: string, env: NodeJS.ProcessEnv = process.env): Promise<TraceDocument> {
  if (looksLikeCode(source)) {
    return readTraceByCode(source, {
      baseUrl: env[REPLAY_SETTINGS.baseUrl] || REPLAY_SETTINGS.defaultBaseUrl,
      // Unset: the seeded support account of demo mode.
      token: env[REPLAY_SETTINGS.token] ?? SUPPORT_TOKEN,
    });
  }
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch {
    throw new TraceReadError('fileMissing', CLI_READ_MESSAGE.fileMissing(source));
  }
  return parseTraceText(source, text);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const quiet = args.includes('--quiet');
  const technical = args.includes('--rinci');
  const source = args.find((arg) => !arg.startsWith('--'));
  if (!source) {
    console.error('Pakai: npm run replay -- <berkas.json | CS-XXXXXX> [--quiet] [--rinci]');
    return 2;
  }
  let trace: TraceDocument;
  try {
    trace = await load(source);
  } catch (error) {
    console.error(error instanceof TraceReadError ? error.message : `Catatan tidak dapat dibaca: ${String(error)}`);
    return 2;
  }
  const replay = replayTrace(trace);
  for (const line of replayReport(replay, { steps: !quiet, technical })) console.log(line);
  return replay.identical ? 0 : 1;
}

process.exitCode = await main();
