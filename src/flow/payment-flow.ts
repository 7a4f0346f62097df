import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { OrderDetail } from '../../contract/order';
import {
  paymentMachine,
  type CardPayInput,
  type ChangePaymentInput,
  type CheckoutData,
  type InstructionData,
  type OrderCodeInput,
  type OrderRead,
  type PaymentPage,
} from '../../machines/payment.machine';
import { api } from '../api/api';
import type { ApiClient } from '../api/client';
import { friendlyErrorMessage } from '../api/errors';
import {
  changePaymentMethod,
  checkPaymentStatus,
  payByCard,
  paymentInstructionQueryOptions,
  paymentMethodsQueryOptions,
  simulatePayment,
} from '../api/payment-queries';
import { orderDetailQueryOptions, orderQueryKey } from '../api/order-queries';
import { openBankPage } from '../platform/card-gateway';
import { useLayoutMode } from '../platform/layout-mode';
import { useFlowActorRef } from './use-flow-actor';

/**
 * The payment machine's effects, supplied with `.provide()`: reads go through the query cache
 * (a route loader's prefetch is reused, not fetched twice), commands through payment-queries.
 * Loads reject with the passenger's words; the machine shows them as they are.
 */

/**
 * Time left to pay, by the server's clock: batas_bayar - waktu_server, less how long ago the reply
 * came (a cached read is a few seconds old). The phone's clock measures only that age.
 */
export function remainingToPay(order: OrderDetail, receivedAt: number, now: number): number {
  const left = Date.parse(order.batas_bayar) - Date.parse(order.waktu_server) - Math.max(0, now - receivedAt);
  return Number.isFinite(left) && left > 0 ? Math.round(left) : 0;
}

function loadError(error: unknown): Error {
  return new Error(friendlyErrorMessage(error));
}

function isPayable(read: OrderRead): boolean {
  return read.order.status === 'pending' && read.order.flag_lunas === 0 && read.remainingMs > 0;
}

export function paymentMachineWithEffects(queryClient: QueryClient, client: ApiClient = api) {
  /** The order from the cache or the server; `fresh` skips the cache ("Cek Status Pembayaran"). */
  async function readOrder(code: string, fresh = false): Promise<OrderRead> {
    const options = orderDetailQueryOptions(code, client);
    const order = await queryClient.fetchQuery(fresh ? { ...options, staleTime: 0 } : options);
    const receivedAt = queryClient.getQueryState(orderQueryKey(code))?.dataUpdatedAt ?? Date.now();
    return { order, remainingMs: remainingToPay(order, receivedAt, Date.now()) };
  }

  return paymentMachine.provide({
    actors: {
      loadCheckout: fromPromise<CheckoutData, OrderCodeInput>(async ({ input }) => {
        const [order, methods] = await Promise.allSettled([
          readOrder(input.code),
          queryClient.fetchQuery(paymentMethodsQueryOptions(input.code, client)),
        ]);
        if (order.status === 'rejected') throw loadError(order.reason);
        if (methods.status === 'fulfilled') return { ...order.value, methods: methods.value };
        // A paid, cancelled or expired order needs no methods: its page says what happened.
        if (isPayable(order.value)) throw loadError(methods.reason);
        return { ...order.value, methods: [] };
      }),
      loadInstruction: fromPromise<InstructionData, OrderCodeInput>(async ({ input }) => {
        const [order, instruction] = await Promise.allSettled([
          readOrder(input.code),
          queryClient.fetchQuery(paymentInstructionQueryOptions(input.code, client)),
        ]);
        if (order.status === 'rejected') throw loadError(order.reason);
        if (instruction.status === 'fulfilled') return { ...order.value, instruction: instruction.value };
        if (isPayable(order.value)) throw loadError(instruction.reason);
        return { ...order.value, instruction: null };
      }),
      loadOrder: fromPromise<OrderRead, OrderCodeInput>(async ({ input }) => {
        try {
          return await readOrder(input.code, true);
        } catch (error) {
          throw loadError(error);
        }
      }),
      checkPayment: fromPromise<OrderRead, OrderCodeInput>(async ({ input, signal }) => {
        try {
          await checkPaymentStatus(input.code, signal, client);
        } catch {
          // The gateway's word is a bonus: the order as the server has it still answers.
        }
        try {
          return await readOrder(input.code, true);
        } catch (error) {
          throw loadError(error);
        }
      }),
      changePayment: fromPromise(({ input, signal }: { input: ChangePaymentInput; signal: AbortSignal }) =>
        changePaymentMethod(queryClient, input.code, input.methodCode, signal, client),
      ),
      simulatePayment: fromPromise(({ input, signal }: { input: OrderCodeInput; signal: AbortSignal }) =>
        simulatePayment(queryClient, input.code, signal, client),
      ),
      payByCard: fromPromise(({ input, signal }: { input: CardPayInput; signal: AbortSignal }) =>
        payByCard(queryClient, input.code, input.token, signal, client),
      ),
    },
  });
}

export type PaymentActor = ActorRefFrom<typeof paymentMachine>;

/** Where the bank's 3DS page sends the traveller back: this order's payment page, told to check. */
export function cardReturnUrl(code: string): string {
  const search = new URLSearchParams({ reservasi_kode: code, kartu: 'selesai' });
  return `${window.location.origin}/app/payment-url?${search.toString()}`;
}

/**
 * The payment actor of one page, with its effects and the app's inspector (its navigation and
 * toasts reach the router and the toaster). Key the screen by the order code: a new code is a new
 * actor. A hidden tab's timers are slowed down: shown again, the machine asks the server clock.
 */
export function usePaymentActor(code: string, page: PaymentPage, afterCard = false): PaymentActor {
  const queryClient = useQueryClient();
  const layout = useLayoutMode();
  const logic = useMemo(() => paymentMachineWithEffects(queryClient), [queryClient]);
  const actor: PaymentActor = useFlowActorRef(logic, { input: { code, page, layout, afterCard } });
  useEffect(() => {
    // The bank's 3DS page brings the traveller back to this page, which then asks the gateway first.
    const subscription = actor.on('card.authenticate', ({ url }) => openBankPage(url, cardReturnUrl(code)));
    return () => subscription.unsubscribe();
  }, [actor, code]);
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'countdown.sync' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);
  return actor;
}
