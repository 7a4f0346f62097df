import { createFileRoute, redirect } from '@tanstack/react-router';
import { scheduleSearchSchema } from '../lib/schedule-search';

/** Spec section 2: `/tiket-bus/:return?` is an alias of the schedule list; one canonical URL keeps one screen. */
export const Route = createFileRoute('/tiket-bus/{-$return}')({
  validateSearch: scheduleSearchSchema,
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: '/app/schedule/{-$return}', params: { return: params.return }, search, replace: true });
  },
});
