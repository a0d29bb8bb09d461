/**
 * The one TanStack Query cache of the page: data kept 60 s after its last use, no polling or refetch on
 * focus unless a query asks. In lib/ so that hooks and API clients can clear or prime it without importing
 * the app shell (which imports the features).
 */
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: 60_000, staleTime: 10_000, refetchOnWindowFocus: false, retry: 1 },
  },
});
