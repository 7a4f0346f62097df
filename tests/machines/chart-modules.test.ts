import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';

const files = readdirSync('machines').filter((file) => file.endsWith('.machine.ts'));

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'provide' in value;

/*
 * Each chart module loads and builds its machines. Imported inside a test, so a chart that no
 * longer builds (a state its transitions name is gone) fails here by name, rather than only as
 * every importing file failing to load (which mutation testing does not count as a failed test).
 */
describe('chart modules', () => {
  it('finds the charts of machines/', () => {
    expect(files).toContain('booking.machine.ts');
  });

  it.each(files)('%s loads and builds its machines', async (file) => {
    const module = (await import(`../../machines/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    const machines = Object.values(module).filter(isMachine);
    expect(machines.length).toBeGreaterThan(0);
    for (const machine of machines) expect(machine.root.machine).toBe(machine);
  });
});
