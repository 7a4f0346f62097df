/**
 * `npm run mutation [-- <machine|machines/file.ts>...]`: mutation testing of the statecharts (Stryker with its vitest
 * runner). Every mutant of machines/ (an operator flipped, a condition forced, a string emptied)
 * is run against tests/machines; a mutant no test notices "survives" and is QA's next test.
 * Prints the score per machine (killed + timed out over all mutants that ran), the total, and
 * the survivors by file and line. A benchmark-style command: its figures go into README.
 * MUTATION_CONCURRENCY sets the test processes (default 2, the machine's cores).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Stryker } from '@stryker-mutator/core';
import { machineOf } from './mutation-chart';

interface MutantResult {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
  location: { start: { line: number; column: number } };
}
interface MutationReport {
  files: Record<string, { mutants: MutantResult[] }>;
}

const REPORT = 'reports/mutation/mutation.json';

/** The files to mutate: every file of the named charts, or the named files of machines/ themselves. */
function filesOf(names: string[]): string[] {
  const all = readdirSync('machines').filter((file) => file.endsWith('.ts'));
  const machines = new Set(all.map(machineOf));
  const isFile = (name: string) => name.endsWith('.ts');
  const unknown = names.filter((name) => (isFile(name) ? !all.includes(basename(name)) : !machines.has(name)));
  if (unknown.length > 0) {
    throw new Error(`Mesin "${unknown.join('", "')}" tidak ada. Pilihan: ${[...machines].sort().join(', ')}`);
  }
  const chosen =
    names.length > 0
      ? all.filter(
          (file) => names.includes(machineOf(file)) || names.some((name) => isFile(name) && basename(name) === file),
        )
      : all;
  return chosen.map((file) => join('machines', file));
}

/**
 * The tests each mutant runs against. When charts are named: their own tests
 * (tests/machines/<name>*.test.ts), the chart check and the module check. A survivor then costs
 * one chart's tests, not the whole suite's three minutes, and a mutant another chart's tests
 * would catch counts as surviving, so the score can only be lower than with every test.
 */
function testsOf(names: string[]): string[] {
  const all = ['tests/machines/**/*.test.ts'];
  const machines = [...new Set(names.map((name) => (name.endsWith('.ts') ? machineOf(name) : name)))];
  if (machines.length === 0 || machines.some((machine) => machine.startsWith('('))) return all;
  return [
    ...machines.map((machine) => `tests/machines/${machine}*.test.ts`),
    'tests/machines/charts.test.ts',
    'tests/machines/chart-modules.test.ts',
  ];
}
const score = (killed: number, valid: number) => (valid === 0 ? 100 : (killed / valid) * 100);

function summarize(report: MutationReport): number {
  const rows = new Map<string, { killed: number; survived: number; noCoverage: number; timeout: number }>();
  const survivors: string[] = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const row = rows.get(machineOf(file)) ?? { killed: 0, survived: 0, noCoverage: 0, timeout: 0 };
    for (const mutant of mutants) {
      if (mutant.status === 'Killed') row.killed += 1;
      else if (mutant.status === 'Timeout') row.timeout += 1;
      else if (mutant.status === 'Survived') row.survived += 1;
      else if (mutant.status === 'NoCoverage') row.noCoverage += 1;
      if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
        const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 80);
        survivors.push(
          `${file}:${mutant.location.start.line}  ${mutant.mutatorName}${mutant.status === 'NoCoverage' ? ' (tanpa tes)' : ''}  -> ${replacement}`,
        );
      }
    }
    rows.set(machineOf(file), row);
  }
  console.log('\nmesin                 dibunuh  waktu-habis  selamat  tanpa-tes   skor');
  let all = { killed: 0, valid: 0 };
  for (const [machine, row] of [...rows.entries()].sort()) {
    const valid = row.killed + row.timeout + row.survived + row.noCoverage;
    all = { killed: all.killed + row.killed + row.timeout, valid: all.valid + valid };
    console.log(
      `${machine.padEnd(20)} ${String(row.killed).padStart(8)} ${String(row.timeout).padStart(12)} ${String(row.survived).padStart(8)} ${String(row.noCoverage).padStart(10)} ${score(
        row.killed + row.timeout,
        valid,
      )
        .toFixed(1)
        .padStart(6)} %`,
    );
  }
  const total = score(all.killed, all.valid);
  console.log(
    `${'total'.padEnd(20)} ${String(all.killed).padStart(21)} dari ${all.valid} mutan ${total.toFixed(1).padStart(19)} %`,
  );
  console.log(`\nMutan yang selamat (${survivors.length}), tes QA berikutnya:`);
  for (const line of survivors) console.log(`  ${line}`);
  return total;
}

async function main(): Promise<void> {
  const machines = process.argv.slice(2).filter((arg) => arg !== '--');
  const tests = testsOf(machines);
  // Read by bench/mutation.vitest.config.ts in Stryker's test processes.
  process.env.MUTATION_TESTS = tests.join(',');
  console.log(`Tes: ${tests.join(', ')}`);
  const started = performance.now();
  const stryker = new Stryker({
    mutate: filesOf(machines),
    testRunner: 'vitest',
    vitest: { configFile: 'bench/mutation.vitest.config.ts', related: false },
    coverageAnalysis: 'perTest',
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
    reporters: ['json', 'progress'],
    jsonReporter: { fileName: REPORT },
    incremental: true,
    incrementalFile: 'reports/mutation/incremental.json',
    tempDirName: 'reports/mutation/tmp',
    // The sandbox holds what the machine tests need, not builds, databases or reports.
    ignorePatterns: [
      '/*',
      '!/machines',
      '!/contract',
      '!/tests',
      '!/bench',
      // The chart check compares docs/charts (descriptions included) with the machines.
      '!/scripts',
      '!/docs',
      '!/README.md',
      // The booking requests' test reads them through src/api's body builder (pure, imports contract/).
      '!/src',
      '/src/*',
      '!/src/api',
      '/src/api/*',
      '!/src/api/booking-bodies.ts',
      '!/package.json',
      '!/tsconfig.json',
      '/tests/server',
      '/tests/src',
      '/bench/*.ts',
      '!/bench/mutation.vitest.config.ts',
    ],
    cleanTempDir: 'always',
    plugins: ['@stryker-mutator/vitest-runner', './bench/mutation-ignorer.mjs'],
    ignorers: ['chart-types'],
    timeoutMS: 10_000,
    thresholds: { high: 85, low: 70, break: null },
  });
  await stryker.runMutationTest();
  const minutes = (performance.now() - started) / 60_000;
  const total = summarize(JSON.parse(readFileSync(REPORT, 'utf8')) as MutationReport);
  console.log(`\nWaktu: ${minutes.toFixed(1)} menit. Target: 85 % atau lebih (${total >= 85 ? 'tercapai' : 'belum'}).`);
}

await main();
