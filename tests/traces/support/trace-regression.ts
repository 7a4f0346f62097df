import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TraceDocumentSchema } from '../../../contract';
import { recordedSnapshots, replayTrace } from '../../../src/trace/replay';
import { replayReport } from '../../../src/trace/replay-report';

/**
 * The regression test `npm run trace-to-test` writes for a support trace in tests/traces/fixtures:
 * it replays to the recorded snapshot at every step, each lane ends in its recorded state, and
 * every step emits the toasts and navigation it emitted.
 */
export function describeSupportTrace(name: string): void {
  const fixture = new URL(`../fixtures/${name}.json`, import.meta.url);
  const trace = TraceDocumentSchema.parse(JSON.parse(readFileSync(fixture, 'utf8')));

  describe(`support trace ${name}`, () => {
    const replay = replayTrace(trace);

    it('replays to the recorded snapshot at every step', () => {
      expect(replay.identical, replayReport(replay, { steps: false }).join('\n')).toBe(true);
    });

    it.each(replay.lanes.map((lane, index) => [index, lane.lane.name] as const))(
      'lane %i (%s) ends in its recorded state and emits what it emitted',
      (index) => {
        const lane = replay.lanes[index];
        if (!lane) throw new Error('no lane');
        expect(lane.steps).toHaveLength(lane.lane.steps.length);
        const last = recordedSnapshots(lane.lane).at(-1) as { value?: unknown } | undefined;
        if (last) expect(lane.steps.at(-1)?.value).toEqual(last.value);
        for (const step of lane.steps) expect(step.emitted).toEqual(step.step.emitted);
      },
    );
  });
}
