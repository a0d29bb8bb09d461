/**
 * Query keys of the customer area, in one place so that an action can refresh exactly the data it
 * changed (docs/product-rules.md: a transaction action refreshes that transaction's cached data).
 */
import type { TransactionStatus } from '@escrow/core/domain/transaction-state';

/** Filters of the transaction list (they are part of its query key). */
export interface TransactionListParams {
  role?: 'buyer' | 'seller';
  status?: TransactionStatus;
  search?: string;
  page?: number;
  per_page?: number;
}

export const customerKeys = {
  all: ['customer'] as const,
  transactions: () => [...customerKeys.all, 'transactions'] as const,
  transactionList: (params: TransactionListParams) => [...customerKeys.transactions(), 'list', params] as const,
  transaction: (id: string) => [...customerKeys.transactions(), 'detail', id] as const,
  dispute: (id: string) => [...customerKeys.transactions(), 'detail', id, 'dispute'] as const,
  payment: (id: string) => [...customerKeys.all, 'payment', id] as const,
  profile: () => [...customerKeys.all, 'profile'] as const,
  ussdPin: () => [...customerKeys.all, 'profile', 'ussd-pin'] as const,
};
