import { assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../contract/envelope';
import type { OrderDetail } from '../contract/order';
import type { BayarKartuResults, PaymentInstruction, PaymentMethod, SimulasiBayarResults } from '../contract/payment';
import { PAYMENT_REFRESH, nextRefreshMs } from './constants';
import { afterTick, isLastTick, nextTickMs } from './countdown';
import { toast } from './toast';
import type { LayoutMode, NavigateEmitted, NavigationIntent, ToastEmitted } from './types';

/**
 * Choosing and paying (spec section 7 "Payment" and "After booking"). One chart serves two pages:
 * - checkout (confirmation-payment-order, payment-order and the change-payment sheets): the order
 *   and its methods load, the deadline counts down, the traveller picks a method and presses
 *   "Bayar" (ganti-pembayaran); the instruction page takes over.
 * - instruction (payment-url): where and how much to pay, the same countdown, "Cek Status
 *   Pembayaran", and in demo mode "Simulasikan pembayaran"; once paid, the order page. While it is
 *   open the page reads the order by itself with back-off (PAYMENT_REFRESH), counted on the
 *   countdown's own ticks, so a payment made elsewhere turns the page without a press.
 * - the card (through a gateway): the page makes a one-time token at the gateway (card data never
 *   enters this chart), `card.pay` charges it (bayar-kartu), and the bank's 3DS page opens; back
 *   from it (`afterCard`), the page asks the gateway first (cek-status-pembayaran).
 * Calls are named actors the app provides; their refusals come back as outcomes with the server's
 * code and message, and a rejection is a failed call.
 */

export type PaymentPage = 'checkout' | 'instruction';

export interface PaymentInput {
  code: string;
  page: PaymentPage;
  layout: LayoutMode;
  /** The first wait before the page reads the order by itself; PAYMENT_REFRESH.firstMs by default. */
  refreshFirstMs?: number;
  /** Back from the bank's 3DS page: the gateway is asked before the page shows anything. */
  afterCard?: boolean;
}

/** A command's answer: done, or refused by the server with its code and Indonesian message. */
export type PaymentOutcome<T> = { kind: 'ok'; results: T } | { kind: 'refused'; code: ErrorCode; message: string };

/** An order as read, with the time left to pay by the server's clock (batas_bayar - waktu_server). */
export interface OrderRead {
  order: OrderDetail;
  /** Milliseconds; 0 when the deadline has passed. */
  remainingMs: number;
}

export interface CheckoutData extends OrderRead {
  /** The methods for this order (empty once it cannot be paid). */
  methods: PaymentMethod[];
}

export interface InstructionData extends OrderRead {
  /** Null only for an order that can no longer be paid (paid, cancelled, expired). */
  instruction: PaymentInstruction | null;
}

export interface OrderCodeInput {
  code: string;
}

export interface CardPayInput {
  code: string;
  /** The one-time token the gateway made from the card; the card data itself never comes here. */
  token: string;
}

export interface ChangePaymentInput {
  code: string;
  methodCode: string;
}

export interface PaymentContext {
  code: string;
  page: PaymentPage;
  layout: LayoutMode;
  order: OrderDetail | null;
  methods: PaymentMethod[];
  /** Code of the chosen method, null until one is chosen. */
  chosen: string | null;
  instruction: PaymentInstruction | null;
  /** Time left to pay, counted from the server's clock. */
  remainingMs: number;
  /** The message a failed load or a refused payment shows on the page. */
  error: string | null;
  /** The current wait between two reads of the order by the instruction page (back-off). */
  refreshEveryMs: number;
  /** Time left until the next read; the countdown's ticks count it down. */
  refreshInMs: number;
  afterCard: boolean;
  /** Why the last card was refused (PAY-4), shown beside the card form; null otherwise. */
  cardError: string | null;
}

export type PaymentEvent =
  | { type: 'method.choose'; code: string }
  | { type: 'payment.pay' }
  | { type: 'payment.simulate' }
  | { type: 'payment.check' }
  /** The page made the card's token at the gateway: charge it. */
  | { type: 'card.pay'; token: string }
  | { type: 'load.retry' }
  /** The page is shown again: a hidden tab's timers were slowed, so the server clock sets the time. */
  | { type: 'countdown.sync' }
  /** Raised by a countdown tick when the instruction page should read the order again. */
  | { type: 'refresh.due' };

/** The bank's 3DS page must open: the app hands the URL to the gateway's script, which leaves for it. */
export type CardAuthenticateEmitted = { type: 'card.authenticate'; url: string };

export const paymentMessages = {
  payFailed: 'Tidak dapat memproses pembayaran',
  loadFailed: 'Data pembayaran tidak dapat dimuat',
  notYetPaid: 'Pembayaran belum kami terima. Selesaikan pembayaran lalu cek lagi.',
  expired: 'Waktu pembayaran habis. Pesanan ini tidak dapat dibayar lagi.',
  cancelled: 'Pesanan ini sudah dibatalkan.',
  cardPending: 'Pembayaran kartu belum selesai. Selesaikan verifikasi bank lalu cek status pembayaran.',
} as const;

/** Where "Bayar" leads: the payment page of this order. */
export function paymentUrlNavigation(code: string): NavigationIntent {
  return { kind: 'route', name: 'payment-url', search: { reservasi_kode: code } };
}

/** Spec section 4's success rule: the order page on desktop, the payment page on mobile. */
export function paidNavigation(code: string, layout: LayoutMode): NavigationIntent {
  return { kind: 'route', name: layout === 'd' ? 'detail-order' : 'payment-order', params: { code } };
}

export function isOrderPaid(order: OrderDetail): boolean {
  return order.flag_lunas === 1 || order.status === 'paid';
}

/** Expired by the server's word, or by its clock. */
export function isOrderOutOfTime(read: OrderRead): boolean {
  return read.order.status === 'expired' || read.remainingMs <= 0;
}

function preselected(order: OrderDetail, methods: PaymentMethod[]): string | null {
  const current = order.jenis_pembayaran?.kode;
  return methods.some((method) => method.kode === current && method.tersedia) ? (current ?? null) : null;
}

const navigate = (intent: NavigationIntent): NavigateEmitted => ({ type: 'navigate', intent });

const orderRead = (read: OrderRead) => ({ order: read.order, remainingMs: read.remainingMs });

/** What the countdown's re-read of the order answers. */
type SyncDone = { output: OrderRead };

/** The deadline's countdown: one region shared by the chooser and the payment page. */
const countdownRegion = {
  description: 'Ticks on each whole second shown; the last tick ends the payment time.',
  initial: 'running',
  states: {
    running: {
      description: 'Counting down to batas_bayar.',
      after: {
        nextTick: [
          { guard: 'isLastTick', target: '#payment.expired', actions: 'tick' },
          { target: 'running', reenter: true, actions: ['tick', 'raiseRefreshWhenDue'] },
        ],
      },
      on: { 'countdown.sync': 'syncing' },
    },
    syncing: {
      description: 'Reads the order again (detail-reservasi) for the time left by the server clock.',
      invoke: {
        id: 'syncOrder',
        src: 'loadOrder',
        input: ({ context }: { context: PaymentContext }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }: { event: SyncDone }) => ({ order: event.output.order }) },
            target: '#payment.paid',
            actions: { type: 'readOrder', params: ({ event }: { event: SyncDone }) => ({ read: event.output }) },
          },
          {
            guard: { type: 'isCancelled', params: ({ event }: { event: SyncDone }) => ({ order: event.output.order }) },
            target: '#payment.cancelled',
            actions: { type: 'readOrder', params: ({ event }: { event: SyncDone }) => ({ read: event.output }) },
          },
          {
            guard: { type: 'isOutOfTime', params: ({ event }: { event: SyncDone }) => ({ read: event.output }) },
            target: '#payment.expired',
            actions: { type: 'readOrder', params: ({ event }: { event: SyncDone }) => ({ read: event.output }) },
          },
          {
            target: 'running',
            actions: { type: 'readOrder', params: ({ event }: { event: SyncDone }) => ({ read: event.output }) },
          },
        ],
        // No answer: the count goes on from where it was.
        onError: 'running',
      },
    },
  },
} as const;

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    emitted: {} as NavigateEmitted | ToastEmitted | CardAuthenticateEmitted,
  },
  delays: {
    nextTick: ({ context }) => nextTickMs(context.remainingMs),
  },
  actors: {
    // Placeholders: the app provides the calls (src/flow/payment-flow.ts).
    loadCheckout: fromPromise<CheckoutData, OrderCodeInput>(() =>
      Promise.reject(new Error('loadCheckout is provided by the app')),
    ),
    loadInstruction: fromPromise<InstructionData, OrderCodeInput>(() =>
      Promise.reject(new Error('loadInstruction is provided by the app')),
    ),
    loadOrder: fromPromise<OrderRead, OrderCodeInput>(() =>
      Promise.reject(new Error('loadOrder is provided by the app')),
    ),
    /** "Cek Status Pembayaran": the server asks the gateway (cek-status-pembayaran), then the order is read. */
    checkPayment: fromPromise<OrderRead, OrderCodeInput>(() =>
      Promise.reject(new Error('checkPayment is provided by the app')),
    ),
    changePayment: fromPromise<PaymentOutcome<PaymentInstruction>, ChangePaymentInput>(() =>
      Promise.reject(new Error('changePayment is provided by the app')),
    ),
    simulatePayment: fromPromise<PaymentOutcome<SimulasiBayarResults>, OrderCodeInput>(() =>
      Promise.reject(new Error('simulatePayment is provided by the app')),
    ),
    payByCard: fromPromise<PaymentOutcome<BayarKartuResults>, CardPayInput>(() =>
      Promise.reject(new Error('payByCard is provided by the app')),
    ),
  },
  guards: {
    isInstructionPage: ({ context }) => context.page === 'instruction',
    isBackFromCard: ({ context }) => context.page === 'instruction' && context.afterCard,
    offersCard: ({ context }) => context.instruction?.kartu != null,
    isCardPaid: (_, params: { outcome: PaymentOutcome<BayarKartuResults> }) =>
      params.outcome.kind === 'ok' && params.outcome.results.status === 'paid',
    isCardAt3ds: (_, params: { outcome: PaymentOutcome<BayarKartuResults> }) =>
      params.outcome.kind === 'ok' && params.outcome.results.url_3ds !== null,
    isPaid: (_, params: { order: OrderDetail }) => isOrderPaid(params.order),
    isCancelled: (_, params: { order: OrderDetail }) => params.order.status === 'cancelled',
    isOutOfTime: (_, params: { read: OrderRead }) => isOrderOutOfTime(params.read),
    isLastTick: ({ context }) => isLastTick(context.remainingMs),
    isPayableMethod: ({ context }, params: { code: string }) =>
      context.methods.some((method) => method.kode === params.code && method.tersedia),
    hasChosenMethod: ({ context }) => context.chosen !== null,
    offersSimulation: ({ context }) => context.instruction?.simulasi === true,
    isOk: (_, params: { outcome: PaymentOutcome<unknown> }) => params.outcome.kind === 'ok',
    isSettled: (_, params: { outcome: PaymentOutcome<SimulasiBayarResults> }) =>
      params.outcome.kind === 'ok' && params.outcome.results.flag_lunas === 1,
    isRefusedWith: (_, params: { outcome: PaymentOutcome<unknown>; code: ErrorCode }) =>
      params.outcome.kind === 'refused' && params.outcome.code === params.code,
  },
  actions: {
    readCheckout: assign((_, params: { data: CheckoutData }) => ({
      ...orderRead(params.data),
      methods: params.data.methods,
      chosen: preselected(params.data.order, params.data.methods),
      error: null,
    })),
    readInstruction: assign((_, params: { data: InstructionData }) => ({
      ...orderRead(params.data),
      instruction: params.data.instruction,
      error: null,
    })),
    readOrder: assign((_, params: { read: OrderRead }) => orderRead(params.read)),
    keepLoadError: assign((_, params: { error: unknown }) => ({
      // The app's loaders reject with the passenger's words (src/flow/payment-flow.ts).
      error: params.error instanceof Error && params.error.message ? params.error.message : paymentMessages.loadFailed,
    })),
    keepRefusal: assign((_, params: { message: string }) => ({ error: params.message })),
    tick: assign(({ context }) => ({
      remainingMs: afterTick(context.remainingMs),
      // Held at 0 while a call is on its way: the read starts as soon as the page is idle again.
      refreshInMs: Math.max(0, context.refreshInMs - nextTickMs(context.remainingMs)),
    })),
    raiseRefreshWhenDue: enqueueActions(({ context, enqueue }) => {
      if (context.page === 'instruction' && context.refreshInMs <= 0) enqueue.raise({ type: 'refresh.due' });
    }),
    backOff: assign(({ context }) => {
      const next = nextRefreshMs(context.refreshEveryMs);
      return { refreshEveryMs: next, refreshInMs: next };
    }),
    choose: assign((_, params: { code: string }) => ({ chosen: params.code })),
    forgetChoice: assign({ chosen: null }),
    toastMessage: emit((_, params: { message: string }) => toast(params.message, 'bottom')),
    toastRefusal: emit((_, params: { outcome: PaymentOutcome<unknown> }) =>
      toast(params.outcome.kind === 'refused' ? params.outcome.message : paymentMessages.payFailed, 'bottom'),
    ),
    goToPaymentUrl: emit(({ context }) => navigate(paymentUrlNavigation(context.code))),
    goToPaidOrder: emit(({ context }) => navigate(paidNavigation(context.code, context.layout))),
    open3ds: emit((_, params: { outcome: PaymentOutcome<BayarKartuResults> }) => ({
      type: 'card.authenticate' as const,
      url: params.outcome.kind === 'ok' ? (params.outcome.results.url_3ds ?? '') : '',
    })),
    keepCardError: assign((_, params: { outcome: PaymentOutcome<unknown> }) => ({
      cardError: params.outcome.kind === 'refused' ? params.outcome.message : paymentMessages.payFailed,
    })),
    forgetCardError: assign({ cardError: null }),
  },
}).createMachine({
  id: 'payment',
  description: 'Choosing a payment method for an order and paying it, with the deadline counting down.',
  context: ({ input }) => ({
    code: input.code,
    page: input.page,
    layout: input.layout,
    order: null,
    methods: [],
    chosen: null,
    instruction: null,
    remainingMs: 0,
    error: null,
    refreshEveryMs: input.refreshFirstMs ?? PAYMENT_REFRESH.firstMs,
    refreshInMs: input.refreshFirstMs ?? PAYMENT_REFRESH.firstMs,
    afterCard: input.afterCard === true,
    cardError: null,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'Picks what the page loads: the order with its methods, or the payment instruction.',
      always: [
        { guard: 'isBackFromCard', target: 'confirmingCard' },
        { guard: 'isInstructionPage', target: 'loadingInstruction' },
        { target: 'loadingCheckout' },
      ],
    },
    confirmingCard: {
      description:
        "Back from the bank's 3DS page: asks the gateway (cek-status-pembayaran) before showing anything; paid opens the order.",
      invoke: {
        id: 'confirmCard',
        src: 'checkPayment',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output.order }) },
            target: 'paid',
            actions: [{ type: 'readOrder', params: ({ event }) => ({ read: event.output }) }, 'goToPaidOrder'],
          },
          { target: 'loadingInstruction' },
        ],
        // The page's own load says what went wrong, with "Coba Lagi".
        onError: 'loadingInstruction',
      },
    },
    loadingCheckout: {
      description: 'Reads the order (detail-reservasi) and its methods (list-jenis-pembayaran); skeletons show.',
      invoke: {
        id: 'loadCheckout',
        src: 'loadCheckout',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output.order }) },
            target: 'paid',
            actions: { type: 'readCheckout', params: ({ event }) => ({ data: event.output }) },
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ order: event.output.order }) },
            target: 'cancelled',
            actions: { type: 'readCheckout', params: ({ event }) => ({ data: event.output }) },
          },
          {
            guard: { type: 'isOutOfTime', params: ({ event }) => ({ read: event.output }) },
            target: 'expired',
            actions: { type: 'readCheckout', params: ({ event }) => ({ data: event.output }) },
          },
          { target: 'checkout', actions: { type: 'readCheckout', params: ({ event }) => ({ data: event.output }) } },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'keepLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    checkout: {
      description: 'The order can be paid: the deadline counts down while a method is chosen and paid.',
      type: 'parallel',
      states: {
        countdown: countdownRegion,
        method: {
          description: 'The method chooser and "Bayar".',
          initial: 'choosing',
          states: {
            choosing: {
              description: 'Methods grouped by grup with their fees; "Bayar" is enabled once one is chosen.',
              on: {
                'method.choose': {
                  guard: { type: 'isPayableMethod', params: ({ event }) => ({ code: event.code }) },
                  actions: { type: 'choose', params: ({ event }) => ({ code: event.code }) },
                },
                'payment.pay': { guard: 'hasChosenMethod', target: 'paying' },
              },
            },
            paying: {
              description: 'ganti-pembayaran sets the method; then the payment page shows the instruction.',
              invoke: {
                id: 'changePayment',
                src: 'changePayment',
                input: ({ context }) => ({ code: context.code, methodCode: context.chosen ?? '' }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
                    target: '#payment.redirecting',
                    actions: 'goToPaymentUrl',
                  },
                  {
                    // PAY-1: paid, cancelled or expired meanwhile; reading the order again says which.
                    guard: {
                      type: 'isRefusedWith',
                      params: ({ event }) => ({ outcome: event.output, code: 'PAY-1' as const }),
                    },
                    target: '#payment.loadingCheckout',
                    actions: { type: 'toastRefusal', params: ({ event }) => ({ outcome: event.output }) },
                  },
                  {
                    // PAY-3: that method is not available for this order; another one may be.
                    guard: {
                      type: 'isRefusedWith',
                      params: ({ event }) => ({ outcome: event.output, code: 'PAY-3' as const }),
                    },
                    target: 'choosing',
                    actions: [
                      'forgetChoice',
                      { type: 'toastRefusal', params: ({ event }) => ({ outcome: event.output }) },
                    ],
                  },
                  {
                    target: 'choosing',
                    actions: { type: 'toastRefusal', params: ({ event }) => ({ outcome: event.output }) },
                  },
                ],
                onError: {
                  target: 'choosing',
                  actions: { type: 'toastMessage', params: { message: paymentMessages.payFailed } },
                },
              },
            },
          },
        },
      },
    },
    redirecting: {
      description: 'The method is set; the payment page (payment-url) takes over.',
    },
    loadingInstruction: {
      description: 'Reads the instruction (detail-pembayaran) and the order for the server clock; skeletons show.',
      invoke: {
        id: 'loadInstruction',
        src: 'loadInstruction',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output.order }) },
            target: 'paid',
            actions: { type: 'readInstruction', params: ({ event }) => ({ data: event.output }) },
          },
          {
            guard: { type: 'isCancelled', params: ({ event }) => ({ order: event.output.order }) },
            target: 'cancelled',
            actions: { type: 'readInstruction', params: ({ event }) => ({ data: event.output }) },
          },
          {
            guard: { type: 'isOutOfTime', params: ({ event }) => ({ read: event.output }) },
            target: 'expired',
            actions: { type: 'readInstruction', params: ({ event }) => ({ data: event.output }) },
          },
          {
            target: 'instruction',
            actions: { type: 'readInstruction', params: ({ event }) => ({ data: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'keepLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    instruction: {
      description: 'Where and how much to pay (VA number or QRIS) while the deadline counts down.',
      type: 'parallel',
      states: {
        countdown: countdownRegion,
        action: {
          description:
            '"Cek Status Pembayaran", in demo mode "Simulasikan pembayaran", and the reads the page makes by itself.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Waiting for the traveller to pay elsewhere, check, or simulate; a due read starts.',
              on: {
                'payment.simulate': { guard: 'offersSimulation', target: 'simulating' },
                'payment.check': 'checking',
                'refresh.due': 'refreshing',
                'card.pay': { guard: 'offersCard', target: 'payingCard', actions: 'forgetCardError' },
              },
            },
            refreshing: {
              description: 'Reads the order by itself (detail-reservasi); paid turns the page. The buttons still work.',
              on: {
                'payment.simulate': { guard: 'offersSimulation', target: 'simulating' },
                'payment.check': 'checking',
                'card.pay': { guard: 'offersCard', target: 'payingCard', actions: 'forgetCardError' },
              },
              invoke: {
                id: 'refreshOrder',
                src: 'loadOrder',
                input: ({ context }) => ({ code: context.code }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output.order }) },
                    target: '#payment.paid',
                    actions: [{ type: 'readOrder', params: ({ event }) => ({ read: event.output }) }, 'goToPaidOrder'],
                  },
                  {
                    guard: { type: 'isCancelled', params: ({ event }) => ({ order: event.output.order }) },
                    target: '#payment.cancelled',
                    actions: { type: 'readOrder', params: ({ event }) => ({ read: event.output }) },
                  },
                  {
                    guard: { type: 'isOutOfTime', params: ({ event }) => ({ read: event.output }) },
                    target: '#payment.expired',
                    actions: { type: 'readOrder', params: ({ event }) => ({ read: event.output }) },
                  },
                  {
                    target: 'idle',
                    actions: [{ type: 'readOrder', params: ({ event }) => ({ read: event.output }) }, 'backOff'],
                  },
                ],
                // Quietly: the next read comes after a longer wait, and the button is still there.
                onError: { target: 'idle', actions: 'backOff' },
              },
            },
            simulating: {
              description: 'simulasi-bayar pays the order as the provider would.',
              invoke: {
                id: 'simulatePayment',
                src: 'simulatePayment',
                input: ({ context }) => ({ code: context.code }),
                onDone: [
                  {
                    guard: { type: 'isSettled', params: ({ event }) => ({ outcome: event.output }) },
                    target: '#payment.paid',
                    actions: 'goToPaidOrder',
                  },
                  {
                    // PAY-2: expired and a seat was sold meanwhile; nothing was charged. The page says so.
                    guard: {
                      type: 'isRefusedWith',
                      params: ({ event }) => ({ outcome: event.output, code: 'PAY-2' as const }),
                    },
                    target: '#payment.refused',
                    actions: {
                      type: 'keepRefusal',
                      params: ({ event }) => ({
                        message: event.output.kind === 'refused' ? event.output.message : paymentMessages.payFailed,
                      }),
                    },
                  },
                  {
                    guard: {
                      type: 'isRefusedWith',
                      params: ({ event }) => ({ outcome: event.output, code: 'PAY-1' as const }),
                    },
                    target: '#payment.loadingInstruction',
                    actions: { type: 'toastRefusal', params: ({ event }) => ({ outcome: event.output }) },
                  },
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'idle',
                    actions: { type: 'toastMessage', params: { message: paymentMessages.notYetPaid } },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'toastRefusal', params: ({ event }) => ({ outcome: event.output }) },
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'toastMessage', params: { message: paymentMessages.payFailed } },
                },
              },
            },
            payingCard: {
              description: "bayar-kartu charges the card's token: paid at once, or the bank's 3DS page comes next.",
              invoke: {
                id: 'payByCard',
                src: 'payByCard',
                input: ({ context, event }) => ({
                  code: context.code,
                  token: event.type === 'card.pay' ? event.token : '',
                }),
                onDone: [
                  {
                    guard: { type: 'isCardPaid', params: ({ event }) => ({ outcome: event.output }) },
                    target: '#payment.paid',
                    actions: 'goToPaidOrder',
                  },
                  {
                    guard: { type: 'isCardAt3ds', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'authenticating',
                    actions: { type: 'open3ds', params: ({ event }) => ({ outcome: event.output }) },
                  },
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'idle',
                    actions: { type: 'toastMessage', params: { message: paymentMessages.cardPending } },
                  },
                  {
                    // The card was refused: the form says why, and another card or method can be tried.
                    guard: {
                      type: 'isRefusedWith',
                      params: ({ event }) => ({ outcome: event.output, code: 'PAY-4' as const }),
                    },
                    target: 'idle',
                    actions: { type: 'keepCardError', params: ({ event }) => ({ outcome: event.output }) },
                  },
                  {
                    guard: {
                      type: 'isRefusedWith',
                      params: ({ event }) => ({ outcome: event.output, code: 'PAY-1' as const }),
                    },
                    target: '#payment.loadingInstruction',
                    actions: { type: 'toastRefusal', params: ({ event }) => ({ outcome: event.output }) },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'toastRefusal', params: ({ event }) => ({ outcome: event.output }) },
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: { type: 'toastMessage', params: { message: paymentMessages.payFailed } },
                },
              },
            },
            authenticating: {
              description:
                "The bank's 3DS page opens (the page leaves for it); its notification, or the check on return, pays.",
              on: { 'payment.check': 'checking' },
            },
            checking: {
              description:
                'cek-status-pembayaran (the server asks the gateway), then reads the order; also sets the countdown by the server clock.',
              invoke: {
                id: 'checkPayment',
                src: 'checkPayment',
                input: ({ context }) => ({ code: context.code }),
                onDone: [
                  {
                    guard: { type: 'isPaid', params: ({ event }) => ({ order: event.output.order }) },
                    target: '#payment.paid',
                    actions: [{ type: 'readOrder', params: ({ event }) => ({ read: event.output }) }, 'goToPaidOrder'],
                  },
                  {
                    guard: { type: 'isCancelled', params: ({ event }) => ({ order: event.output.order }) },
                    target: '#payment.cancelled',
                    actions: { type: 'readOrder', params: ({ event }) => ({ read: event.output }) },
                  },
                  {
                    guard: { type: 'isOutOfTime', params: ({ event }) => ({ read: event.output }) },
                    target: '#payment.expired',
                    actions: { type: 'readOrder', params: ({ event }) => ({ read: event.output }) },
                  },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'readOrder', params: ({ event }) => ({ read: event.output }) },
                      { type: 'toastMessage', params: { message: paymentMessages.notYetPaid } },
                    ],
                  },
                ],
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'toastMessage',
                    params: ({ event }) => ({
                      message:
                        event.error instanceof Error && event.error.message
                          ? event.error.message
                          : paymentMessages.loadFailed,
                    }),
                  },
                },
              },
            },
          },
        },
      },
    },
    paid: {
      description: 'Lunas: the page shows the paid order and a link to the ticket.',
    },
    expired: {
      description: 'The payment time is over: a clear message and a way home.',
    },
    cancelled: {
      description: 'The order was cancelled: a message and a way home.',
    },
    refused: {
      description: 'The payment was refused (PAY-2): the server message and a way home.',
    },
    loadFailed: {
      description: 'The order or the instruction could not be read: the message and "Coba Lagi".',
      on: { 'load.retry': { target: 'start', actions: assign({ error: null }) } },
    },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** What the screen shows, by state. */
export type PaymentView =
  | 'loading'
  | 'checkout'
  | 'paying'
  | 'redirecting'
  | 'instruction'
  | 'paid'
  | 'expired'
  | 'cancelled'
  | 'refused'
  | 'loadFailed';

export function paymentView(snapshot: PaymentSnapshot): PaymentView {
  if (snapshot.matches({ checkout: { method: 'paying' } })) return 'paying';
  if (snapshot.matches('checkout')) return 'checkout';
  if (snapshot.matches('instruction')) return 'instruction';
  if (
    snapshot.matches('start') ||
    snapshot.matches('confirmingCard') ||
    snapshot.matches('loadingCheckout') ||
    snapshot.matches('loadingInstruction')
  )
    return 'loading';
  return snapshot.value as Exclude<PaymentView, 'loading' | 'checkout' | 'paying' | 'instruction'>;
}

/** The chosen method, or null. */
export function chosenMethod(context: PaymentContext): PaymentMethod | null {
  return context.methods.find((method) => method.kode === context.chosen) ?? null;
}

/** A method request (simulate or check) is on its way. */
export function isInstructionBusy(snapshot: PaymentSnapshot): boolean {
  return (
    snapshot.matches({ instruction: { action: 'simulating' } }) ||
    snapshot.matches({ instruction: { action: 'checking' } }) ||
    snapshot.matches({ instruction: { action: 'payingCard' } }) ||
    snapshot.matches({ instruction: { action: 'authenticating' } })
  );
}
