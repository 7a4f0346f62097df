import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { ensureChromium } from './chromium';
import { run } from './run';

/**
 * `npm test`: typecheck, lint, vitest, then Playwright against the production build.
 * Every step runs even when an earlier one fails, so one run reports everything; the last
 * line is the summary CI reads: "N passed, N failed".
 */
const REPORT_DIR = 'test-results';
mkdirSync(REPORT_DIR, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function step(name: string, ok: boolean) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
}
interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

function readJson<T>(path: string): T | null {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

console.log('\n== typecheck');
step('typecheck', (await run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'])) === 0);

console.log('\n== lint');
step('lint', (await run('npx', ['eslint', '.', '--max-warnings', '0'])) === 0);

console.log('\n== format');
step('format', (await run('npx', ['prettier', '--check', '.', '--log-level', 'warn'])) === 0);

console.log('\n== vitest');
const vitestReport = `${REPORT_DIR}/vitest.json`;
rmSync(vitestReport, { force: true });
const vitestCode = await run('npx', [
  'vitest',
  'run',
  '--coverage',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson<VitestJson>(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  if (vitest.numFailedTests > 0) failures.push(`vitest (${vitest.numFailedTests})`);
  else if (vitestCode !== 0) step('vitest run (coverage thresholds or errors)', false);
} else step('vitest run', vitestCode === 0);

console.log('\n== e2e');
if (await ensureChromium()) {
  const buildOk = (await run('npx', ['vite', 'build'])) === 0;
  step('build', buildOk);
  if (buildOk) {
    for (const dir of ['.data-e2e', '.data-e2e-mobile']) rmSync(dir, { recursive: true, force: true });
    const e2eReport = `${REPORT_DIR}/playwright.json`;
    rmSync(e2eReport, { force: true });
    const e2eCode = await run('npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    });
    const e2e = readJson<PlaywrightJson>(e2eReport);
    if (e2e) {
      passed += e2e.stats.expected + e2e.stats.flaky;
      failed += e2e.stats.unexpected;
      if (e2e.stats.unexpected > 0) failures.push(`e2e (${e2e.stats.unexpected})`);
      else if (e2eCode !== 0) step('e2e run', false);
    } else step('e2e run', e2eCode === 0);
  }
} else step('chromium', false);

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
