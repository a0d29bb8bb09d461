import { type Cents, parseAmount } from './money.ts';

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

/** A timeline line as the transaction detail gives it (GET /api/transactions/{id}): its type and data. */
export interface TimelineLine {
  event_type: string;
  data?: Record<string, unknown>;
}

/**
 * Where a transaction's refunds to the buyer are, from its whole timeline as the detail gives it, by amount:
 * each refund started (`refund_initiated`, to one phone or more) is sent as one payout a phone, which the rail
 * pays (`refund_completed`) or refuses for good (`refund_failed`) until the mediation team sends it again
 * (`refund_initiated` with `retried`). `settled` once the rail has paid all that was started (or none was),
 * `failed` while a refused payout has not been sent again, `sending` otherwise.
 */
export function refundProgress(timeline: readonly TimelineLine[]): PayoutProgress {
  let started: Cents = 0n;
  let paid: Cents = 0n;
  let refused: Cents = 0n;
  for (const line of timeline) {
    const amount = parseAmount(line.data?.amount) ?? 0n;
    if (line.event_type === 'refund_initiated') {
      if (line.data?.retried === true) refused -= amount;
      else started += amount;
    } else if (line.event_type === 'refund_completed') paid += amount;
    else if (line.event_type === 'refund_failed') refused += amount;
  }
  if (paid >= started) return 'settled';
  return refused > 0n ? 'failed' : 'sending';
}
