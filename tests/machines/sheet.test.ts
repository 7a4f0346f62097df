import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  SHEET_CLOSE_DELAY_MS,
  SHEET_OPEN_DELAY_MS,
  SHEET_SWIPE_CLOSE_RATIO,
  TOAST_MESSAGE_MS,
} from '../../machines/constants';
import {
  canCloseSheet,
  isSheetMounted,
  isSheetVisible,
  sheetDragOffset,
  sheetMachine,
  sheetMessages,
  sheetPlacement,
  type SheetInput,
} from '../../machines/sheet.machine';
import type { NavigateEmitted, ToastEmitted } from '../../machines/types';
import { roundTripSnapshot } from './support/persistence';

const HEIGHT = 400;
const threshold = HEIGHT * SHEET_SWIPE_CLOSE_RATIO;

function start(input: SheetInput = { layout: 'm' }) {
  const clock = new SimulatedClock();
  const actor = createActor(sheetMachine, { input, clock });
  const navigations: NavigateEmitted[] = [];
  const toasts: ToastEmitted[] = [];
  actor.on('navigate', (event) => navigations.push(event));
  actor.on('toast', (event) => toasts.push(event));
  actor.start();
  return { actor, clock, navigations, toasts };
}

/** An actor whose sheet has finished opening. */
function startOpen(input?: SheetInput) {
  const run = start(input);
  run.actor.send({ type: 'sheet.open' });
  run.clock.increment(SHEET_OPEN_DELAY_MS);
  return run;
}

const back: NavigateEmitted = { type: 'navigate', intent: { kind: 'back', steps: 1 } };
const blockedToast: ToastEmitted = {
  type: 'toast',
  message: 'Mohon pilih kursi terlebih dahulu',
  durationMs: TOAST_MESSAGE_MS,
  position: 'top',
};

describe('sheetMachine: input and context', () => {
  it('starts closed with the layout, a right side panel by default, closable, bound to history and not dragged', () => {
    const { actor } = start({ layout: 'd' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('closed');
    expect(snapshot.context).toEqual({
      layout: 'd',
      side: 'right',
      closeBlock: null,
      historyBound: true,
      dragOffset: 0,
      dragHeight: 0,
    });
  });

  it('takes historyBound false from the input (a sheet its owner opens without a route)', () => {
    expect(start({ layout: 'd', historyBound: false }).actor.getSnapshot().context.historyBound).toBe(false);
  });

  it('takes the side and an initial close block from the input', () => {
    const { actor } = start({ layout: 'd', side: 'left', closeBlock: sheetMessages.seatsRequired });
    expect(actor.getSnapshot().context).toMatchObject({
      side: 'left',
      closeBlock: 'Mohon pilih kursi terlebih dahulu',
    });
  });

  it('places the sheet at the bottom on mobile and as a side panel on desktop', () => {
    expect(sheetPlacement(start({ layout: 'm', side: 'left' }).actor.getSnapshot().context)).toBe('bottom');
    expect(sheetPlacement(start({ layout: 'd' }).actor.getSnapshot().context)).toBe('right');
    expect(sheetPlacement(start({ layout: 'd', side: 'left' }).actor.getSnapshot().context)).toBe('left');
  });
});

describe('sheetMachine: opening after 100 ms', () => {
  it('is mounted but hidden until SHEET_OPEN_DELAY_MS has passed, then visible', () => {
    const { actor, clock } = start();
    expect(isSheetMounted(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'sheet.open' });
    expect(actor.getSnapshot().value).toBe('opening');
    expect(isSheetMounted(actor.getSnapshot())).toBe(true);
    expect(isSheetVisible(actor.getSnapshot())).toBe(false);
    clock.increment(SHEET_OPEN_DELAY_MS - 1);
    expect(actor.getSnapshot().value).toBe('opening');
    clock.increment(1);
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
    expect(isSheetVisible(actor.getSnapshot())).toBe(true);
  });

  it('the open delay is the spec figure of 100 ms', () => {
    expect(SHEET_OPEN_DELAY_MS).toBe(100);
  });

  it('ignores close and drag while opening, and a second open', () => {
    const { actor, toasts, navigations } = start();
    actor.send({ type: 'sheet.open' });
    actor.send({ type: 'sheet.close' });
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.open' });
    expect(actor.getSnapshot().value).toBe('opening');
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([]);
  });
});

describe('sheetMachine: closing goes back in history after 750 ms', () => {
  it('backdrop click or close icon (sheet.close) starts the close animation, then goes back one step once', () => {
    const { actor, clock, navigations } = startOpen();
    actor.send({ type: 'sheet.close' });
    expect(actor.getSnapshot().value).toBe('closing');
    expect(isSheetVisible(actor.getSnapshot())).toBe(false);
    expect(isSheetMounted(actor.getSnapshot())).toBe(true);
    clock.increment(SHEET_CLOSE_DELAY_MS - 1);
    expect(navigations).toEqual([]);
    expect(actor.getSnapshot().value).toBe('closing');
    clock.increment(1);
    expect(navigations).toEqual([back]);
    expect(actor.getSnapshot().value).toBe('closed');
    clock.increment(SHEET_CLOSE_DELAY_MS * 4);
    expect(navigations).toEqual([back]);
  });

  it('the close delay is the spec figure of 750 ms', () => {
    expect(SHEET_CLOSE_DELAY_MS).toBe(750);
  });

  it('ignores further close, open and drag events while closing (one back per close)', () => {
    const { actor, clock, navigations } = startOpen();
    actor.send({ type: 'sheet.close' });
    actor.send({ type: 'sheet.close' });
    actor.send({ type: 'sheet.open' });
    actor.send({ type: 'sheet.dragStart' });
    expect(actor.getSnapshot().value).toBe('closing');
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(navigations).toEqual([back]);
  });

  it('ignores close while closed (nothing to go back from)', () => {
    const { actor, clock, navigations } = start();
    actor.send({ type: 'sheet.close' });
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(navigations).toEqual([]);
  });

  it('can be opened again after closing, and each close goes back exactly once', () => {
    const { actor, clock, navigations } = startOpen();
    actor.send({ type: 'sheet.close' });
    clock.increment(SHEET_CLOSE_DELAY_MS);
    actor.send({ type: 'sheet.open' });
    clock.increment(SHEET_OPEN_DELAY_MS);
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
    actor.send({ type: 'sheet.close' });
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(navigations).toEqual([back, back]);
  });

  it('a sheet without a route of its own closes after the same 750 ms and never goes back', () => {
    for (const input of [
      { layout: 'd', historyBound: false },
      { layout: 'm', historyBound: false },
    ] as const) {
      const { actor, clock, navigations } = startOpen(input);
      actor.send({ type: 'sheet.close' });
      clock.increment(SHEET_CLOSE_DELAY_MS - 1);
      expect(actor.getSnapshot().value).toBe('closing');
      expect(isSheetMounted(actor.getSnapshot())).toBe(true);
      clock.increment(1);
      expect(actor.getSnapshot().value).toBe('closed');
      expect(isSheetMounted(actor.getSnapshot())).toBe(false);
      // Opened again by its owner, it closes again, still without touching the history.
      actor.send({ type: 'sheet.open' });
      clock.increment(SHEET_OPEN_DELAY_MS);
      actor.send({ type: 'sheet.close' });
      clock.increment(SHEET_CLOSE_DELAY_MS);
      expect(actor.getSnapshot().value).toBe('closed');
      expect(navigations).toEqual([]);
    }
  });

  it('a mobile sheet without a route closes by a drag past the threshold, without going back', () => {
    const { actor, clock, navigations } = startOpen({ layout: 'm', historyBound: false });
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: threshold + 1, height: HEIGHT });
    actor.send({ type: 'sheet.dragEnd' });
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(navigations).toEqual([]);
  });

  it('stopping the actor during the animation (route left) emits no back', () => {
    const { actor, clock, navigations } = startOpen();
    actor.send({ type: 'sheet.close' });
    actor.stop();
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(navigations).toEqual([]);
  });
});

describe('sheetMachine: a check can block closing', () => {
  it('a blocked close toasts the message (3 s, top) and stays open; no back', () => {
    const { actor, clock, toasts, navigations } = startOpen({ layout: 'd' });
    actor.send({ type: 'sheet.setCloseBlock', message: sheetMessages.seatsRequired });
    expect(canCloseSheet(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'sheet.close' });
    expect(toasts).toEqual([blockedToast]);
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(navigations).toEqual([]);
    actor.send({ type: 'sheet.close' });
    expect(toasts).toEqual([blockedToast, blockedToast]);
  });

  it('closes once the owner clears the block (both legs have seats)', () => {
    const { actor, clock, toasts, navigations } = startOpen({ layout: 'd', closeBlock: sheetMessages.seatsRequired });
    actor.send({ type: 'sheet.setCloseBlock', message: null });
    expect(canCloseSheet(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'sheet.close' });
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(toasts).toEqual([]);
    expect(navigations).toEqual([back]);
  });

  it('toasts whatever message the owner set, verbatim', () => {
    const { actor, toasts } = startOpen();
    actor.send({ type: 'sheet.setCloseBlock', message: 'Pesan lain' });
    actor.send({ type: 'sheet.close' });
    expect(toasts).toEqual([{ ...blockedToast, message: 'Pesan lain' }]);
  });

  it('accepts the block in every state, also before opening', () => {
    const { actor, clock } = start();
    actor.send({ type: 'sheet.setCloseBlock', message: sheetMessages.seatsRequired });
    expect(actor.getSnapshot().context.closeBlock).toBe('Mohon pilih kursi terlebih dahulu');
    actor.send({ type: 'sheet.open' });
    actor.send({ type: 'sheet.setCloseBlock', message: null });
    clock.increment(SHEET_OPEN_DELAY_MS);
    actor.send({ type: 'sheet.close' });
    actor.send({ type: 'sheet.setCloseBlock', message: sheetMessages.seatsRequired });
    expect(actor.getSnapshot().value).toBe('closing');
    expect(actor.getSnapshot().context.closeBlock).toBe('Mohon pilih kursi terlebih dahulu');
  });
});

describe('sheetMachine: dragging the mobile sheet', () => {
  it('follows the drag downwards and never goes negative', () => {
    const { actor } = startOpen();
    actor.send({ type: 'sheet.dragStart' });
    expect(actor.getSnapshot().value).toEqual({ open: 'dragging' });
    actor.send({ type: 'sheet.drag', offset: 40, height: HEIGHT });
    expect(sheetDragOffset(actor.getSnapshot())).toBe(40);
    actor.send({ type: 'sheet.drag', offset: -30, height: HEIGHT });
    expect(sheetDragOffset(actor.getSnapshot())).toBe(0);
    actor.send({ type: 'sheet.drag', offset: Number.NaN, height: Number.POSITIVE_INFINITY });
    expect(actor.getSnapshot().context).toMatchObject({ dragOffset: 0, dragHeight: 0 });
    expect(isSheetVisible(actor.getSnapshot())).toBe(true);
  });

  it('released at exactly 25% of its height it snaps back to offset 0', () => {
    const { actor, clock, navigations } = startOpen();
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: threshold, height: HEIGHT });
    actor.send({ type: 'sheet.dragEnd' });
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
    expect(actor.getSnapshot().context.dragOffset).toBe(0);
    expect(sheetDragOffset(actor.getSnapshot())).toBe(0);
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(navigations).toEqual([]);
  });

  it('released past 25% of its height it closes and goes back after 750 ms', () => {
    const { actor, clock, navigations } = startOpen();
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: threshold + 1, height: HEIGHT });
    actor.send({ type: 'sheet.dragEnd' });
    expect(actor.getSnapshot().value).toBe('closing');
    expect(actor.getSnapshot().context.dragOffset).toBe(0);
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(navigations).toEqual([back]);
  });

  it('a release without any measured height does not close', () => {
    const { actor } = startOpen();
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: 80, height: 0 });
    actor.send({ type: 'sheet.dragEnd' });
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
  });

  it('the close threshold honours the block: toast, snap back, stay open', () => {
    const { actor, clock, toasts, navigations } = startOpen({ layout: 'm', closeBlock: sheetMessages.seatsRequired });
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: HEIGHT, height: HEIGHT });
    actor.send({ type: 'sheet.dragEnd' });
    expect(toasts).toEqual([blockedToast]);
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
    expect(actor.getSnapshot().context.dragOffset).toBe(0);
    clock.increment(SHEET_CLOSE_DELAY_MS);
    expect(navigations).toEqual([]);
  });

  it('a backdrop close during a drag closes and resets the offset', () => {
    const { actor } = startOpen();
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: 20, height: HEIGHT });
    actor.send({ type: 'sheet.close' });
    expect(actor.getSnapshot().value).toBe('closing');
    expect(actor.getSnapshot().context.dragOffset).toBe(0);
  });

  it('drag moves and releases outside a drag are ignored', () => {
    const { actor } = startOpen();
    actor.send({ type: 'sheet.drag', offset: 300, height: HEIGHT });
    actor.send({ type: 'sheet.dragEnd' });
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
    expect(actor.getSnapshot().context.dragOffset).toBe(0);
  });

  it('the desktop side panel cannot be dragged', () => {
    const { actor } = startOpen({ layout: 'd', side: 'left' });
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: 300, height: HEIGHT });
    actor.send({ type: 'sheet.dragEnd' });
    expect(actor.getSnapshot().value).toEqual({ open: 'idle' });
    expect(actor.getSnapshot().context.dragOffset).toBe(0);
  });
});

describe('sheetMachine: persistence', () => {
  it('a snapshot taken mid-drag with a block restores and behaves the same', () => {
    const { actor } = startOpen({ layout: 'm' });
    actor.send({ type: 'sheet.setCloseBlock', message: sheetMessages.seatsRequired });
    actor.send({ type: 'sheet.dragStart' });
    actor.send({ type: 'sheet.drag', offset: 60, height: HEIGHT });

    const restored = roundTripSnapshot(sheetMachine, actor);
    expect(restored.getSnapshot().value).toEqual({ open: 'dragging' });
    expect(restored.getSnapshot().context).toEqual(actor.getSnapshot().context);

    const toasts: ToastEmitted[][] = [[], []];
    actor.on('toast', (event) => toasts[0]?.push(event));
    restored.on('toast', (event) => toasts[1]?.push(event));
    for (const target of [actor, restored]) {
      target.send({ type: 'sheet.drag', offset: HEIGHT, height: HEIGHT });
      target.send({ type: 'sheet.dragEnd' });
    }
    expect(toasts[1]).toEqual([blockedToast]);
    expect(toasts[1]).toEqual(toasts[0]);
    expect(restored.getSnapshot().value).toEqual(actor.getSnapshot().value);
    expect(restored.getSnapshot().context).toEqual(actor.getSnapshot().context);

    for (const target of [actor, restored]) {
      target.send({ type: 'sheet.setCloseBlock', message: null });
      target.send({ type: 'sheet.close' });
    }
    expect(restored.getSnapshot().value).toBe('closing');
    expect(actor.getSnapshot().value).toBe('closing');
    restored.stop();
  });
});
