/**
 * Mobile-money payments (M-Pesa or Airtel Money): POST /api/payments/initiate sends the prompt; GET /api/payments/{id}/status is
 * polled every 1.5 s until the customer's answer arrives (completed, failed or cancelled).
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import type { paymentWire } from '@escrow/core/contract/transactions';
import { api } from '@/lib/api';
import { customerKeys } from './keys';
import { useRefreshTransaction } from './actions';

export type Payment = z.infer<typeof paymentWire>;
export type PaymentState = Payment['status'];

export const PAYMENT_POLL_MS = 1500;

export const isPaymentSettled = (status: PaymentState | undefined) =>
  status === 'completed' || status === 'failed' || status === 'cancelled';

export interface InitiatePaymentRequest {
  transaction_id: string;
  phone_number?: string;
  /** Whole shillings as a string; only Lipa Mdogo Mdogo may choose the amount. */
  amount?: string;
  /** By default the paying phone's network. */
  rail?: Payment['rail'];
}

export async function initiatePayment(body: InitiatePaymentRequest): Promise<Payment> {
  const data = await api<{ payment: Payment }>('/api/payments/initiate', { method: 'POST', body, idempotent: true });
  return data.payment;
}

export function useInitiatePayment() {
  const refresh = useRefreshTransaction();
  // The request itself is on the timeline ("payment initiated").
  return useMutation({ mutationFn: initiatePayment, onSuccess: (payment) => refresh(payment.transaction_id) });
}

export function getPaymentStatus(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  return api<{ payment: Payment }>(`/api/payments/${encodeURIComponent(paymentId)}/status`, { signal }).then((data) => data.payment);
}

export const paymentStatusQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: customerKeys.payment(paymentId),
    queryFn: ({ signal }) => getPaymentStatus(paymentId, signal),
    staleTime: 0,
    // Polling stops by itself once M-Pesa has answered; a failed poll is retried on the next tick.
    refetchInterval: (query) => (isPaymentSettled(query.state.data?.status) ? false : PAYMENT_POLL_MS),
    refetchIntervalInBackground: true,
    retry: false,
  });

/** The live status of one payment; once M-Pesa has answered, the transaction is refetched. */
export function usePaymentStatus(paymentId: string | null, transactionId: string) {
  const refresh = useRefreshTransaction();
  const query = useQuery({ ...paymentStatusQueryOptions(paymentId ?? ''), enabled: !!paymentId });
  const settled = isPaymentSettled(query.data?.status);
  useEffect(() => {
    if (settled) void refresh(transactionId);
    // Only the moment of settling matters; `refresh` is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled, transactionId]);
  return { ...query, settled };
}
