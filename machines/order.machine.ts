import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  CancelReasonSchema,
  GUEST_LOOKUP_REFUSED,
  WebDetailReservasiQuerySchema,
  type CANCEL_REASONS,
  type OrderDetail,
} from '../contract/order';
import { toast } from './toast';
import type { ToastEmitted } from './types';

/**
 * The order (ticket) pages of spec section 2: /app/order/:code and the guest page /order/:code.
 * The order is read with the browser's key (or the booker's token); the guest page shows nothing
 * of the order before the contact matches (web-detail-reservasi), unless this browser already holds
 * the order's key. An unpaid order can be cancelled with a reason and a confirmation.
 */

/** One of CANCEL_REASONS' codes (jenis_batal). */
export type CancelReason = (typeof CANCEL_REASONS)[number]['kode'];

export interface OrderInput {
  code: string;
  /** The guest page (/order/:code) rather than the app's (/app/order/:code). */
  guest: boolean;
  /** This browser holds the order's key (src reads it with orderKeyOf). */
  hasKey: boolean;
}

/** detail-reservasi: the order, or "not found" (unknown code, no key: the server does not tell which). */
export type LoadOutcome = { kind: 'ok'; order: OrderDetail } | { kind: 'notFound' };
/** web-detail-reservasi: the order with its key, the one refusal, or the rate limit's message. */
export type LookupOutcome =
  { kind: 'ok'; order: OrderDetail; key: string } | { kind: 'refused' } | { kind: 'limited'; message: string };
/** batal-reservasi: done, or refused with the server's message (ORD-1: paid, cancelled or expired). */
export type CancelOutcome = { kind: 'ok' } | { kind: 'refused'; message: string };

export interface LoadOrderInput {
  code: string;
  /** Read again past any cached copy (after cancelling, or when told the order changed). */
  fresh: boolean;
}
export interface LookupOrderInput {
  code: string;
  contact: string;
}
export interface CancelOrderInput {
  code: string;
  reason: CancelReason;
}

export const orderMessages = {
  loadFailed: 'Pesanan tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.',
  lookupRefused: GUEST_LOOKUP_REFUSED,
  lookupFailed: 'Tidak dapat memeriksa pesanan. Coba lagi.',
  cancelled: 'Pesanan berhasil dibatalkan',
  cancelFailed: 'Tidak dapat membatalkan pesanan. Coba lagi.',
} as const;

export interface OrderContext {
  code: string;
  guest: boolean;
  hasKey: boolean;
  order: OrderDetail | null;
  /** The guest form's one field, "Email atau Nomor Handphone". */
  contact: string;
  /** The field's own message (empty, too long). */
  contactError: string | null;
  /** The look-up's answer: the refusal, the rate limit's message, or a failed call. */
  lookupError: string | null;
  /** The chosen jenis_batal, as the radio group sent it. */
  reason: string | null;
  reasonError: string | null;
}

export type OrderEvent =
  | { type: 'order.retry' }
  /** Someone changed the order (payment method): read it again. */
  | { type: 'order.reload' }
  | { type: 'lookup.change'; value: string }
  | { type: 'lookup.submit' }
  | { type: 'cancel.open' }
  | { type: 'cancel.reason'; reason: string }
  /** The reason dialog's "Batalkan Pesanan". */
  | { type: 'cancel.submit' }
  /** "Ya, Batalkan". */
  | { type: 'cancel.confirm' }
  /** "Tidak", Escape, or the dialog's close. */
  | { type: 'cancel.dismiss' };

/** The contact field's rule, from the contract (one rule, one place). */
function contactProblem(contact: string): string | null {
  const checked = WebDetailReservasiQuerySchema.shape.pemesan_email_telp.safeParse(contact);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

function reasonProblem(reason: string | null): string | null {
  const checked = CancelReasonSchema.safeParse(reason ?? undefined);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as OrderInput,
    emitted: {} as ToastEmitted,
  },
  actors: {
    // Named here, supplied by src/flow/order-flow.ts (and by tests).
    loadOrder: fromPromise<LoadOutcome, LoadOrderInput>(() => Promise.reject(new Error('loadOrder not provided'))),
    lookupOrder: fromPromise<LookupOutcome, LookupOrderInput>(() =>
      Promise.reject(new Error('lookupOrder not provided')),
    ),
    cancelOrder: fromPromise<CancelOutcome, CancelOrderInput>(() =>
      Promise.reject(new Error('cancelOrder not provided')),
    ),
  },
  guards: {
    needsLookup: ({ context }) => context.guest && !context.hasKey,
    isGuest: ({ context }) => context.guest,
    isContactValid: ({ context }) => contactProblem(context.contact) === null,
    hasReason: ({ context }) => reasonProblem(context.reason) === null,
    canCancel: ({ context }) => context.order?.bisa_batal === true && context.order.status === 'pending',
    isPaid: ({ context }) => context.order?.status === 'paid',
    isCancelled: ({ context }) => context.order?.status === 'cancelled',
    isExpired: ({ context }) => context.order?.status === 'expired',
  },
  actions: {
    /** Keeps the order's key in this browser (src: rememberOrderKey). */
    rememberKey: (_, _params: { code: string; key: string }) => {},
    setOrder: assign((_, params: { order: OrderDetail }) => ({ order: params.order })),
    setContact: assign((_, params: { value: string }) => ({
      contact: params.value,
      contactError: null,
      lookupError: null,
    })),
    showContactProblem: assign(({ context }) => ({ contactError: contactProblem(context.contact) })),
    setLookupError: assign((_, params: { message: string }) => ({ lookupError: params.message })),
    clearLookup: assign({ contactError: null, lookupError: null }),
    resetCancel: assign({ reason: null, reasonError: null }),
    setReason: assign((_, params: { reason: string }) => ({ reason: params.reason, reasonError: null })),
    showReasonProblem: assign(({ context }) => ({ reasonError: reasonProblem(context.reason) })),
    toastCancelled: emit(toast(orderMessages.cancelled, 'bottom')),
    toastMessage: emit((_, params: { message: string }) => toast(params.message, 'bottom')),
  },
}).createMachine({
  id: 'order',
  description: 'The order page: the order read with its key, the guest look-up, and cancelling.',
  context: ({ input }) => ({
    code: input.code.toUpperCase(),
    guest: input.guest,
    hasKey: input.hasKey,
    order: null,
    contact: '',
    contactError: null,
    lookupError: null,
    reason: null,
    reasonError: null,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'Chooses the first step: a guest without the key sees the look-up form, anyone else the order.',
      always: [{ guard: 'needsLookup', target: 'lookup' }, { target: 'loading' }],
    },
    loading: {
      description: 'Reads the order (detail-reservasi with the key or token). The screen shows skeletons.',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ code: context.code, fresh: false }),
        onDone: [
          {
            guard: ({ event }) => event.output.kind === 'ok',
            target: 'shown',
            actions: {
              type: 'setOrder',
              // Guarded above: the outcome is the order.
              params: ({ event }) => ({ order: (event.output as Extract<LoadOutcome, { kind: 'ok' }>).order }),
            },
          },
          { guard: 'isGuest', target: 'lookup' },
          { target: 'notFound' },
        ],
        onError: 'failed',
      },
    },
    failed: {
      description: 'The read failed (no network, server fault). "Coba Lagi" reads again.',
      on: { 'order.retry': 'loading' },
    },
    notFound: {
      description:
        'App page: no such order for this browser (unknown code, or neither key nor token). Nothing of it is shown.',
    },
    lookup: {
      description: 'Guest page: the code and one field "Email atau Nomor Handphone"; nothing of the order is shown.',
      initial: 'editing',
      states: {
        editing: {
          description: 'Typing; "Lihat Pesanan" checks the field, then asks the server.',
          on: {
            'lookup.change': { actions: { type: 'setContact', params: ({ event }) => ({ value: event.value }) } },
            'lookup.submit': [
              { guard: 'isContactValid', target: 'verifying', actions: 'clearLookup' },
              { actions: 'showContactProblem' },
            ],
          },
        },
        verifying: {
          description: 'web-detail-reservasi runs. A match keeps the key and shows the order; else the message.',
          invoke: {
            id: 'lookupOrder',
            src: 'lookupOrder',
            input: ({ context }) => ({ code: context.code, contact: context.contact.trim() }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'ok',
                target: '#order.shown',
                actions: [
                  {
                    type: 'rememberKey',
                    params: ({ context, event }) => ({
                      code: context.code,
                      key: (event.output as Extract<LookupOutcome, { kind: 'ok' }>).key,
                    }),
                  },
                  {
                    type: 'setOrder',
                    params: ({ event }) => ({ order: (event.output as Extract<LookupOutcome, { kind: 'ok' }>).order }),
                  },
                ],
              },
              {
                guard: ({ event }) => event.output.kind === 'limited',
                target: 'editing',
                actions: {
                  type: 'setLookupError',
                  params: ({ event }) => ({
                    message: (event.output as Extract<LookupOutcome, { kind: 'limited' }>).message,
                  }),
                },
              },
              {
                target: 'editing',
                actions: { type: 'setLookupError', params: { message: orderMessages.lookupRefused } },
              },
            ],
            onError: {
              target: 'editing',
              actions: { type: 'setLookupError', params: { message: orderMessages.lookupFailed } },
            },
          },
        },
      },
    },
    shown: {
      description: 'The order is shown; what it offers depends on its status.',
      initial: 'byStatus',
      on: { 'order.reload': '.refreshing' },
      states: {
        byStatus: {
          description: 'Picks the status state from the order just read.',
          always: [
            { guard: 'isPaid', target: 'paid' },
            { guard: 'isCancelled', target: 'cancelled' },
            { guard: 'isExpired', target: 'expired' },
            { target: 'pending' },
          ],
        },
        pending: {
          description: 'Unpaid: the deadline, "Bayar Sekarang", "Ganti Metode Pembayaran" and "Batalkan Pesanan".',
          initial: 'idle',
          states: {
            idle: {
              description: 'No dialog open.',
              on: { 'cancel.open': { guard: 'canCancel', target: 'reason', actions: 'resetCancel' } },
            },
            reason: {
              description: 'Dialog with the reasons (radio group); a reason is required ("Pilih alasan pembatalan").',
              on: {
                'cancel.reason': { actions: { type: 'setReason', params: ({ event }) => ({ reason: event.reason }) } },
                'cancel.submit': [{ guard: 'hasReason', target: 'confirm' }, { actions: 'showReasonProblem' }],
                'cancel.dismiss': 'idle',
              },
            },
            confirm: {
              description: '"Batalkan Pesanan ?" with "Tidak" and "Ya, Batalkan".',
              on: { 'cancel.confirm': 'cancelling', 'cancel.dismiss': 'idle' },
            },
            cancelling: {
              description: 'batal-reservasi runs; then the order is read again. A refusal (ORD-1) shows its message.',
              // The read follows the answer anyway: a reload now would drop the call's answer.
              on: { 'order.reload': {} },
              invoke: {
                id: 'cancelOrder',
                src: 'cancelOrder',
                input: ({ context }) => ({
                  code: context.code,
                  // Only entered through hasReason: the reason is one of CANCEL_REASONS.
                  reason: context.reason as CancelReason,
                }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.kind === 'ok',
                    target: '#order.shown.refreshing',
                    actions: 'toastCancelled',
                  },
                  {
                    target: '#order.shown.refreshing',
                    actions: {
                      type: 'toastMessage',
                      params: ({ event }) => ({
                        message: (event.output as Extract<CancelOutcome, { kind: 'refused' }>).message,
                      }),
                    },
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'toastMessage', params: { message: orderMessages.cancelFailed } },
                },
              },
            },
          },
        },
        paid: { description: 'Paid ("Lunas"): the ticket and "Tampilkan Kode QR".' },
        cancelled: { description: 'Cancelled ("Dibatalkan"): the order without actions.' },
        expired: { description: 'Payment deadline passed ("Kedaluwarsa"): the order without actions.' },
        refreshing: {
          description: 'Reads the order again (after cancelling or a payment change); the old one stays shown.',
          invoke: {
            id: 'refreshOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ code: context.code, fresh: true }),
            onDone: [
              {
                guard: ({ event }) => event.output.kind === 'ok',
                target: 'byStatus',
                actions: {
                  type: 'setOrder',
                  params: ({ event }) => ({ order: (event.output as Extract<LoadOutcome, { kind: 'ok' }>).order }),
                },
              },
              // Spec section 8: a failed detail read is silent; the order read before stays.
              { target: 'byStatus' },
            ],
            onError: 'byStatus',
          },
        },
      },
    },
  },
});

export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

/** Skeletons: the first read runs (the refresh keeps the order shown). */
export function isLoading(snapshot: OrderSnapshot): boolean {
  return snapshot.matches('start') || snapshot.matches('loading');
}

/** The order shown, or null while it may not be shown (loading, look-up, not found). */
export function shownOrder(snapshot: OrderSnapshot): OrderDetail | null {
  return snapshot.matches('shown') ? snapshot.context.order : null;
}

export function isRefreshing(snapshot: OrderSnapshot): boolean {
  return snapshot.matches({ shown: 'refreshing' });
}

export function isVerifying(snapshot: OrderSnapshot): boolean {
  return snapshot.matches({ lookup: 'verifying' });
}

/** Which cancel dialog is open: the reasons, the confirmation (also while the call runs), or none. */
export function cancelDialog(snapshot: OrderSnapshot): 'reason' | 'confirm' | null {
  if (snapshot.matches({ shown: { pending: 'reason' } })) return 'reason';
  if (snapshot.matches({ shown: { pending: 'confirm' } }) || isCancelling(snapshot)) return 'confirm';
  return null;
}

export function isCancelling(snapshot: OrderSnapshot): boolean {
  return snapshot.matches({ shown: { pending: 'cancelling' } });
}
