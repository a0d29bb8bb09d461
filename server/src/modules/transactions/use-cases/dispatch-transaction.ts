/**
 * The seller marks a fully paid transaction dispatched, optionally naming the courier, its tracking number
 * and a note (stored, on the timeline and shown to the buyer); the inspection window (auto-release) starts,
 * as long as the transaction's type buys (inspection-window.ts).
 */
import type { AppContext } from '../../../context.ts';
import { inspectionWindowSeconds } from '../inspection-window.ts';
import { notifyParties, smsDateTime } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction, type Caller } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';

export const AUTO_RELEASE_QUEUE = 'transactions.auto_release';

export interface DispatchDetails {
  courier?: string;
  trackingNumber?: string;
  note?: string;
}

export async function dispatchTransaction(ctx: AppContext, options: { transactionId: string; caller: Caller } & DispatchDetails) {
  // A fully paid plan whose buyer asked to withdraw is not dispatched: the state table's row refuses it
  // (run-action.ts words the refusal), as it keeps every channel from offering it.
  return runTransactionAction(ctx, { ...options, action: 'dispatch' }, async ({ tx, txn, actorId, to }) => {
    const now = ctx.now();
    const inspectionEndsAt = new Date(now.getTime() + inspectionWindowSeconds(ctx.config, txn.transactionType) * 1000);
    const courier = options.courier || null;
    const trackingNumber = options.trackingNumber || null;
    const note = options.note || null;
    await tx.transaction.update({
      where: { id: txn.id },
      data: {
        status: to,
        dispatchedAt: now,
        inspectionEndsAt,
        dispatchCourier: courier,
        dispatchTracking: trackingNumber,
        dispatchNote: note,
      },
    });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'dispatch_confirmed',
      description: courier
        ? `The seller dispatched the item with ${courier}${trackingNumber ? ` (tracking ${trackingNumber})` : ''}`
        : 'The seller dispatched the item',
      actorId,
      data: {
        inspection_ends_at: inspectionEndsAt.toISOString(),
        ...(courier ? { courier } : {}),
        ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
        ...(note ? { note } : {}),
      },
    });
    await ctx.jobs.enqueue(
      tx,
      AUTO_RELEASE_QUEUE,
      { transactionId: txn.id },
      { runAt: inspectionEndsAt, singletonKey: `auto-release:${txn.id}` },
    );
    await notifyParties(ctx, tx, txn, { buyer: ['dispatched_buyer', { deadline: smsDateTime(inspectionEndsAt) }] });
    return txn.id;
  });
}
