import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/**
 * Retries only what a retry can fix: a dropped connection, once. A server answer (an error
 * envelope, a reply that does not parse) is shown straight away with its "Coba Lagi" button.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isApiError(error) && error.code === 'NETWORK' && failureCount < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
