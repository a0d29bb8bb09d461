/**
 * The one TanStack Query client of the web app. It lives in lib/ so that lib/ and the features can use it
 * without importing app/ (which imports them: a folder cycle).
 */
import { QueryClient } from '@tanstack/react-query';

/** docs/product-rules.md §4 "Cache": data kept 60 s after last use; no refetch on focus by default (live pages poll). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: 60_000, staleTime: 10_000, refetchOnWindowFocus: false, retry: 1 },
  },
});
