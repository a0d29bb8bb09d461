/** The seller marks a fully paid transaction dispatched; the inspection window (auto-release) starts. */
import type { AppContext } from '../../../context.ts';
import { invalidState } from '../../../lib/app-error.ts';
import { displayDateTime } from '../format.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction, type Caller } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';

export const AUTO_RELEASE_QUEUE = 'transactions.auto_release';

export async function dispatchTransaction(ctx: AppContext, options: { transactionId: string; caller: Caller; note?: string }) {
  return runTransactionAction(ctx, { ...options, action: 'dispatch' }, async ({ tx, txn, actorId, to }) => {
    // A fully paid plan whose buyer asked to withdraw: the seller answers first (accept or decline).
    const waiting = await tx.withdrawalRequest.count({ where: { transactionId: txn.id, status: 'pending' } });
    if (waiting > 0) throw invalidState("Answer the buyer's withdrawal request before dispatching");
    const now = ctx.now();
    const inspectionEndsAt = new Date(now.getTime() + ctx.config.INSPECTION_WINDOW_SECONDS * 1000);
    await tx.transaction.update({ where: { id: txn.id }, data: { status: to, dispatchedAt: now, inspectionEndsAt } });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'dispatch_confirmed',
      description: 'The seller dispatched the item',
      actorId,
      data: { inspection_ends_at: inspectionEndsAt.toISOString(), ...(options.note ? { note: options.note } : {}) },
    });
    await ctx.jobs.enqueue(
      tx,
      AUTO_RELEASE_QUEUE,
      { transactionId: txn.id },
      { runAt: inspectionEndsAt, singletonKey: `auto-release:${txn.id}` },
    );
    await notifyParties(ctx, tx, txn, { buyer: ['dispatched_buyer', { deadline: displayDateTime(inspectionEndsAt) }] });
    return txn.id;
  });
}
