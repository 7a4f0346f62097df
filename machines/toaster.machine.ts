import { enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { ToastEmitted } from './types';

/**
 * The toasts on screen (spec section 9 "Toasts"): every `toast` a machine emits is shown here for
 * its own duration at its own position, then removed. Time is the machines' (house rule 3): each
 * toast is a small actor whose `after` delay ends it, so the screen only draws the list.
 */

export interface ToastItem {
  id: number;
  message: string;
  position: ToastEmitted['position'];
  durationMs: number;
}

interface ToastTimerContext {
  id: number;
  durationMs: number;
}

/** One toast's life: shown, then done once its duration has passed (or when dismissed). */
export const toastTimerMachine = setup({
  types: {
    context: {} as ToastTimerContext,
    input: {} as ToastTimerContext,
    events: {} as { type: 'toast.dismiss' },
    output: {} as { id: number },
  },
  delays: { toastDuration: ({ context }) => context.durationMs },
}).createMachine({
  id: 'toast-timer',
  description: 'One toast: visible for its duration.',
  context: ({ input }) => input,
  initial: 'visible',
  states: {
    visible: {
      description: 'On screen until its duration has passed or it is dismissed.',
      after: { toastDuration: 'done' },
      on: { 'toast.dismiss': 'done' },
    },
    done: { type: 'final', description: 'Gone from the screen.' },
  },
  output: ({ context }) => ({ id: context.id }),
});

export interface ToasterContext {
  toasts: ToastItem[];
  nextId: number;
}

export type ToasterEvent =
  | ToastEmitted
  | { type: 'toast.dismiss'; id: number }
  | { type: `xstate.done.actor.toast.${number}`; output: { id: number } };

/** Same message twice in a row at the same place shows once, its time restarted. */
function sameAs(toast: ToastItem, event: ToastEmitted): boolean {
  return toast.message === event.message && toast.position === event.position;
}

const timerId = (id: number) => `toast.${id}`;

export const toasterMachine = setup({
  types: {
    context: {} as ToasterContext,
    events: {} as ToasterEvent,
  },
  actors: { toastTimer: toastTimerMachine },
  guards: {
    isShown: ({ context }, params: { id: number }) => context.toasts.some((toast) => toast.id === params.id),
  },
  actions: {
    show: enqueueActions(({ context, enqueue }, params: { toast: ToastEmitted }) => {
      const id = context.nextId;
      const duplicates = context.toasts.filter((toast) => sameAs(toast, params.toast));
      for (const toast of duplicates) enqueue.stopChild(timerId(toast.id));
      enqueue.spawnChild('toastTimer', { id: timerId(id), input: { id, durationMs: params.toast.durationMs } });
      const item: ToastItem = {
        id,
        message: params.toast.message,
        position: params.toast.position,
        durationMs: params.toast.durationMs,
      };
      enqueue.assign({
        toasts: [...context.toasts.filter((toast) => !duplicates.includes(toast)), item],
        nextId: id + 1,
      });
    }),
    dismiss: sendTo((_, params: { id: number }) => timerId(params.id), { type: 'toast.dismiss' }),
    remove: enqueueActions(({ context, enqueue }, params: { id: number }) => {
      // A finished timer stays among the children until it is stopped: it goes with its toast.
      enqueue.stopChild(timerId(params.id));
      enqueue.assign({ toasts: context.toasts.filter((toast) => toast.id !== params.id) });
    }),
  },
}).createMachine({
  id: 'toaster',
  description: 'The toasts on screen, each removed when its own timer ends.',
  context: { toasts: [], nextId: 1 },
  on: {
    toast: { actions: { type: 'show', params: ({ event }) => ({ toast: event }) } },
    'toast.dismiss': {
      guard: { type: 'isShown', params: ({ event }) => ({ id: event.id }) },
      actions: { type: 'dismiss', params: ({ event }) => ({ id: event.id }) },
    },
    'xstate.done.actor.toast.*': {
      actions: { type: 'remove', params: ({ event }) => ({ id: event.output.id }) },
    },
  },
});

export type ToasterActor = ActorRefFrom<typeof toasterMachine>;
export type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>;

export function toastsAt(snapshot: ToasterSnapshot, position: ToastItem['position']): ToastItem[] {
  return snapshot.context.toasts.filter((toast) => toast.position === position);
}
