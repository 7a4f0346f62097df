import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceDocument } from '../../contract';

const ROUND_TRIP = 'tests/traces/fixtures/round-trip-desktop.json';
const CONNECTING = 'tests/traces/fixtures/connecting-mobile.json';

function replay(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args], { encoding: 'utf8' });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

function edited(change: (trace: TraceDocument) => void): string {
  const trace = JSON.parse(readFileSync(ROUND_TRIP, 'utf8')) as TraceDocument;
  change(trace);
  const file = join(mkdtempSync(join(tmpdir(), 'trace-')), 'trace.json');
  writeFileSync(file, JSON.stringify(trace));
  return file;
}

describe('npm run replay', () => {
  it('replays the recorded round trip and connecting booking from the browser to identical snapshots', () => {
    for (const file of [ROUND_TRIP, CONNECTING]) {
      const { code, out } = replay(file);
      expect(out).toContain('Hasil: identik.');
      expect(out).not.toContain('PERINGATAN');
      // Every step a sentence, numbered 1..N without gaps; the seat tap names the seat.
      expect(out).toMatch(/✓ +\d+ {2}Pelanggan memilih Kursi \d+/);
      expect(out).toMatch(/✓ +\d+ {2}Server menjawab cek-harga: total Rp [\d.]+/);
      expect(out).not.toMatch(/xstate\.|child\.attach/);
      for (const lane of out.split('\n== ').slice(1)) {
        const numbers = [...lane.matchAll(/^[✓✗·] +(\d+) {2}/gm)].map((match) => Number(match[1]));
        expect(numbers).toEqual(numbers.map((_, index) => index + 1));
      }
      expect(code).toBe(0);
    }
  });

  it('names the first step of an edited trace that no longer matches, and exits 1', () => {
    let at = -1;
    const file = edited((trace) => {
      const lane = trace.lanes.at(-1);
      const index = lane?.steps.findIndex((candidate) => candidate.event.type === 'seat.toggle') ?? -1;
      const step = lane?.steps[index];
      if (!step) throw new Error('the fixture has no seat step');
      at = index + 1;
      step.event = { ...step.event, key: '1-1' };
    });
    const { code, out } = replay(file, '--quiet');
    expect(out).toContain(`Berbeda mulai langkah ${at}: Pelanggan mengetuk Kursi 1-1 [seat.toggle]`);
    expect(code).toBe(1);
  });

  it('warns before replaying a trace of another machine version', () => {
    const file = edited((trace) => {
      const lane = trace.lanes[0];
      if (lane) lane.machine.signature = 'other';
    });
    const { out } = replay(file, '--quiet');
    expect(out.indexOf('PERINGATAN: mesin "booking"')).toBeGreaterThan(-1);
    expect(out.indexOf('PERINGATAN')).toBeLessThan(out.indexOf('== booking'));
  });

  it('refuses a file that is not a trace with exit code 2', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'trace-')), 'not-a-trace.json');
    writeFileSync(file, JSON.stringify({ hello: 'world' }));
    const { code, err } = replay(file);
    expect(err).toContain(`Berkas ${file} bukan catatan Berangkat`);
    expect(code).toBe(2);
  });
});
