/** Timeline events: every transition and money movement appends one, in the same database transaction. */
import type { TimelineEventType } from '@escrow/core/domain/timeline-events';
import type { Prisma, Tx } from '../../db/prisma.ts';

export type { TimelineEventType } from '@escrow/core/domain/timeline-events';
export { eventCategory } from '@escrow/core/domain/timeline-events';

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

/** Who or what released the money to the seller: the event's `released_by`, which the customer page words. */
export type ReleasedBy = 'buyer' | 'auto_release' | 'release_code' | 'ruling';

export function appendPaymentReleased(tx: Tx, release: { transactionId: string; releasedBy: ReleasedBy; actorId?: string | null }) {
  return appendEvent(tx, {
    transactionId: release.transactionId,
    eventType: 'payment_released',
    description: release.releasedBy === 'ruling' ? 'Payment released to the seller by ruling' : 'Payment released to the seller',
    actorId: release.actorId,
    data: { released_by: release.releasedBy },
  });
}
