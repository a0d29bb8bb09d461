/** GET /api/transactions (the caller's, as buyer or seller) and GET /api/transactions/{id}. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { payoutProgress, refundProgress, type PayoutStatus } from '@escrow/core/domain/payout-progress';
import { isTerminal, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import type {
  createTransactionBody,
  listTransactionsResponse,
  transactionDetailResponse,
  TransactionWire,
} from '@escrow/core/contract/transactions';
import { api } from '@/lib/api';
import { customerKeys, type TransactionListParams } from './keys';

export type { TransactionListParams };

export type TransactionList = z.infer<typeof listTransactionsResponse>['data'];
export type TransactionListItem = TransactionList['transactions'][number];
export type TransactionDetail = z.infer<typeof transactionDetailResponse>['data'];
export type Installment = NonNullable<TransactionDetail['installments']>[number];
export type DisputeSummary = NonNullable<TransactionDetail['dispute']>;
export type TimelineEntry = TransactionDetail['timeline'][number];
export type { TransactionWire };

export function getTransactions(params: TransactionListParams, signal?: AbortSignal): Promise<TransactionList> {
  return api<TransactionList>('/api/transactions', { query: { ...params }, signal });
}

export const transactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: customerKeys.transactionList(params),
    queryFn: ({ signal }) => getTransactions(params, signal),
    placeholderData: keepPreviousData,
    // A list changes only by someone else's hand too; a slower beat is enough for a summary.
    refetchInterval: (query) =>
      query.state.data?.transactions.some((txn) => canStillChange(txn.status, txn.seller_payout_status)) ? LIVE_POLL_MS * 2 : false,
  });

export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQueryOptions(params));
}

export function getTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetail> {
  return api<TransactionDetail>(`/api/transactions/${encodeURIComponent(id)}`, { signal });
}

/** How often an open page asks again while something can still change (docs/ARCHITECTURE.md "Live pages"). */
export const LIVE_POLL_MS = 3000;

/**
 * Whether a transaction can still change by someone else's hand (the other party, an M-Pesa callback, the
 * auto-release job): any non-final status, and a final one whose seller payout is still on its way. The
 * list and the detail page ask the same question: a list row read "payout on its way" until reloaded.
 */
export function canStillChange(status: TransactionStatus, sellerPayoutStatus: PayoutStatus | null | undefined): boolean {
  return !isTerminal(status) || payoutProgress(sellerPayoutStatus) === 'sending';
}

/** The detail page asks again also while a refund is on its way, so that its sentence follows the rail's answer. */
export function isLive(detail: TransactionDetail | undefined): boolean {
  if (!detail) return false;
  return canStillChange(detail.transaction.status, detail.seller_payout?.status) || refundProgress(detail.timeline) === 'sending';
}

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.transaction(id),
    queryFn: ({ signal }) => getTransaction(id, signal),
    // Polling, not a push channel: any app node answers it from PostgreSQL, and it stops once final.
    refetchInterval: (query) => (isLive(query.state.data) ? LIVE_POLL_MS : false),
  });

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}

export type CreateTransactionRequest = z.input<typeof createTransactionBody>;

/** POST /api/transactions: the caller is the buyer. A retry after no answer cannot create a second one. */
export async function createTransaction(body: CreateTransactionRequest): Promise<TransactionWire> {
  const data = await api<{ transaction: TransactionWire }>('/api/transactions', {
    method: 'POST',
    body,
    idempotent: 'outlives-page',
  });
  return data.transaction;
}
