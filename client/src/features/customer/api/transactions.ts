/** GET /api/transactions (the caller's, as buyer or seller) and GET /api/transactions/{id}. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  createTransactionBody,
  listTransactionsResponse,
  transactionDetailResponse,
  TransactionWire,
} from '@escrow/core/contract/transactions';
import { api, newIdempotencyKey } from '@/lib/api';
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
  });

export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQueryOptions(params));
}

export function getTransaction(id: string, signal?: AbortSignal): Promise<TransactionDetail> {
  return api<TransactionDetail>(`/api/transactions/${encodeURIComponent(id)}`, { signal });
}

export const transactionQueryOptions = (id: string) =>
  queryOptions({ queryKey: customerKeys.transaction(id), queryFn: ({ signal }) => getTransaction(id, signal) });

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}

export type CreateTransactionRequest = z.input<typeof createTransactionBody>;

/** POST /api/transactions: the caller is the buyer. One idempotency key per attempt. */
export async function createTransaction(body: CreateTransactionRequest): Promise<TransactionWire> {
  const data = await api<{ transaction: TransactionWire }>('/api/transactions', {
    method: 'POST',
    body,
    idempotencyKey: newIdempotencyKey(),
  });
  return data.transaction;
}
