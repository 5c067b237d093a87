import { MutationCache, QueryClient } from '@tanstack/react-query';
import { getErrorMessage } from './api-client';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** false when the screen shows the error itself (inline form errors), so no toast doubles it. */
      errorToast?: boolean;
    };
  }
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Spec §9: cached data counts as fresh for 5 seconds.
        staleTime: 5_000,
        // The HTTP client already retries what the spec says is worth retrying.
        retry: false,
      },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      // Toasts at the edges: every failed mutation is reported once, unless its screen opts out.
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false) return;
        toast.error(getErrorMessage(error));
      },
    }),
  });
}
