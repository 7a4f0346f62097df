import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { preloadAppFlow } from '../../flow/app-flow';
import { TermsPage } from '../../features/booking/standalone-pages';

/** operator_kode: whose terms to show; without it, the operators of the trip being booked. */
const searchSchema = z.object({
  operator_kode: z.string().min(1).max(32).optional().catch(undefined),
});

export const Route = createFileRoute('/app/terms-condition-standalone')({
  staticData: { routeName: 'terms-condition-standalone' },
  validateSearch: searchSchema,
  loader: async () => {
    await preloadAppFlow().catch(() => undefined);
  },
  component: TermsConditionStandaloneScreen,
});

function TermsConditionStandaloneScreen() {
  return <TermsPage operatorCode={Route.useSearch().operator_kode} />;
}
