/**
 * The TanStack Query provider, for the pages and components that use queries or mutations (the sign-in
 * pages, the contact form, the USSD simulator, the signed-in areas). It is not at the root of the app: the
 * public pages' first load then carries no Query code (docs/adr/0015-page-weight.md). Every provider gives
 * the same client (./query-client.ts), so the cache is one for the whole page.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
