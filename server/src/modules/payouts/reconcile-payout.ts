/**
 * The `payouts.reconcile` job: a payout still `processing` PAYOUT_RECONCILE_AFTER_SECONDS after its
 * request (its result lost, never sent, or the request itself lost) is asked about with the rail's
 * status query; the answer comes back at once (Airtel) or at a callback (Daraja's Transaction Status),
 * and is applied by apply-payout-status.ts. While
 * the payout stays `processing`, it is asked again every PAYOUT_RECONCILE_AFTER_SECONDS, up to
 * MAX_STATUS_QUERIES times; after that it waits for a person (admin Alerts lists it as stuck).
 *
 * Safe to run twice or to be cut short by a crash: a query moves no money, and its answer is applied
 * under the payout's row lock, once.
 */
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/prisma.ts';
import { applyPayoutStatus } from './apply-payout-status.ts';

export const PAYOUT_RECONCILE_QUEUE = 'payouts.reconcile';
export const MAX_STATUS_QUERIES = 12;

export async function reconcilePayout(ctx: AppContext, { payoutId }: { payoutId: string }): Promise<void> {
  const afterMs = ctx.config.PAYOUT_RECONCILE_AFTER_SECONDS * 1000;
  const query = await inTransaction(ctx.db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM payouts WHERE id = ${payoutId}::uuid FOR UPDATE`;
    if (rows.length === 0) return null;
    const payout = await tx.payout.findUniqueOrThrow({
      where: { id: payoutId },
      include: { transaction: { select: { referenceNumber: true } } },
    });
    if (payout.status !== 'processing' || !payout.railRequestId) return null;
    const now = ctx.now();
    const lastAsked = payout.statusQueriedAt ?? payout.sentAt ?? payout.updatedAt;
    const dueAt = new Date(lastAsked.getTime() + afterMs);
    if (dueAt > now) {
      // Run early (a retried job, a clock change): look again when it is due.
      await ctx.jobs.enqueue(tx, PAYOUT_RECONCILE_QUEUE, { payoutId }, { runAt: dueAt });
      return null;
    }
    if (payout.statusQueries >= MAX_STATUS_QUERIES) return null;
    await tx.payout.update({ where: { id: payoutId }, data: { statusQueries: { increment: 1 }, statusQueriedAt: now } });
    // The next look is queued with this one, so a crash before the query is sent loses nothing.
    await ctx.jobs.enqueue(tx, PAYOUT_RECONCILE_QUEUE, { payoutId }, { runAt: new Date(now.getTime() + afterMs) });
    return payout;
  });
  if (!query) return;
  const requestId = query.railRequestId!;
  let result;
  try {
    result = await ctx.rails[query.rail].queryPayout({
      payoutId,
      requestId,
      receipt: query.railReceipt,
      reference: query.transaction.referenceNumber,
    });
    ctx.log.info({ payoutId, rail: query.rail }, 'Status query sent for a payout with no result');
  } catch (error) {
    // The next look is already queued.
    ctx.log.warn({ err: error, payoutId, rail: query.rail }, 'Payout status query failed');
    return;
  }
  if (result.outcome !== 'pending') await applyPayoutStatus(ctx, { payoutId, requestId, result });
}
