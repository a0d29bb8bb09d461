/**
 * The typed tRPC client for the admin dashboard (docs/ARCHITECTURE.md "Conventions": the admin queries go over tRPC): the same
 * bearer token as the REST client, one batched HTTP call per render, and TanStack Query options from
 * `trpc.admin.<procedure>.queryOptions(input)`. Types come from the server's router (type-only import).
 */
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/src/trpc/root';
import { queryClient } from '@/lib/query-client';
import { authStorage } from './auth-storage';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A 401 means the session ended: clear it and go to /login, as the REST client does. */
async function fetchWithSession(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.status === 401 && authStorage.token()) {
    authStorage.clear();
    if (!window.location.pathname.startsWith('/login')) {
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
  }
  return response;
}

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      headers() {
        const token = authStorage.token();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      fetch: fetchWithSession,
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

/** The REST envelope's code (VALIDATION_ERROR, FORBIDDEN, …) of a tRPC error, when there is one. */
export function trpcErrorCode(error: unknown): string | undefined {
  if (error instanceof TRPCClientError) return (error.data as { appCode?: string } | undefined)?.appCode;
  return undefined;
}
