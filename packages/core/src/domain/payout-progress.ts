/**
 * Where a seller's released money is, from their payout's status: the one rule the web page, its polling
 * and the USSD menus read. A completed sale is not yet paid while its payout is on its way, and one the
 * rail refused stays unpaid until the mediation team acts (retry, or return to the buyer).
 */
export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** `sending`: asked of the rail, no answer yet; `failed`: the rail refused it; `settled`: paid, returned, or no payout. */
export type PayoutProgress = 'sending' | 'failed' | 'settled';

export function payoutProgress(status: PayoutStatus | null | undefined): PayoutProgress {
  if (status === 'pending' || status === 'processing') return 'sending';
  if (status === 'failed') return 'failed';
  return 'settled';
}
