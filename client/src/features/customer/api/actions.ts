/**
 * The transaction actions (docs/contract.md "Transactions" and the lead's extra endpoints). Which ones a
 * user may take comes from the transaction's `allowed_actions`; this file only knows how to call them.
 * After any action the transaction, its dispute and the lists are refetched (docs/product-rules.md §4 "Cache").
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DISPUTE_REASONS, TransactionWire } from '@escrow/core/contract/transactions';
import { api } from '@/lib/api';
import { customerKeys } from './keys';

export type DisputeType = (typeof DISPUTE_REASONS)[number];

export type TransactionActionRequest =
  | { action: 'dispatch'; courier?: string; trackingNumber?: string; note?: string }
  | { action: 'release' }
  | { action: 'cancel'; reason?: string }
  | { action: 'dispute'; reason: string; disputeType: DisputeType }
  | { action: 'request_withdrawal'; reason: string }
  | { action: 'accept_withdrawal' }
  | { action: 'decline_withdrawal' }
  | { action: 'confirm_return' };

export type TransactionActionName = TransactionActionRequest['action'];

function endpoint(request: TransactionActionRequest): { path: string; body: Record<string, unknown> } {
  switch (request.action) {
    case 'dispatch':
      return {
        path: 'dispatch',
        body: {
          ...(request.courier ? { courier: request.courier } : {}),
          ...(request.trackingNumber ? { tracking_number: request.trackingNumber } : {}),
          ...(request.note ? { note: request.note } : {}),
        },
      };
    case 'release':
      return { path: 'release_payment', body: {} };
    case 'cancel':
      return { path: 'cancel', body: request.reason ? { reason: request.reason } : {} };
    case 'dispute':
      return { path: 'dispute', body: { reason: request.reason, dispute_type: request.disputeType } };
    case 'request_withdrawal':
      return { path: 'withdrawal_request', body: { reason: request.reason } };
    case 'accept_withdrawal':
      return { path: 'withdrawal_response', body: { accept: true } };
    case 'decline_withdrawal':
      return { path: 'withdrawal_response', body: { accept: false } };
    case 'confirm_return':
      return { path: 'confirm_return', body: {} };
  }
}

/** Runs one action; a retry reuses its Idempotency-Key only while the action has had no answer (lib/idempotency-keys.ts). */
export async function runTransactionAction(transactionId: string, request: TransactionActionRequest): Promise<TransactionWire> {
  const { path, body } = endpoint(request);
  const data = await api<{ transaction: TransactionWire }>(`/api/transactions/${encodeURIComponent(transactionId)}/${path}`, {
    method: 'POST',
    body,
    idempotent: true,
  });
  return data.transaction;
}

/** Everything cached about one transaction, and every list it may appear in. */
export function useRefreshTransaction() {
  const queryClient = useQueryClient();
  return (transactionId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.transaction(transactionId) }),
      queryClient.invalidateQueries({ queryKey: [...customerKeys.transactions(), 'list'] }),
    ]);
}

export function useTransactionAction(transactionId: string) {
  const refresh = useRefreshTransaction();
  return useMutation({
    mutationFn: (request: TransactionActionRequest) => runTransactionAction(transactionId, request),
    onSettled: () => refresh(transactionId),
  });
}
