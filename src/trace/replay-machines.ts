import { assign, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { reservationKeyFor } from '../../machines/booking-reservation';
import { bookingMachine } from '../../machines/booking.machine';
import { loginMachine } from '../../machines/login.machine';
import { orderMachine } from '../../machines/order.machine';
import { paymentMachine } from '../../machines/payment.machine';
import { SeatLayoutRefusedError } from '../../machines/seat-selection.machine';
import type { ErrorClasses } from './trace-codec';

/**
 * The machines a trace can be replayed through, by lane name (the machine's id): the same charts
 * the app runs, with every effect made inert. An API call never settles and a clock never ticks by
 * itself: the trace's recorded answers and timer events are what moves them.
 */
export interface ReplayMachine {
  machine: AnyStateMachine;
  /**
   * The chart with inert effects; `draw` hands out the random values the recording drew (given
   * the previous key, which it keeps when the recorded step drew none).
   */
  replayLogic(draw: (previous: string | null) => string): AnyStateMachine;
  errorClasses: ErrorClasses;
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return logic !== null && typeof logic === 'object' && 'root' in logic && 'implementations' in logic;
}

/**
 * What an inert effect's body returns: to a promise actor a thenable that never settles, to a
 * callback actor a cleanup that does nothing (both kinds keep their body in `config`).
 */
const NEVER = Object.assign(() => undefined, { then: () => undefined });

/** The same logic (promise or callback) whose body does nothing: no call, no timer. */
function inert(logic: AnyActorLogic): AnyActorLogic {
  return { ...logic, config: () => NEVER } as AnyActorLogic;
}

/** Every non-machine actor of a chart and of the charts it spawns, made inert. */
export function withInertEffects<T extends AnyStateMachine>(machine: T): T {
  const actors: Record<string, AnyActorLogic> = {};
  for (const [name, logic] of Object.entries(machine.implementations.actors)) {
    actors[name] = isMachine(logic) ? withInertEffects(logic) : inert(logic as AnyActorLogic);
  }
  return machine.provide({ actors } as never) as T;
}

const errorClasses: ErrorClasses = { SeatLayoutRefusedError };

export const REPLAY_MACHINES: Readonly<Record<string, ReplayMachine>> = {
  booking: {
    machine: bookingMachine,
    replayLogic: (draw) =>
      withInertEffects(bookingMachine).provide({
        actions: {
          renewReservationKey: assign(({ context }) => reservationKeyFor(context, draw)),
        },
      }),
    errorClasses,
  },
  order: { machine: orderMachine, replayLogic: () => withInertEffects(orderMachine), errorClasses },
  payment: { machine: paymentMachine, replayLogic: () => withInertEffects(paymentMachine), errorClasses },
  login: { machine: loginMachine, replayLogic: () => withInertEffects(loginMachine), errorClasses },
};

/** Lanes the app records: the flows support asks about. */
export const RECORDED_MACHINES = new Set(Object.keys(REPLAY_MACHINES));
