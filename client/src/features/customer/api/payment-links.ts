/**
 * Payment links (the seller's) and release codes (the buyer reads and resends; the seller enters it):
 * docs/contract.md "Payment links and release codes".
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreatePaymentLinkBody, paymentLinkWire, releaseCodeWire } from '@escrow/core/contract/payment-links';
import type { TransactionWire } from '@escrow/core/contract/transactions';
import { api } from '@/lib/api';
import { customerKeys } from './keys';

export type PaymentLink = z.infer<typeof paymentLinkWire>;
export type ReleaseCode = z.infer<typeof releaseCodeWire>;

const linkKeys = {
  list: () => [...customerKeys.all, 'payment-links'] as const,
  releaseCode: (transactionId: string) => [...customerKeys.transactions(), 'detail', transactionId, 'release-code'] as const,
};

export const paymentLinksQueryOptions = () =>
  queryOptions({
    queryKey: linkKeys.list(),
    queryFn: ({ signal }) => api<{ payment_links: PaymentLink[] }>('/api/payment-links', { signal }).then((data) => data.payment_links),
  });

export function usePaymentLinks() {
  return useQuery(paymentLinksQueryOptions());
}

export function useCreatePaymentLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentLinkBody) =>
      api<{ payment_link: PaymentLink }>('/api/payment-links', { method: 'POST', body, idempotent: 'outlives-page' }).then(
        (data) => data.payment_link,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: linkKeys.list() }),
  });
}

export function useDisablePaymentLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ payment_link: PaymentLink }>(`/api/payment-links/${encodeURIComponent(code)}/disable`, {
        method: 'POST',
        idempotent: true,
      }).then((data) => data.payment_link),
    onSuccess: () => client.invalidateQueries({ queryKey: linkKeys.list() }),
  });
}

/** The buyer's release code while the money waits for hand-over; refetched when the transaction changes. */
export function useReleaseCode(transactionId: string, enabled: boolean, status: string) {
  return useQuery({
    queryKey: [...linkKeys.releaseCode(transactionId), status],
    queryFn: ({ signal }) =>
      api<{ release_code: ReleaseCode }>(`/api/transactions/${encodeURIComponent(transactionId)}/release_code`, { signal }).then(
        (data) => data.release_code,
      ),
    enabled,
  });
}

export function useResendReleaseCode(transactionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ release_code: ReleaseCode }>(`/api/transactions/${encodeURIComponent(transactionId)}/release_code/resend`, {
        method: 'POST',
        idempotent: true,
      }).then((data) => data.release_code),
    onSuccess: () => client.invalidateQueries({ queryKey: linkKeys.releaseCode(transactionId) }),
  });
}

export function useReleaseWithCode(transactionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ transaction: TransactionWire }>(`/api/transactions/${encodeURIComponent(transactionId)}/release_with_code`, {
        method: 'POST',
        body: { code },
        idempotent: true,
      }).then((data) => data.transaction),
    // A refused code changes the transaction too: its timeline records each wrong try and the burning.
    onSettled: () => client.invalidateQueries({ queryKey: customerKeys.transactions() }),
  });
}
