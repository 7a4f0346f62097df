import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { SEAT_STEP_TEXT } from '../../e2e/support/seat-selection-plan';
import { seatSelectionMachine } from '../../machines/seat-selection.machine';
import { bookingPlans, planText } from '../../scripts/paths';

describe('npm run paths', () => {
  it('prints the booking page plan as numbered Indonesian steps, each with what the page shows', () => {
    const plans = bookingPlans();
    expect(plans.map((plan) => plan.layout)).toEqual(['d', 'm']);
    const lines = planText(plans);
    const steps = lines.filter((line) => /^ {2}\d+\. /.test(line));
    expect(steps.length).toBe(plans.reduce((sum, plan) => sum + plan.coverage.steps, 0));
    expect(lines.filter((line) => line.startsWith('     Halaman menampilkan: '))).toHaveLength(steps.length);
    // Named as the page labels them: the reserve button differs by layout.
    expect(lines.some((line) => line.includes('Ketuk tombol "Reservasi Tiket"'))).toBe(true);
    expect(lines.some((line) => line.includes('Ketuk tombol "Bayar Sekarang"'))).toBe(true);
    expect(lines.some((line) => line.includes('Pesan muncul: "Tidak dapat melakukan reservasi"'))).toBe(true);
    for (const plan of plans) {
      // The page reaches the dialogs, the loader and the failure, as its Playwright test asserts.
      expect(plan.coverage.states.missing).not.toContain('confirmingReservation');
      expect(plan.coverage.states.missing).not.toContain('reserving');
      expect(plan.coverage.kinds).toBe(15);
    }
  });

  it('has a step text for every event of the seat-selection chart', () => {
    const events = new Set<string>();
    const visit = (node: AnyStateNode) => {
      for (const type of node.ownEvents) if (!type.startsWith('xstate.')) events.add(type);
      for (const child of Object.values(node.states)) visit(child);
    };
    visit(seatSelectionMachine.root);
    expect(events.size).toBeGreaterThan(0);
    expect([...events].filter((type) => !(type in SEAT_STEP_TEXT))).toEqual([]);
  });

  it('names the charts it knows when asked for another, with exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', 'tidak-ada'], {
      encoding: 'utf8',
    });
    expect(result.stderr).toContain('Pilihan: booking, seat-selection');
    expect(result.status).toBe(1);
  });
});
