import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { OrderCodeSchema } from '../../../contract/payment';
import { orderDetailQueryOptions } from '../../api/order-queries';
import { paymentInstructionQueryOptions } from '../../api/payment-queries';
import { InstructionMissing, InstructionScreen } from '../../features/payment/instruction-screen';
import { preloadAppFlow } from '../../flow/app-flow';

/** ?reservasi_kode=CODE; anything unreadable falls back to none (the page then says so). */
const paymentUrlSearchSchema = z.object({
  reservasi_kode: OrderCodeSchema.optional().catch(undefined),
  /** Back from the bank's 3DS page (the gateway appends its own `response`, never trusted). */
  kartu: z.literal('selesai').optional().catch(undefined),
});

export const Route = createFileRoute('/app/payment-url')({
  staticData: { routeName: 'payment-url' },
  validateSearch: paymentUrlSearchSchema,
  loaderDeps: ({ search }) => ({ code: search.reservasi_kode }),
  loader: async ({ context, deps }) => {
    if (deps.code) {
      void context.queryClient.prefetchQuery(orderDetailQueryOptions(deps.code));
      void context.queryClient.prefetchQuery(paymentInstructionQueryOptions(deps.code));
    }
    await preloadAppFlow().catch(() => undefined);
  },
  component: PaymentUrlRoute,
});

function PaymentUrlRoute() {
  const { reservasi_kode: code, kartu } = Route.useSearch();
  if (!code) return <InstructionMissing />;
  return <InstructionScreen key={code} code={code} afterCard={kartu === 'selesai'} />;
}
