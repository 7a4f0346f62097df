/**
 * `npm run mutant -- list [CHART] [--timeouts] [--report FILE]` lists the survivors of the last mutation run with
 * an id; `npm run mutant -- check ID [TEST_FILE…] [--report FILE]` puts that one mutant into the
 * source, runs the chart's tests (or the files named) and puts the source back. This is how a
 * survivor is sorted: a new test that fails here kills it; a mutant no test can tell apart is
 * equivalent (docs/mutation-survivors.md).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { machineOf } from './mutation-chart';

interface Position {
  line: number;
  column: number;
}
interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: Position; end: Position };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const reportAt = args.indexOf('--report');
const reportFile = reportAt >= 0 ? args[reportAt + 1] : 'reports/mutation/mutation.json';
const [command, ...rest] = args.filter(
  (arg, index) => arg !== '--timeouts' && (reportAt < 0 || (index !== reportAt && index !== reportAt + 1)),
);

function readReport(): Report {
  try {
    return JSON.parse(readFileSync(reportFile ?? '', 'utf8')) as Report;
  } catch {
    console.error(`Laporan mutasi ${reportFile} tidak dapat dibaca: jalankan dulu \`npm run mutation -- CHART\`.`);
    process.exit(2);
  }
}

const isSurvivor = (mutant: Mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage';
// On a busy machine a survivor's tests can run past Stryker's limit and count as timed out (killed).
const withTimeouts = args.includes('--timeouts');
const listed = (mutant: Mutant) => isSurvivor(mutant) || (withTimeouts && mutant.status === 'Timeout');

/** The source with one mutant in it; Stryker's report counts lines and columns from 1. */
export function applyMutant(source: string, mutant: Mutant): string {
  const lines = source.split('\n');
  const offset = (at: Position) =>
    lines.slice(0, at.line - 1).reduce((sum, line) => sum + line.length + 1, 0) + at.column - 1;
  return (
    source.slice(0, offset(mutant.location.start)) +
    (mutant.replacement ?? '') +
    source.slice(offset(mutant.location.end))
  );
}

function list(chart: string | undefined): void {
  const report = readReport();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    if (chart && machineOf(file) !== chart) continue;
    for (const mutant of mutants.filter(listed)) {
      const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 90);
      const noTest = mutant.status === 'NoCoverage' ? ' (no test)' : mutant.status === 'Timeout' ? ' (timed out)' : '';
      console.log(
        `${mutant.id.padStart(5)}  ${file}:${mutant.location.start.line}  ${mutant.mutatorName}${noTest}  -> ${replacement}`,
      );
    }
  }
}

function check(id: string | undefined, testFiles: string[]): void {
  const report = readReport();
  const found = Object.entries(report.files).flatMap(([file, { source, mutants }]) =>
    mutants.filter((mutant) => mutant.id === id).map((mutant) => ({ file, source, mutant })),
  )[0];
  if (!found) {
    console.error(`Mutan ${id ?? '(tanpa id)'} tidak ada di ${reportFile}.`);
    process.exit(2);
  }
  const { file, source, mutant } = found;
  const current = readFileSync(file, 'utf8');
  if (current !== source) {
    console.error(`${file} sudah berubah sejak laporan dibuat: baris mutan tidak lagi cocok. Jalankan mutasi lagi.`);
    process.exit(2);
  }
  const chart = machineOf(file);
  const tests = testFiles.length > 0 ? testFiles : [`tests/machines/${chart}*.test.ts`];
  const restore = () => writeFileSync(file, source);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      restore();
      process.exit(130);
    });
  }
  writeFileSync(file, applyMutant(source, mutant));
  try {
    const run = spawnSync('npx', ['vitest', 'run', '--config', 'bench/mutation.vitest.config.ts', '--bail=1'], {
      env: { ...process.env, MUTATION_TESTS: tests.join(',') },
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    const failed = output.match(/FAIL .*|×.*/g) ?? [];
    console.log(`${file}:${mutant.location.start.line}  ${mutant.mutatorName}  -> ${mutant.replacement ?? ''}`);
    if (run.status === 0) console.log('SELAMAT: tidak ada tes yang gagal.');
    else console.log(`DIBUNUH:\n  ${failed.slice(0, 5).join('\n  ')}`);
  } finally {
    restore();
  }
}

if (command === 'list') list(rest[0]);
else if (command === 'check') check(rest[0], rest.slice(1));
else {
  console.error('Pakai: npm run mutant -- list [CHART] [--timeouts] | check ID [TEST_FILE…] [--report FILE]');
  process.exit(2);
}
