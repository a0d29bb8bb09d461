/**
 * Query keys of the customer area, in one place so that an action can refresh exactly the data it
 * changed (spec §4 "Cache": transaction actions refresh that transaction's cached data).
 */
import type { TransactionListParams } from './transactions';

export const customerKeys = {
  all: ['customer'] as const,
  transactions: () => [...customerKeys.all, 'transactions'] as const,
  transactionList: (params: TransactionListParams) => [...customerKeys.transactions(), 'list', params] as const,
  transaction: (id: string) => [...customerKeys.transactions(), 'detail', id] as const,
  dispute: (id: string) => [...customerKeys.transactions(), 'detail', id, 'dispute'] as const,
  payment: (id: string) => [...customerKeys.all, 'payment', id] as const,
  profile: () => [...customerKeys.all, 'profile'] as const,
  charges: (amount: string, type: string) => ['charges', 'calculate', amount, type] as const,
};
