import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { BACK_NAVIGATION_DELAY_MS, SCHEDULE_DETAIL_NAVIGATION_DELAY_MS } from '../../machines/constants';
import { delayedNavigationMachine } from '../../machines/delayed-navigation.machine';
import type { NavigateEmitted, NavigationIntent } from '../../machines/types';

const scheduleOf = (code: string): NavigationIntent => ({
  kind: 'route',
  name: 'schedule',
  search: { operator_code: 'CPT', schedule_code: code },
});

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(delayedNavigationMachine, { clock });
  const emitted: NavigateEmitted[] = [];
  actor.on('navigate', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, emitted };
}

describe('a second press restarts the wait (spec section 9)', () => {
  it('back pressed twice goes back once, a full delay after the second press', () => {
    const { actor, clock, emitted } = start();
    actor.send({ type: 'back.press' });
    clock.increment(BACK_NAVIGATION_DELAY_MS - 40);
    actor.send({ type: 'back.press' });
    clock.increment(BACK_NAVIGATION_DELAY_MS - 1);
    expect(emitted).toEqual([]);
    clock.increment(1);
    expect(emitted).toEqual([{ type: 'navigate', intent: { kind: 'back', steps: 1 } }]);
    clock.increment(BACK_NAVIGATION_DELAY_MS * 3);
    expect(emitted).toHaveLength(1);
  });

  it('a second schedule opened while the first waits is the one shown, after its own full delay', () => {
    const { actor, clock, emitted } = start();
    actor.send({ type: 'detail.open', intent: scheduleOf('CPT-BDG-JKT-1100') });
    clock.increment(SCHEDULE_DETAIL_NAVIGATION_DELAY_MS - 50);
    actor.send({ type: 'detail.open', intent: scheduleOf('CPT-BDG-JKT-1300') });
    clock.increment(SCHEDULE_DETAIL_NAVIGATION_DELAY_MS - 1);
    expect(emitted).toEqual([]);
    clock.increment(1);
    expect(emitted).toEqual([{ type: 'navigate', intent: scheduleOf('CPT-BDG-JKT-1300') }]);
    expect(actor.getSnapshot().context.intent).toBeNull();
  });

  it('back pressed while a schedule waits cancels the schedule and goes back instead', () => {
    const { actor, clock, emitted } = start();
    actor.send({ type: 'detail.open', intent: scheduleOf('CPT-BDG-JKT-1100') });
    actor.send({ type: 'back.press' });
    clock.increment(SCHEDULE_DETAIL_NAVIGATION_DELAY_MS * 2);
    expect(emitted).toEqual([{ type: 'navigate', intent: { kind: 'back', steps: 1 } }]);
  });
});
