/**
 * The events a transaction's timeline records, one per transition and money movement. Shared so the web
 * client names every one of them (its catalogs are checked against this list).
 * docs/product-rules.md §4: payment_completed / payment_failed are type 'payment'; others contain
 * initiated / confirmed / failed.
 */
export const TIMELINE_EVENT_TYPES = [
  'transaction_initiated',
  'payment_initiated',
  'payment_completed',
  'payment_failed',
  'installment_paid',
  'transaction_funded',
  'dispatch_confirmed',
  'delivery_confirmed',
  'payment_released',
  'auto_release_confirmed',
  'payout_initiated',
  'payout_completed',
  'payout_failed',
  'transaction_cancelled',
  'refund_initiated',
  'refund_completed',
  'refund_failed',
  'dispute_initiated',
  'dispute_evidence_added',
  'dispute_resolved',
  'withdrawal_initiated',
  'withdrawal_confirmed',
  'withdrawal_declined',
  /** The seller did not answer a withdrawal request by its respond-by: treated as declined (the same dispute follows). */
  'withdrawal_lapsed',
  /** A request still waiting when its plan moved on (a dispute, the seller cancelling): closed unanswered, `closed_by` says which. */
  'withdrawal_closed',
  'installment_reminder_sent',
  'installment_missed',
  'release_code_sent',
  'release_code_rejected',
  'release_code_burnt',
  'released_with_code',
  'payout_returned',
] as const;

export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/** A dispute's response is stored as a `dispute_evidence_added` event (with `response: true`); it is not evidence. */
export const isDisputeResponse = (entry: { event_type: string; data?: Record<string, unknown> | null }) =>
  entry.event_type === 'dispute_evidence_added' && entry.data?.response === true;

/** The `type` shown beside an event: its family. */
export function eventCategory(eventType: string): string {
  const family = eventType.split('_')[0] ?? 'transaction';
  if (['payment', 'payout', 'refund', 'dispute', 'withdrawal', 'installment'].includes(family)) return family;
  if (eventType === 'payment_released') return 'payment';
  return 'transaction';
}
