import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fromPromise, type ActorRefFrom } from 'xstate';
import {
  orderMachine,
  type CancelOrderInput,
  type CancelOutcome,
  type LoadOrderInput,
  type LoadOutcome,
  type LookupOrderInput,
  type LookupOutcome,
} from '../../machines/order.machine';
import { api } from '../api/api';
import type { ApiClient } from '../api/client';
import {
  cancelOrder,
  loadOrderOutcome,
  lookupOrder,
  orderDetailQueryOptions,
  orderQueryKey,
} from '../api/order-queries';
import { orderKeyOf, rememberOrderKey } from '../platform/order-keys';
import { useFlowActorRef } from './use-flow-actor';

/**
 * The order machine's effects: the reads go through the query cache (so the payment sheet and
 * the page share one order), the look-up and the cancel call go straight to the API, and a
 * matching look-up's key is kept in this browser.
 */
export function orderMachineWithEffects(queryClient: QueryClient, client: ApiClient = api) {
  return orderMachine.provide({
    actors: {
      loadOrder: fromPromise<LoadOutcome, LoadOrderInput>(({ input }) =>
        loadOrderOutcome(() =>
          queryClient.fetchQuery({
            ...orderDetailQueryOptions(input.code, client),
            ...(input.fresh ? { staleTime: 0 } : {}),
          }),
        ),
      ),
      lookupOrder: fromPromise<LookupOutcome, LookupOrderInput>(async ({ input, signal }) => {
        const outcome = await lookupOrder(input.code, input.contact, signal, client);
        if (outcome.kind === 'ok') queryClient.setQueryData(orderQueryKey(input.code), outcome.order);
        return outcome;
      }),
      cancelOrder: fromPromise<CancelOutcome, CancelOrderInput>(({ input, signal }) =>
        cancelOrder(input.code, input.reason, signal, client),
      ),
    },
    actions: {
      rememberKey: (_, params) => rememberOrderKey(params.code, params.key),
    },
  });
}

export type OrderActor = ActorRefFrom<typeof orderMachine>;

/**
 * The order page's actor, with its effects. Another screen that changes this order (the payment
 * sheet invalidates its query) makes it read the order again.
 */
export function useOrderActor(code: string, guest: boolean): OrderActor {
  const queryClient = useQueryClient();
  const [logic] = useState(() => orderMachineWithEffects(queryClient));
  // Read once: the machine decides from here on (a matching look-up keeps the key itself).
  const [hasKey] = useState(() => orderKeyOf(code) !== null);
  const actor: OrderActor = useFlowActorRef(logic, { input: { code, guest, hasKey } });
  useEffect(() => {
    const key = JSON.stringify(orderQueryKey(code));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      if (JSON.stringify(event.query.queryKey) === key) actor.send({ type: 'order.reload' });
    });
  }, [actor, code, queryClient]);
  return actor;
}
