/**
 * The buyer confirms delivery and releases the escrow to the seller; the system does the same when the
 * inspection window passes with no dispute. The row lock and the state table make a second release a
 * 409, however many arrive at once, so the seller is paid exactly once.
 */
import type { AppContext } from '../../../context.ts';
import { formatKes } from '@escrow/core/domain/money';
import { releaseToSeller } from '../../escrow-core/money-movements.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction, type Caller } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { AUTO_RELEASE_QUEUE } from './dispatch-transaction.ts';

/** A dispatched transaction still not released this long after its inspection window is alerted and queued again. */
export const OVERDUE_RELEASE_MINUTES = 10;

export async function releasePayment(ctx: AppContext, options: { transactionId: string; caller: Caller }) {
  return runTransactionAction(ctx, { ...options, action: 'release' }, async ({ tx, txn, actorId, to }) => {
    await tx.transaction.update({ where: { id: txn.id }, data: { status: to, completedAt: ctx.now(), releasedBy: 'buyer' } });
    await appendEvent(tx, { transactionId: txn.id, eventType: 'delivery_confirmed', description: 'The buyer confirmed delivery', actorId });
    const { payoutAmount } = await releaseToSeller(ctx, tx, txn, { actorId, releasedBy: 'buyer' });
    await notifyParties(ctx, tx, txn, { buyer: ['released_buyer'], seller: ['released_seller', { amount: formatKes(payoutAmount) }] });
    return txn.id;
  });
}

/** The `transactions.auto_release` job. Does nothing if the buyer already acted or a dispute froze the money. */
export async function autoReleaseTransaction(ctx: AppContext, { transactionId }: { transactionId: string }): Promise<void> {
  const txn = await ctx.db.transaction.findUnique({ where: { id: transactionId }, select: { status: true, inspectionEndsAt: true } });
  if (!txn || txn.status !== 'dispatched' || !txn.inspectionEndsAt || txn.inspectionEndsAt > ctx.now()) return;
  await runTransactionAction(ctx, { transactionId, caller: { system: true }, action: 'auto_release' }, async ({ tx, txn: locked, to }) => {
    if (!locked.inspectionEndsAt || locked.inspectionEndsAt > ctx.now()) return;
    await tx.transaction.update({ where: { id: locked.id }, data: { status: to, completedAt: ctx.now(), releasedBy: 'auto_release' } });
    await appendEvent(tx, {
      transactionId: locked.id,
      eventType: 'auto_release_confirmed',
      description: 'The inspection period ended with no dispute; payment released automatically',
    });
    const { payoutAmount } = await releaseToSeller(ctx, tx, locked, { releasedBy: 'auto_release' });
    await notifyParties(ctx, tx, locked, { buyer: ['auto_released'], seller: ['released_seller', { amount: formatKes(payoutAmount) }] });
  }).catch((error: unknown) => {
    // A release or dispute that won the race leaves nothing to do.
    if ((error as { code?: string }).code === 'INVALID_STATE') return;
    throw error;
  });
}

/**
 * Queues the auto-release again for every dispatched transaction whose inspection window ended more than
 * OVERDUE_RELEASE_MINUTES ago (its job failed for good, or was lost): run by the hourly maintenance
 * sweep, so a failed auto-release is retried until it succeeds, while admin Alerts shows it overdue.
 * A release already queued or running keeps its singleton key and is left alone.
 */
export async function requeueOverdueReleases(ctx: AppContext): Promise<number> {
  const overdue = await ctx.db.transaction.findMany({
    where: { status: 'dispatched', inspectionEndsAt: { lt: new Date(ctx.now().getTime() - OVERDUE_RELEASE_MINUTES * 60_000) } },
    select: { id: true },
    take: 500,
  });
  for (const { id } of overdue) {
    await ctx.jobs.enqueue(ctx.db, AUTO_RELEASE_QUEUE, { transactionId: id }, { singletonKey: `auto-release:${id}` });
  }
  if (overdue.length > 0) ctx.log.warn({ count: overdue.length }, 'auto-releases overdue: queued again');
  return overdue.length;
}
