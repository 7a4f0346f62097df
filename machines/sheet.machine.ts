import { assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import { SHEET_CLOSE_DELAY_MS, SHEET_OPEN_DELAY_MS, SHEET_SWIPE_CLOSE_RATIO } from './constants';
import { toast } from './toast';
import type { LayoutMode, NavigateEmitted, ToastEmitted } from './types';

/**
 * A bottom sheet (mobile) or side panel (desktop) opened on a route child (spec section 2,
 * "Bottom sheets" and "Sheet dialog behaviour"). It opens 100 ms after mounting, and closing
 * plays the 750 ms animation and then goes back one step in history, which leaves the route child.
 * Reduced motion changes only the CSS, never these timings.
 */

export type SheetLayout = LayoutMode;
/** Desktop side panel position. */
export type SheetSide = 'left' | 'right';

export interface SheetInput {
  layout: SheetLayout;
  /** Desktop only; defaults to right. */
  side?: SheetSide;
  /** Message of the check that blocks closing, or null when the sheet may close. */
  closeBlock?: string | null;
  /**
   * A route child (default) goes back in history when it has closed. A sheet the owner opens
   * without a route (the desktop booking page's "Pilih Kursi") only closes; its owner watches it.
   */
  historyBound?: boolean;
}

export interface SheetContext {
  layout: SheetLayout;
  side: SheetSide;
  /** The owner's close check: a toast message while closing is blocked, null when closable. */
  closeBlock: string | null;
  historyBound: boolean;
  /** Downward drag in px; 0 unless dragging. */
  dragOffset: number;
  /** Height of the sheet measured when the drag moved, px. */
  dragHeight: number;
}

export type SheetEvent =
  | { type: 'sheet.open' }
  /** Backdrop click and the close icon. */
  | { type: 'sheet.close' }
  /** The owner updates its close check (e.g. seats of both legs chosen -> null). */
  | { type: 'sheet.setCloseBlock'; message: string | null }
  | { type: 'sheet.dragStart' }
  /** Throttled by the screen (SHEET_DRAG_THROTTLE_MS). */
  | { type: 'sheet.drag'; offset: number; height: number }
  | { type: 'sheet.dragEnd' };

/** Spec section 2: a desktop round trip cannot close the seat sheet until both legs have seats. */
export const sheetMessages = {
  seatsRequired: 'Mohon pilih kursi terlebih dahulu',
} as const;

export const sheetMachine = setup({
  types: {
    context: {} as SheetContext,
    events: {} as SheetEvent,
    input: {} as SheetInput,
    emitted: {} as NavigateEmitted | ToastEmitted,
  },
  delays: {
    sheetOpenDelay: SHEET_OPEN_DELAY_MS,
    sheetCloseDelay: SHEET_CLOSE_DELAY_MS,
  },
  guards: {
    isMobileLayout: ({ context }) => context.layout === 'm',
    isHistoryBound: ({ context }) => context.historyBound,
    isCloseBlocked: ({ context }) => context.closeBlock !== null,
    isDraggedPastCloseThreshold: ({ context }) =>
      context.dragHeight > 0 && context.dragOffset > context.dragHeight * SHEET_SWIPE_CLOSE_RATIO,
  },
  actions: {
    setCloseBlock: assign((_, params: { message: string | null }) => ({ closeBlock: params.message })),
    trackDrag: assign((_, params: { offset: number; height: number }) => ({
      dragOffset: nonNegative(params.offset),
      dragHeight: nonNegative(params.height),
    })),
    snapBack: assign({ dragOffset: 0, dragHeight: 0 }),
    // Only taken after isCloseBlocked passed, so the message is set.
    toastCloseBlocked: emit(({ context }) => toast(context.closeBlock as string, 'top')),
    navigateBack: emit({ type: 'navigate', intent: { kind: 'back', steps: 1 } } satisfies NavigateEmitted),
  },
}).createMachine({
  id: 'sheet',
  description: 'A bottom sheet (mobile) or side panel (desktop) shown on a route child; closing goes back in history.',
  context: ({ input }) => ({
    layout: input.layout,
    side: input.side ?? 'right',
    closeBlock: input.closeBlock ?? null,
    historyBound: input.historyBound ?? true,
    dragOffset: 0,
    dragHeight: 0,
  }),
  initial: 'closed',
  on: {
    'sheet.setCloseBlock': {
      actions: { type: 'setCloseBlock', params: ({ event }) => ({ message: event.message }) },
    },
  },
  states: {
    closed: {
      description: 'Not shown. The route child sends sheet.open when it mounts.',
      on: { 'sheet.open': 'opening' },
    },
    opening: {
      description: 'Mounted but hidden, so the slide-in transition can run when it becomes visible.',
      after: { sheetOpenDelay: 'open' },
    },
    open: {
      description: 'Visible. Backdrop click and close icon send sheet.close; the owner check may block it.',
      initial: 'idle',
      on: {
        'sheet.close': [{ guard: 'isCloseBlocked', actions: 'toastCloseBlocked' }, { target: 'closing' }],
      },
      states: {
        idle: {
          description: 'Resting at offset 0. Only the mobile sheet can be dragged.',
          on: { 'sheet.dragStart': { guard: 'isMobileLayout', target: 'dragging' } },
        },
        dragging: {
          description: 'Follows the finger downwards; released past 25% of its height it closes.',
          on: {
            'sheet.drag': {
              actions: { type: 'trackDrag', params: ({ event }) => ({ offset: event.offset, height: event.height }) },
            },
            'sheet.dragEnd': [
              { guard: not('isDraggedPastCloseThreshold'), target: 'idle' },
              { guard: 'isCloseBlocked', target: 'idle', actions: 'toastCloseBlocked' },
              { target: '#sheet.closing' },
            ],
          },
          exit: 'snapBack',
        },
      },
    },
    closing: {
      description: 'Close animation; when it ends the history goes back one step (once), for a route child.',
      after: {
        sheetCloseDelay: [{ guard: 'isHistoryBound', target: 'closed', actions: 'navigateBack' }, { target: 'closed' }],
      },
    },
  },
});

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export type SheetSnapshot = SnapshotFrom<typeof sheetMachine>;

/** The sheet itself is shown (slid in) only while open, dragging included. */
export function isSheetVisible(snapshot: SheetSnapshot): boolean {
  return snapshot.matches('open');
}

/** Mounted with its backdrop, locking page scroll: everything but closed. */
export function isSheetMounted(snapshot: SheetSnapshot): boolean {
  return !snapshot.matches('closed');
}

/** Where the sheet sits: bottom on mobile, a side panel on desktop. */
export function sheetPlacement(context: SheetContext): 'bottom' | SheetSide {
  return context.layout === 'm' ? 'bottom' : context.side;
}

/** The owner's check currently allows closing. */
export function canCloseSheet(context: SheetContext): boolean {
  return context.closeBlock === null;
}

/** Downward translation to draw, px. */
export function sheetDragOffset(snapshot: SheetSnapshot): number {
  return snapshot.matches({ open: 'dragging' }) ? snapshot.context.dragOffset : 0;
}
