import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import type { PaymentPage } from '../../../machines/payment.machine';
import { useFlowInspect } from '../../flow/app-flow';
import { paymentMachineWithEffects } from '../../flow/payment-flow';
import { useLayoutMode } from '../../platform/layout-mode';

/**
 * The payment actor of one page: started with the app's inspector, so its navigation and toasts
 * reach the router and the toaster. Key the screen by the order code: a new code is a new actor.
 */
export function usePaymentActor(code: string, page: PaymentPage) {
  const queryClient = useQueryClient();
  const layout = useLayoutMode();
  const inspect = useFlowInspect();
  const logic = useMemo(() => paymentMachineWithEffects(queryClient), [queryClient]);
  const actor = useActorRef(logic, { input: { code, page, layout }, ...(inspect ? { inspect } : {}) });
  useEffect(() => {
    // A hidden tab's timers are slowed down: shown again, the machine asks the server clock.
    const onVisible = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'countdown.sync' });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor]);
  return actor;
}

export type PaymentActor = ReturnType<typeof usePaymentActor>;
