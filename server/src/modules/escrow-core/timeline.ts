/** Timeline events: every transition and money movement appends one, in the same database transaction. */
import type { Prisma, Tx } from '../../db/prisma.ts';

/** Event types (docs/product-rules.md §4: payment_completed / payment_failed are type 'payment'; others contain initiated / confirmed / failed). */
export type TimelineEventType =
  | 'transaction_initiated'
  | 'payment_initiated'
  | 'payment_completed'
  | 'payment_failed'
  | 'installment_paid'
  | 'transaction_funded'
  | 'dispatch_confirmed'
  | 'delivery_confirmed'
  | 'payment_released'
  | 'auto_release_confirmed'
  | 'payout_initiated'
  | 'payout_completed'
  | 'payout_failed'
  | 'transaction_cancelled'
  | 'refund_initiated'
  | 'refund_completed'
  | 'refund_failed'
  | 'dispute_initiated'
  | 'dispute_evidence_added'
  | 'dispute_resolved'
  | 'withdrawal_initiated'
  | 'withdrawal_confirmed'
  | 'withdrawal_declined'
  | 'installment_reminder_sent'
  | 'installment_missed'
  | 'release_code_sent'
  | 'release_code_rejected'
  | 'release_code_burnt'
  | 'released_with_code';

export interface TimelineEntry {
  transactionId: string;
  eventType: TimelineEventType;
  description: string;
  actorId?: string | null;
  data?: Record<string, unknown>;
}

export async function appendEvent(tx: Tx, entry: TimelineEntry): Promise<void> {
  await tx.timelineEvent.create({
    data: {
      transactionId: entry.transactionId,
      eventType: entry.eventType,
      description: entry.description,
      actorId: entry.actorId ?? null,
      data: (entry.data ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}

/** The `type` shown beside an event: its family. */
export function eventCategory(eventType: string): string {
  const family = eventType.split('_')[0] ?? 'transaction';
  if (['payment', 'payout', 'refund', 'dispute', 'withdrawal', 'installment'].includes(family)) return family;
  if (eventType === 'payment_released') return 'payment';
  return 'transaction';
}
