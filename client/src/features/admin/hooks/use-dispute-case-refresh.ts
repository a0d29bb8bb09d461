/** What a ruling or a confirmed return changes on the dashboard, reloaded in one place. */
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { trpc } from '@/lib/trpc';

/** Reloads the dispute list, the open case and the dashboard's tRPC queries (figures, alerts, feed). */
export function useDisputeCaseRefresh(disputeId: string): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'dispute', disputeId] }),
      queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }),
    ]);
}

/** The server's 409 on a dispute action: another admin (or the seller) acted first, and what they did stands. */
export const isAlreadyDone = (error: unknown): boolean => error instanceof ApiError && error.status === 409;
