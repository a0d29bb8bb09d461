/**
 * The one TanStack Query cache of the page: data kept 60 s after its last use, no polling or refetch on
 * focus unless a query asks. In lib/ so that hooks and API clients can clear or prime it without importing
 * the app shell (which imports the features).
 */
import { QueryClient } from '@tanstack/react-query';

/**
 * A failed read is tried once more only when asking again could help: no answer, a server fault, a timeout.
 * A refusal (400, 403, 404, 429…) stays the same, so its message shows at once instead of after a retry.
 * The REST client's errors carry `status`, tRPC's `data.httpStatus`.
 */
export function isWorthRetrying(failureCount: number, error: unknown): boolean {
  const failure = error as { status?: number; data?: { httpStatus?: number } } | null;
  const status = failure?.status ?? failure?.data?.httpStatus;
  return failureCount < 1 && (status === undefined || status >= 500 || status === 408);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: 60_000, staleTime: 10_000, refetchOnWindowFocus: false, retry: isWorthRetrying },
  },
});
