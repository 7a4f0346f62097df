import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceDocument } from '../../contract';
import { bookingPageState, testName, traceToTest } from '../../scripts/trace-to-test';

const ROUND_TRIP = 'tests/traces/fixtures/round-trip-desktop.json';

describe('npm run trace-to-test', () => {
  it('names the tests after the file, in kebab case', () => {
    expect(testName('/tmp/Berangkat Trace 2026-11-24.json')).toBe('berangkat-trace-2026-11-24');
    expect(testName('x.json', 'Bayar Tidak Jalan')).toBe('bayar-tidak-jalan');
  });

  it('restores the booking page at its last step with the booker filled, naming what it must show', () => {
    const trace = JSON.parse(readFileSync(ROUND_TRIP, 'utf8')) as TraceDocument;
    const state = bookingPageState(trace);
    expect(state).not.toBeNull();
    const booking = trace.lanes.at(-1);
    const later = booking?.steps.slice((state?.step ?? 0) + 1).map((step) => step.event.type);
    // After that step the customer reserved: the page state is the one just before leaving it.
    expect(later).toContain('reserve.request');
    expect(state?.texts.length).toBeGreaterThanOrEqual(2);
    for (const text of state?.texts ?? []) expect(text).toMatch(/^[A-Za-z ]+$/);
  });

  it('writes the fixture, a vitest replay test and a Playwright page test', async () => {
    const root = mkdtempSync(join(tmpdir(), 'trace-to-test-'));
    const written = await traceToTest(ROUND_TRIP, 'contoh', root);
    expect(written.map((path) => path.replace(`${root}/`, ''))).toEqual([
      'tests/traces/fixtures/contoh.json',
      'tests/traces/contoh.test.ts',
      'e2e/traces/contoh.spec.ts',
    ]);
    const unit = readFileSync(join(root, 'tests/traces/contoh.test.ts'), 'utf8');
    expect(unit).toContain("describeSupportTrace('contoh');");
    const page = readFileSync(join(root, 'e2e/traces/contoh.spec.ts'), 'utf8');
    const state = bookingPageState(JSON.parse(readFileSync(ROUND_TRIP, 'utf8')) as TraceDocument);
    expect(page).toContain(`traceRegressionTests('contoh', { step: ${state?.step},`);
    expect(JSON.parse(readFileSync(join(root, 'tests/traces/fixtures/contoh.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(ROUND_TRIP, 'utf8')),
    );
  });
});
