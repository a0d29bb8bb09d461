/**
 * The admin calls that docs/contract.md "Admin" names as REST only (disputes, the SMS outbox, contact messages,
 * the profile) and the CSV downloads. Shapes come from the server's contract, never re-typed.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminClosedPaymentResponse, adminPayoutResponse, PayoutAction } from '@escrow/core/contract/admin';
import type { adminDisputeDetailResponse, adminDisputesResponse, resolveDisputeResponse } from '@escrow/core/contract/disputes';
import type { contactListResponse, contactMessageResponse } from '@escrow/core/contract/contact';
import type { smsOutboxResponse } from '@escrow/core/contract/notifications';
import type { profileResponse } from '@escrow/core/contract/auth';
import { api, ApiError } from '@/lib/api';
import { authStorage } from '@/lib/auth-storage';

type DataOf<T extends z.ZodType> = z.infer<T> extends { data: infer D } ? D : never;

export type DisputeList = DataOf<typeof adminDisputesResponse>;
export type DisputeListItem = DisputeList['disputes'][number];
export type DisputeDetail = DataOf<typeof adminDisputeDetailResponse>;
export type ResolvedDispute = DataOf<typeof resolveDisputeResponse>;
export type SmsOutbox = DataOf<typeof smsOutboxResponse>;
export type ContactList = DataOf<typeof contactListResponse>;
export type ContactMessage = ContactList['messages'][number];
export type Profile = DataOf<typeof profileResponse>;
export type AdminPayout = DataOf<typeof adminPayoutResponse>['payout'];
export type AdminClosedPayment = DataOf<typeof adminClosedPaymentResponse>['payment'];

export interface DisputeFilters {
  status?: 'open' | 'awaiting_return' | 'resolved';
  page: number;
  per_page: number;
}

export const adminRest = {
  disputes: (filters: DisputeFilters) =>
    queryOptions({
      queryKey: ['admin', 'disputes', filters],
      queryFn: ({ signal }) => api<DisputeList>('/api/admin/disputes', { query: { ...filters }, signal }),
    }),
  dispute: (id: string) =>
    queryOptions({
      queryKey: ['admin', 'dispute', id],
      queryFn: ({ signal }) => api<DisputeDetail>(`/api/admin/disputes/${encodeURIComponent(id)}`, { signal }),
    }),
  resolveDispute: (id: string, body: { outcome: 'release_seller' | 'refund_buyer' | 'split'; buyer_amount?: string; note: string }) =>
    api<ResolvedDispute>(`/api/admin/disputes/${encodeURIComponent(id)}/resolve`, { method: 'POST', body }),
  /** After a refund ruling on a dispatched item: the item came back, confirmed for a silent seller (audited on the server). */
  confirmReturn: (transactionId: string) =>
    api<unknown>(`/api/transactions/${encodeURIComponent(transactionId)}/confirm_return`, { method: 'POST', body: {} }),
  /** A failed payout: send it again, or give its money back to the buyer (audited on the server). */
  resolvePayout: (id: string, action: PayoutAction) =>
    api<{ payout: AdminPayout }>(`/api/admin/payouts/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      ...(action === 'return_to_buyer' ? { body: {} } : {}),
    }),
  /** A payment the rail never confirmed, closed as not received once its statement shows none (audited on the server). */
  closePaymentNotReceived: (id: string) =>
    api<{ payment: AdminClosedPayment }>(`/api/admin/payments/${encodeURIComponent(id)}/close_not_received`, { method: 'POST', body: {} }),
  sms: (filters: { phone?: string; limit: number }) =>
    queryOptions({
      queryKey: ['admin', 'sms', filters],
      queryFn: ({ signal }) => api<SmsOutbox>('/api/admin/sms', { query: { ...filters }, signal }),
    }),
  contactMessages: (filters: { status?: 'new' | 'read' | 'resolved'; topic?: string; page: number; per_page: number }) =>
    queryOptions({
      queryKey: ['admin', 'contact-messages', filters],
      queryFn: ({ signal }) => api<ContactList>('/api/admin/contact-messages', { query: { ...filters }, signal }),
    }),
  updateContactMessage: (id: string, status: 'new' | 'read' | 'resolved') =>
    api<DataOf<typeof contactMessageResponse>>(`/api/admin/contact-messages/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { status },
    }),
  profile: () =>
    queryOptions({
      queryKey: ['admin', 'profile'],
      queryFn: ({ signal }) => api<Profile>('/api/auth/profile', { signal }),
      staleTime: 60_000,
    }),
  updateProfile: (body: { first_name?: string; last_name?: string; email?: string }) =>
    api<Profile>('/api/auth/profile', { method: 'PUT', body }),
};

/** GETs a file with the bearer token and hands it to the browser as a download (or opens it). */
export async function downloadWithToken(
  path: string,
  options: { query?: Record<string, string | number | undefined>; fileName?: string; open?: boolean } = {},
) {
  const { blob, fileName } = await fetchWithToken(path, options);
  saveBlob(blob, options.fileName ?? fileName ?? 'download', options.open);
}

/** A file the API serves only with the bearer token (evidence, exports), as a blob. */
export async function fetchWithToken(
  path: string,
  options: { query?: Record<string, string | number | undefined>; signal?: AbortSignal } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const token = authStorage.token();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: options.signal ?? null });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
    throw new ApiError(body?.message ?? `Download failed (${response.status})`, response.status, body?.code ?? 'UNKNOWN');
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}

export function saveBlob(blob: Blob, fileName: string, open = false): void {
  const href = URL.createObjectURL(blob);
  if (open) {
    window.open(href, '_blank', 'noopener');
  } else {
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
