import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ErrorCode } from '../contract/envelope';
import {
  BookerNameSchema,
  EmailSchema,
  PhoneSchema,
  firstError,
  typeBookerName,
  typeEmail,
  typePhone,
} from '../contract/fields';
import { FLASH_SALE_MESSAGES, type QuizOptionCode } from '../contract/flashsale';
import { PAYMENT_REFRESH, nextRefreshMs } from './constants';
import { SECOND_MS, afterTick, isLastTick, nextTickMs } from './countdown';
import type {
  FlashSaleBought,
  FlashSaleKey,
  FlashSaleMethods,
  FlashSalePaymentMethod,
  FlashSalePurchase,
  FlashSalePurchaseStatus,
  FlashSaleQuiz,
  FlashSaleSlot,
} from './flash-sale-types';
import { toast } from './toast';
import type { Booker, ToastEmitted } from './types';

export type * from './flash-sale-types';

/**
 * Flash sale (spec section 7 "Flash sale"; screens not shown there). The session tabs pick a day
 * and one of its slots, counting down to the slot's start (or its end while it runs) on the
 * server's clock; a card opens its page; "Beli Sekarang" asks the card's question; a right answer
 * gives a purchase key that lasts a few minutes, a wrong one blocks the card; then the buyer's
 * details (the booking's booker rules), the payment method, and the purchase. The calls are named
 * actors the app provides; a refusal comes back as an outcome with the server's code and message.
 * While an unpaid purchase's page is open the chart reads it by itself (flashsale/detail-transaksi)
 * with the order payment page's back-off (PAYMENT_REFRESH), so a payment made elsewhere turns the
 * page without a press; "Cek Status Pembayaran" stays the one that asks the gateway.
 */

export type FlashSaleOutcome<T> = { kind: 'ok'; results: T } | { kind: 'refused'; code: ErrorCode; message: string };

export interface FlashSaleInput {
  /** The booker fields start from the signed-in profile, when there is one. */
  booker: Booker | null;
}

export type BookerField = keyof Booker;

export interface FlashSaleContext {
  date: string | null;
  slots: FlashSaleSlot[];
  slotId: number | null;
  /**
   * The server's clock (ms since the epoch): set by each list's reading of it, then moved on by the
   * machine's own ticks, so a phone set to the wrong time still counts right.
   */
  serverNowMs: number | null;
  cardId: number | null;
  /** Cards this visitor answered wrong: "Beli Sekarang" stays off for them. */
  blockedCards: number[];
  quiz: FlashSaleQuiz | null;
  answer: QuizOptionCode | null;
  key: string | null;
  /** What is left of the key's time. */
  keyLeftMs: number;
  booker: Booker;
  bookerErrors: Partial<Record<BookerField, string>>;
  methods: FlashSalePaymentMethod[];
  methodCode: string | null;
  /** The finished purchase. */
  transaction: FlashSaleBought | null;
  /** The purchase whose page is open (just bought, or opened by its address): "Cek Status" asks about it. */
  transactionCode: string | null;
  /** The wait before the purchase's page reads the purchase by itself again (back-off, PAYMENT_REFRESH). */
  refreshEveryMs: number;
}

export type FlashSaleEvent =
  | { type: 'date.choose'; date: string }
  /** The day's slots and the server's clock when they were read. */
  | { type: 'sessions.loaded'; date: string; list: FlashSaleSlot[]; serverNowMs: number }
  | { type: 'session.choose'; slotId: number }
  | { type: 'card.open'; cardId: number }
  /** The card page opened by its address (a link, a reload): no navigation. */
  | { type: 'card.show'; cardId: number }
  | { type: 'card.close' }
  | { type: 'buy' }
  | { type: 'answer.choose'; answer: QuizOptionCode }
  | { type: 'answer.submit' }
  | { type: 'quiz.close' }
  | { type: 'booker.type'; field: BookerField; value: string }
  | { type: 'booker.submit' }
  | { type: 'method.choose'; code: string }
  | { type: 'pay' }
  | { type: 'step.back' }
  /** A purchase's page is open (after buying, or by its address: a link, a reload). */
  | { type: 'transaction.show'; code: string }
  /** The purchase's page read the purchase (its own query): a paid or expired one is read no more. */
  | { type: 'transaction.loaded'; code: string; status: FlashSalePurchaseStatus }
  /** The purchase's page is left (another page of the flash sale): its reads stop. */
  | { type: 'transaction.leave'; code: string }
  /** "Cek Status Pembayaran" on the purchase's page. */
  | { type: 'payment.check' };

export type FlashSaleRoute = 'flash-sale' | 'flash-sale-card' | 'flash-sale-transaction';
export type FlashSaleNavigateEmitted = {
  type: 'navigate';
  intent: { kind: 'route'; name: FlashSaleRoute; params?: Record<string, string>; replace?: boolean };
};

export const flashSaleMessages = {
  network: 'Tidak dapat terhubung. Periksa koneksi internet kamu lalu coba lagi.',
  buyFailed: 'Tidak dapat melakukan transaksi',
  chooseAnswer: 'Pilih salah satu jawaban',
  chooseMethod: 'Pilih metode pembayaran terlebih dahulu',
  keyExpired: FLASH_SALE_MESSAGES.keyInvalid,
  /** The order payment page's words (payment.machine.ts paymentMessages.notYetPaid). */
  notYetPaid: 'Pembayaran belum kami terima. Selesaikan pembayaran lalu cek lagi.',
} as const;

export interface QuizInput {
  cardId: number;
}
export interface AnswerInput extends QuizInput {
  answer: QuizOptionCode;
}
export interface MethodsInput extends QuizInput {
  key: string;
}
export interface BuyInput extends MethodsInput {
  booker: Booker;
  methodCode: string;
}
export interface CheckInput {
  code: string;
}

const EMPTY_BOOKER: Booker = { name: '', phone: '', email: '' };

/** The booker fields' messages by the contract's rules; empty when all pass. */
export function bookerErrorsOf(booker: Booker): Partial<Record<BookerField, string>> {
  const errors: Partial<Record<BookerField, string>> = {};
  const name = firstError(BookerNameSchema, booker.name);
  const phone = firstError(PhoneSchema, booker.phone);
  const email = firstError(EmailSchema, booker.email);
  if (name) errors.name = name;
  if (phone) errors.phone = phone;
  if (email) errors.email = email;
  return errors;
}

const TYPING: Record<BookerField, (raw: string) => { value: string; error: string | null }> = {
  name: typeBookerName,
  phone: typePhone,
  email: typeEmail,
};

/** Until the slot's next change on the server's clock: its start, its end, or 0 once over. */
export function slotClock(slot: FlashSaleSlot | undefined, now: number | null): number {
  if (!slot || now === null) return 0;
  if (now < slot.startsAtMs) return slot.startsAtMs - now;
  return Math.max(0, slot.endsAtMs - now);
}

/** The slot shown first: the running one, else the next to start, else the first of the day. */
export function defaultSlot(list: readonly FlashSaleSlot[]): FlashSaleSlot | undefined {
  return (
    list.find((slot) => slot.status === 'berlangsung') ?? list.find((slot) => slot.status === 'akan-datang') ?? list[0]
  );
}

/** The chosen slot of the context. */
export function chosenSlot(context: Pick<FlashSaleContext, 'slots' | 'slotId'>): FlashSaleSlot | undefined {
  return context.slots.find((slot) => slot.id === context.slotId);
}

/** The results of an outcome the guard found ok. */
function resultsOf<T>(outcome: FlashSaleOutcome<T>): T {
  if (outcome.kind !== 'ok') throw new Error('resultsOf: a refused outcome');
  return outcome.results;
}
const messageOf = (outcome: FlashSaleOutcome<unknown>) => (outcome.kind === 'refused' ? outcome.message : '');

/**
 * The purchase's page read it by its own query (a link, a reload, a refetch): paid or past its
 * deadline, the chart stops reading it. Statuses only move on (unpaid, then paid or expired; an
 * expired purchase may still be paid late), so a paid page never turns back.
 */
const pageReadPaidOrExpired = [
  {
    guard: {
      type: 'isShownTransactionIn',
      params: ({ event }: { event: Extract<FlashSaleEvent, { type: 'transaction.loaded' }> }) => ({
        code: event.code,
        status: event.status,
        expected: 'lunas' as const,
      }),
    },
    target: '#flash-sale.done.paid',
  },
  {
    guard: {
      type: 'isShownTransactionIn',
      params: ({ event }: { event: Extract<FlashSaleEvent, { type: 'transaction.loaded' }> }) => ({
        code: event.code,
        status: event.status,
        expected: 'kedaluwarsa' as const,
      }),
    },
    target: '#flash-sale.done.expired',
  },
] as const;

/** What a read of the purchase (the page's own, or "Cek Status") answers, as the chart's done event carries it. */
type PurchaseReadDone = { event: { output: FlashSaleOutcome<FlashSalePurchase> } };
const keepRead = {
  type: 'keepTransactionRead',
  params: ({ event }: PurchaseReadDone) => ({ transaction: resultsOf(event.output) }),
} as const;
/**
 * The page's own read and "Cek Status" answer the same way: paid ends the reads, unpaid waits in
 * idle (each adds its own second action), past its deadline shows it expired. Written once so the
 * two cannot drift; a read's and a check's refusal still differ (quiet back-off, a toast).
 */
const purchaseRead = {
  keep: keepRead,
  paid: {
    guard: { type: 'isTransactionPaid', params: ({ event }: PurchaseReadDone) => ({ outcome: event.output }) },
    target: 'paid',
    actions: keepRead,
  },
  waiting: {
    guard: { type: 'isTransactionWaiting', params: ({ event }: PurchaseReadDone) => ({ outcome: event.output }) },
    target: 'idle',
  },
  expired: {
    guard: { type: 'isOk', params: ({ event }: PurchaseReadDone) => ({ outcome: event.output }) },
    target: 'expired',
    actions: keepRead,
  },
} as const;

export const flashSaleMachine = setup({
  types: {
    context: {} as FlashSaleContext,
    events: {} as FlashSaleEvent,
    input: {} as FlashSaleInput,
    emitted: {} as FlashSaleNavigateEmitted | ToastEmitted,
  },
  delays: {
    second: SECOND_MS,
    keyTick: ({ context }) => nextTickMs(context.keyLeftMs),
    refreshWait: ({ context }) => context.refreshEveryMs,
  },
  actors: {
    // Placeholders: the app provides the calls.
    loadQuiz: fromPromise<FlashSaleOutcome<FlashSaleQuiz>, QuizInput>(() =>
      Promise.reject(new Error('loadQuiz is provided by the app')),
    ),
    checkAnswer: fromPromise<FlashSaleOutcome<FlashSaleKey>, AnswerInput>(() =>
      Promise.reject(new Error('checkAnswer is provided by the app')),
    ),
    loadMethods: fromPromise<FlashSaleOutcome<FlashSaleMethods>, MethodsInput>(() =>
      Promise.reject(new Error('loadMethods is provided by the app')),
    ),
    buy: fromPromise<FlashSaleOutcome<FlashSaleBought>, BuyInput>(() =>
      Promise.reject(new Error('buy is provided by the app')),
    ),
    checkTransaction: fromPromise<FlashSaleOutcome<FlashSalePurchase>, CheckInput>(() =>
      Promise.reject(new Error('checkTransaction is provided by the app')),
    ),
    readTransaction: fromPromise<FlashSaleOutcome<FlashSalePurchase>, CheckInput>(() =>
      Promise.reject(new Error('readTransaction is provided by the app')),
    ),
  },
  guards: {
    hasSlots: (_, params: { list: FlashSaleSlot[] }) => params.list.length > 0,
    isOtherDate: ({ context }, params: { date: string }) => context.date !== params.date,
    isKnownSlot: ({ context }, params: { slotId: number }) => context.slots.some((slot) => slot.id === params.slotId),
    /** The next second crosses the chosen slot's start or end. */
    hasChosenSlot: ({ context }) => chosenSlot(context) !== undefined,
    isSlotChanging: ({ context }) => {
      const left = slotClock(chosenSlot(context), context.serverNowMs);
      return left > 0 && left <= SECOND_MS;
    },
    isLastKeyTick: ({ context }) => isLastTick(context.keyLeftMs),
    isCardBlocked: ({ context }) => context.cardId !== null && context.blockedCards.includes(context.cardId),
    isOtherCard: ({ context }, params: { cardId: number }) => context.cardId !== params.cardId,
    hasAnswer: ({ context }) => context.answer !== null,
    isOk: (_, params: { outcome: FlashSaleOutcome<unknown> }) => params.outcome.kind === 'ok',
    isRefusedAs: (_, params: { outcome: FlashSaleOutcome<unknown>; code: ErrorCode }) =>
      params.outcome.kind === 'refused' && params.outcome.code === params.code,
    isBookerValid: ({ context }) => Object.keys(bookerErrorsOf(context.booker)).length === 0,
    hasMethod: ({ context }) =>
      context.methods.some((method) => method.code === context.methodCode && method.available),
    isShownTransaction: ({ context }, params: { code: string }) => context.transactionCode === params.code,
    /** The purchase's page is left, and a session tab was chosen before: back to it. */
    isShownTransactionWithSlot: ({ context }, params: { code: string }) =>
      context.transactionCode === params.code && chosenSlot(context) !== undefined,
    isShownTransactionIn: (
      { context },
      params: { code: string; status: FlashSalePurchaseStatus; expected: FlashSalePurchaseStatus },
    ) => context.transactionCode === params.code && params.status === params.expected,
    isTransactionPaid: (_, params: { outcome: FlashSaleOutcome<FlashSalePurchase> }) =>
      params.outcome.kind === 'ok' && params.outcome.results.status === 'lunas',
    isTransactionWaiting: (_, params: { outcome: FlashSaleOutcome<FlashSalePurchase> }) =>
      params.outcome.kind === 'ok' && params.outcome.results.status === 'menunggu-pembayaran',
  },
  actions: {
    // Provided by the app: the chosen slot started or ended, so its lists are read again.
    refreshSessions: () => undefined,
    // Provided by the app: keeps the transaction's key so its page opens after a reload.
    keepTransaction: (_, _params: { transaction: FlashSaleBought }) => undefined,
    // Provided by the app: the purchase as "Cek Status" answered it is what its page shows.
    keepTransactionRead: (_, _params: { transaction: FlashSalePurchase }) => undefined,
    showTransaction: assign((_, params: { code: string }) => ({
      transactionCode: params.code,
      key: null,
      keyLeftMs: 0,
      answer: null,
      refreshEveryMs: PAYMENT_REFRESH.firstMs,
    })),
    /** A read that found the purchase still unpaid, or failed: the next one waits longer. */
    backOff: assign(({ context }) => ({ refreshEveryMs: nextRefreshMs(context.refreshEveryMs) })),
    chooseDate: assign((_, params: { date: string }) => ({ date: params.date, slots: [], slotId: null })),
    takeSessions: assign(({ context }, params: { list: FlashSaleSlot[]; serverNowMs: number; date: string }) => {
      // A list read again keeps the visitor's tab when it still exists.
      const kept = params.list.find((slot) => slot.id === context.slotId);
      return {
        date: params.date,
        slots: params.list,
        slotId: (kept ?? defaultSlot(params.list))?.id ?? null,
        serverNowMs: params.serverNowMs,
      };
    }),
    clearSessions: assign((_, params: { date: string }) => ({ date: params.date, slots: [], slotId: null })),
    chooseSlot: assign((_, params: { slotId: number }) => ({ slotId: params.slotId })),
    secondPassed: assign(({ context }) => ({
      serverNowMs: context.serverNowMs === null ? null : context.serverNowMs + SECOND_MS,
    })),
    openCard: assign((_, params: { cardId: number }) => ({ cardId: params.cardId, quiz: null, answer: null })),
    goToCard: emit(({ context }) => ({
      type: 'navigate' as const,
      intent: { kind: 'route' as const, name: 'flash-sale-card' as const, params: { id: String(context.cardId) } },
    })),
    goToSessions: emit({ type: 'navigate' as const, intent: { kind: 'route' as const, name: 'flash-sale' as const } }),
    forgetQuiz: assign({ quiz: null, answer: null }),
    takeQuiz: assign((_, params: { quiz: FlashSaleQuiz }) => ({ quiz: params.quiz, answer: null })),
    chooseAnswer: assign((_, params: { answer: QuizOptionCode }) => ({ answer: params.answer })),
    takeKey: assign((_, params: { key: string; keyLeftMs: number }) => ({
      key: params.key,
      keyLeftMs: params.keyLeftMs,
      methods: [],
      methodCode: null,
    })),
    dropKey: assign({ key: null, keyLeftMs: 0, answer: null }),
    blockCard: assign(({ context }) => ({
      blockedCards:
        context.cardId === null || context.blockedCards.includes(context.cardId)
          ? context.blockedCards
          : [...context.blockedCards, context.cardId],
    })),
    keyTick: assign(({ context }) => ({ keyLeftMs: afterTick(context.keyLeftMs) })),
    typeBooker: assign(({ context }, params: { field: BookerField; value: string }) => {
      const typed = TYPING[params.field](params.value);
      const others = Object.fromEntries(
        Object.entries(context.bookerErrors).filter(([field]) => field !== params.field),
      ) as FlashSaleContext['bookerErrors'];
      return {
        booker: { ...context.booker, [params.field]: typed.value },
        bookerErrors: typed.error ? { ...others, [params.field]: typed.error } : others,
      };
    }),
    showBookerRules: assign(({ context }) => ({ bookerErrors: bookerErrorsOf(context.booker) })),
    takeMethods: assign((_, params: { methods: FlashSalePaymentMethod[] }) => ({ methods: params.methods })),
    chooseMethod: assign((_, params: { code: string }) => ({ methodCode: params.code })),
    takeTransaction: assign((_, params: { transaction: FlashSaleBought }) => ({
      transaction: params.transaction,
      transactionCode: params.transaction.code,
      key: null,
      keyLeftMs: 0,
      refreshEveryMs: PAYMENT_REFRESH.firstMs,
    })),
    goToTransaction: emit((_, params: { transaction: FlashSaleBought }) => ({
      type: 'navigate' as const,
      intent: {
        kind: 'route' as const,
        name: 'flash-sale-transaction' as const,
        params: { kode: params.transaction.code },
        replace: true,
      },
    })),
    toastTop: emit((_, params: { message: string }) => toast(params.message, 'top')),
  },
}).createMachine({
  id: 'flash-sale',
  description: 'Flash sale: session tabs, a card, its question, the buyer, the payment method, the purchase.',
  context: ({ input }) => ({
    date: null,
    slots: [],
    slotId: null,
    serverNowMs: null,
    cardId: null,
    blockedCards: [],
    quiz: null,
    answer: null,
    key: null,
    keyLeftMs: 0,
    booker: input.booker ?? EMPTY_BOOKER,
    bookerErrors: {},
    methods: [],
    methodCode: null,
    transaction: null,
    transactionCode: null,
    refreshEveryMs: PAYMENT_REFRESH.firstMs,
  }),
  initial: 'sessions',
  on: {
    // Lists may come back while the visitor is on a card: they only refresh the tabs.
    'sessions.loaded': {
      guard: { type: 'hasSlots', params: ({ event }) => ({ list: event.list }) },
      actions: {
        type: 'takeSessions',
        params: ({ event }) => ({ list: event.list, serverNowMs: event.serverNowMs, date: event.date }),
      },
    },
    'card.show': {
      guard: { type: 'isOtherCard', params: ({ event }) => ({ cardId: event.cardId }) },
      target: '.card',
      actions: ['dropKey', { type: 'openCard', params: ({ event }) => ({ cardId: event.cardId }) }],
    },
    'transaction.show': {
      target: '.done',
      actions: { type: 'showTransaction', params: ({ event }) => ({ code: event.code }) },
    },
  },
  states: {
    sessions: {
      description: 'The flash-sale page: day tabs, the slot tabs of the day, the cards of the chosen slot.',
      initial: 'loading',
      on: {
        'date.choose': {
          guard: { type: 'isOtherDate', params: ({ event }) => ({ date: event.date }) },
          target: '.loading',
          actions: { type: 'chooseDate', params: ({ event }) => ({ date: event.date }) },
        },
        'card.open': {
          target: 'card',
          actions: [{ type: 'openCard', params: ({ event }) => ({ cardId: event.cardId }) }, 'goToCard'],
        },
        'sessions.loaded': [
          {
            guard: { type: 'hasSlots', params: ({ event }) => ({ list: event.list }) },
            target: '.shown',
            actions: {
              type: 'takeSessions',
              params: ({ event }) => ({ list: event.list, serverNowMs: event.serverNowMs, date: event.date }),
            },
          },
          { target: '.empty', actions: { type: 'clearSessions', params: ({ event }) => ({ date: event.date }) } },
        ],
      },
      states: {
        loading: { description: "The day's slots are being read (skeleton tabs)." },
        empty: { description: '"Belum ada sesi flash sale di tanggal ini".' },
        shown: {
          description:
            "The chosen slot's cards and its clock: the count down to its start, or to its end while it runs.",
          on: {
            'session.choose': {
              guard: { type: 'isKnownSlot', params: ({ event }) => ({ slotId: event.slotId }) },
              actions: { type: 'chooseSlot', params: ({ event }) => ({ slotId: event.slotId }) },
            },
          },
          after: {
            second: [
              // The slot starts or ends now: its cards and states are read again.
              { guard: 'isSlotChanging', target: 'shown', reenter: true, actions: ['secondPassed', 'refreshSessions'] },
              { target: 'shown', reenter: true, actions: 'secondPassed' },
            ],
          },
        },
      },
    },
    card: {
      description:
        'The card page: route, prices, stock left, terms; "Beli Sekarang" unless this card was answered wrong.',
      on: {
        buy: [
          {
            guard: 'isCardBlocked',
            actions: { type: 'toastTop', params: { message: FLASH_SALE_MESSAGES.wrongAnswer } },
          },
          { target: 'quiz' },
        ],
        'card.close': [
          { guard: 'hasChosenSlot', target: 'sessions.shown', actions: 'goToSessions' },
          { target: 'sessions', actions: 'goToSessions' },
        ],
      },
    },
    quiz: {
      description: 'The card\'s question in a dialog: one answer, then "Kirim Jawaban".',
      initial: 'loading',
      on: { 'quiz.close': { target: 'card' } },
      states: {
        loading: {
          description: 'Reads the question (soal-card); a card sold out or not on sale now says so.',
          entry: 'forgetQuiz',
          invoke: {
            id: 'loadQuiz',
            src: 'loadQuiz',
            input: ({ context }) => ({ cardId: context.cardId ?? 0 }),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
                target: 'answering',
                actions: { type: 'takeQuiz', params: ({ event }) => ({ quiz: resultsOf(event.output) }) },
              },
              {
                target: '#flash-sale.card',
                actions: { type: 'toastTop', params: ({ event }) => ({ message: messageOf(event.output) }) },
              },
            ],
            onError: {
              target: '#flash-sale.card',
              actions: { type: 'toastTop', params: { message: flashSaleMessages.network } },
            },
          },
        },
        answering: {
          description: 'The options as radio buttons; sending needs one chosen.',
          on: {
            'answer.choose': { actions: { type: 'chooseAnswer', params: ({ event }) => ({ answer: event.answer }) } },
            'answer.submit': [
              { guard: 'hasAnswer', target: 'checking' },
              { actions: { type: 'toastTop', params: { message: flashSaleMessages.chooseAnswer } } },
            ],
          },
        },
        checking: {
          description: 'Sends the answer (cek-soal-card); closing waits for the answer.',
          on: { 'quiz.close': {} },
          invoke: {
            id: 'checkAnswer',
            src: 'checkAnswer',
            input: ({ context }) => ({ cardId: context.cardId ?? 0, answer: context.answer ?? 'A' }),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
                target: '#flash-sale.purchase',
                actions: {
                  type: 'takeKey',
                  params: ({ event }) => {
                    const results = resultsOf(event.output);
                    return { key: results.key, keyLeftMs: results.keyLeftMs };
                  },
                },
              },
              {
                guard: {
                  type: 'isRefusedAs',
                  params: ({ event }) => ({ outcome: event.output, code: 'FLS-2' as const }),
                },
                target: 'blocked',
                actions: 'blockCard',
              },
              {
                target: '#flash-sale.card',
                actions: { type: 'toastTop', params: ({ event }) => ({ message: messageOf(event.output) }) },
              },
            ],
            onError: {
              target: 'answering',
              actions: { type: 'toastTop', params: { message: flashSaleMessages.network } },
            },
          },
        },
        blocked: { description: 'The wrong-answer message: this card cannot be bought in this session.' },
      },
    },
    purchase: {
      description:
        'With a valid key: the buyer, then the payment method; the key running out sends back to the question.',
      type: 'parallel',
      on: { 'card.close': { target: 'card', actions: 'dropKey' } },
      states: {
        step: {
          initial: 'booker',
          states: {
            booker: {
              description: '"Data Pemesan": name, phone and email by the booking\'s booker rules.',
              on: {
                'booker.type': {
                  actions: { type: 'typeBooker', params: ({ event }) => ({ field: event.field, value: event.value }) },
                },
                'booker.submit': [{ guard: 'isBookerValid', target: 'methods' }, { actions: 'showBookerRules' }],
              },
            },
            methods: {
              initial: 'loading',
              on: { 'step.back': { target: 'booker' } },
              states: {
                loading: {
                  description:
                    'Reads the methods and their fees on the flash price (list-jenis-pembayaran with the key).',
                  invoke: {
                    id: 'loadMethods',
                    src: 'loadMethods',
                    input: ({ context }) => ({ cardId: context.cardId ?? 0, key: context.key ?? '' }),
                    onDone: [
                      {
                        guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
                        target: 'choosing',
                        actions: {
                          type: 'takeMethods',
                          params: ({ event }) => ({ methods: resultsOf(event.output).methods }),
                        },
                      },
                      {
                        target: '#flash-sale.quiz',
                        actions: [
                          'dropKey',
                          { type: 'toastTop', params: ({ event }) => ({ message: messageOf(event.output) }) },
                        ],
                      },
                    ],
                    onError: {
                      target: '#flash-sale.purchase.step.booker',
                      actions: { type: 'toastTop', params: { message: flashSaleMessages.network } },
                    },
                  },
                },
                choosing: {
                  description: 'The methods by group with the total of each; "Bayar" needs one chosen.',
                  on: {
                    'method.choose': {
                      actions: { type: 'chooseMethod', params: ({ event }) => ({ code: event.code }) },
                    },
                    pay: [
                      { guard: 'hasMethod', target: 'buying' },
                      { actions: { type: 'toastTop', params: { message: flashSaleMessages.chooseMethod } } },
                    ],
                  },
                },
                buying: {
                  description:
                    'The purchase (flashsale/transaksi): a loader over the page; nothing else can be pressed.',
                  on: { 'step.back': {}, 'card.close': {} },
                  invoke: {
                    id: 'buy',
                    src: 'buy',
                    input: ({ context }) => ({
                      cardId: context.cardId ?? 0,
                      key: context.key ?? '',
                      booker: context.booker,
                      methodCode: context.methodCode ?? '',
                    }),
                    onDone: [
                      {
                        guard: { type: 'isOk', params: ({ event }) => ({ outcome: event.output }) },
                        target: '#flash-sale.done',
                        actions: [
                          {
                            type: 'takeTransaction',
                            params: ({ event }) => ({ transaction: resultsOf(event.output) }),
                          },
                          {
                            type: 'keepTransaction',
                            params: ({ event }) => ({ transaction: resultsOf(event.output) }),
                          },
                          {
                            type: 'goToTransaction',
                            params: ({ event }) => ({ transaction: resultsOf(event.output) }),
                          },
                        ],
                      },
                      {
                        guard: {
                          type: 'isRefusedAs',
                          params: ({ event }) => ({ outcome: event.output, code: 'FLS-3' as const }),
                        },
                        target: '#flash-sale.quiz',
                        actions: [
                          'dropKey',
                          { type: 'toastTop', params: ({ event }) => ({ message: messageOf(event.output) }) },
                        ],
                      },
                      {
                        guard: {
                          type: 'isRefusedAs',
                          params: ({ event }) => ({ outcome: event.output, code: 'PAY-3' as const }),
                        },
                        target: 'choosing',
                        actions: { type: 'toastTop', params: ({ event }) => ({ message: messageOf(event.output) }) },
                      },
                      {
                        // Sold out, or the slot ended: nothing more to try on this card.
                        target: '#flash-sale.card',
                        actions: [
                          'dropKey',
                          { type: 'toastTop', params: ({ event }) => ({ message: messageOf(event.output) }) },
                        ],
                      },
                    ],
                    onError: {
                      target: 'choosing',
                      actions: { type: 'toastTop', params: { message: flashSaleMessages.buyFailed } },
                    },
                  },
                },
              },
            },
          },
        },
        keyClock: {
          initial: 'counting',
          states: {
            counting: {
              description: "Ticks each whole second of the key's time; at zero the question must be answered again.",
              after: {
                keyTick: [
                  {
                    guard: 'isLastKeyTick',
                    target: '#flash-sale.quiz',
                    actions: ['dropKey', { type: 'toastTop', params: { message: flashSaleMessages.keyExpired } }],
                  },
                  { target: 'counting', reenter: true, actions: 'keyTick' },
                ],
              },
            },
          },
        },
      },
    },
    done: {
      description:
        'A purchase\'s page (just bought, or opened by its address): how to pay; "Flash Sale Lainnya" goes back to the sessions.',
      initial: 'idle',
      on: {
        'card.close': [
          { guard: 'hasChosenSlot', target: 'sessions.shown', actions: 'goToSessions' },
          { target: 'sessions', actions: 'goToSessions' },
        ],
        // The page shown again (a re-render): nothing changes, a check or a read on its way goes on.
        'transaction.show': { guard: { type: 'isShownTransaction', params: ({ event }) => ({ code: event.code }) } },
        // Another page of the flash sale: the purchase's page and its reads are left.
        'transaction.leave': [
          {
            guard: { type: 'isShownTransactionWithSlot', params: ({ event }) => ({ code: event.code }) },
            target: 'sessions.shown',
          },
          {
            guard: { type: 'isShownTransaction', params: ({ event }) => ({ code: event.code }) },
            target: 'sessions',
          },
        ],
      },
      states: {
        idle: {
          description:
            'Waiting for the buyer to pay elsewhere; "Cek Status Pembayaran" while it is unpaid; after the back-off wait the page reads the purchase.',
          on: {
            'payment.check': 'checking',
            'transaction.loaded': pageReadPaidOrExpired,
            // A reload: the stored chart has no timer left, so the wait starts again.
            'transaction.show': {
              guard: { type: 'isShownTransaction', params: ({ event }) => ({ code: event.code }) },
              target: 'idle',
              reenter: true,
            },
          },
          after: { refreshWait: 'refreshing' },
        },
        refreshing: {
          description:
            'Reads the purchase by itself (flashsale/detail-transaksi, our database only); paid turns the page. The button still works.',
          on: { 'payment.check': 'checking', 'transaction.loaded': pageReadPaidOrExpired },
          invoke: {
            id: 'readTransaction',
            src: 'readTransaction',
            input: ({ context }) => ({ code: context.transactionCode ?? '' }),
            onDone: [
              purchaseRead.paid,
              { ...purchaseRead.waiting, actions: [purchaseRead.keep, 'backOff'] },
              // Past its deadline: the page says so, and nothing is read again.
              purchaseRead.expired,
              // Quietly: the next read comes after a longer wait, and the button is still there.
              { target: 'idle', actions: 'backOff' },
            ],
            onError: { target: 'idle', actions: 'backOff' },
          },
        },
        checking: {
          description:
            'flashsale/cek-status (the server asks the gateway about the purchase), then the page shows its answer.',
          on: { 'transaction.loaded': pageReadPaidOrExpired },
          invoke: {
            id: 'checkTransaction',
            src: 'checkTransaction',
            input: ({ context }) => ({ code: context.transactionCode ?? '' }),
            onDone: [
              purchaseRead.paid,
              {
                ...purchaseRead.waiting,
                actions: [purchaseRead.keep, { type: 'toastTop', params: { message: flashSaleMessages.notYetPaid } }],
              },
              // Past its deadline: the page says so.
              purchaseRead.expired,
              {
                target: 'idle',
                actions: { type: 'toastTop', params: ({ event }) => ({ message: messageOf(event.output) }) },
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'toastTop', params: { message: flashSaleMessages.network } },
            },
          },
        },
        paid: { description: 'Lunas: the page shows the paid purchase; nothing more is read.' },
        expired: {
          description:
            'Kedaluwarsa: the page shows the expired purchase; nothing more is read or checked (a late payment the page reads still turns it).',
          on: { 'transaction.loaded': pageReadPaidOrExpired[0] },
        },
      },
    },
  },
});

export type FlashSaleSnapshot = SnapshotFrom<typeof flashSaleMachine>;
