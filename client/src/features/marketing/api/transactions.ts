import type { z } from 'zod';
import type { createTransactionBody, TransactionWire } from '@escrow/core/contract/transactions';
import { api } from '@/lib/api';

export type CreateTransactionRequest = z.input<typeof createTransactionBody>;

/** POST /api/transactions (signed in; the caller is the buyer). A retry after no answer cannot create a second one. */
export async function createTransaction(body: CreateTransactionRequest): Promise<TransactionWire> {
  const data = await api<{ transaction: TransactionWire }>('/api/transactions', {
    method: 'POST',
    body,
    idempotent: 'outlives-page',
  });
  return data.transaction;
}
