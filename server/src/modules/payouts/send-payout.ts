/**
 * The `payouts.send` job: sends one payout through its rail, once per request id. The request id is
 * drawn and the payout marked `processing` before the request, with its reconciliation queued in the
 * same commit. A payout already `processing` is never sent again from here — not after a crash, not
 * after a lost answer, not by a second worker: whether the rail paid is then asked with a status
 * query (reconcile-payout.ts), and a new request id is drawn only after a definite failure.
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/prisma.ts';
import { formatCents } from '@escrow/core/domain/money';
import { MAX_PAYOUT_ATTEMPTS, PAYOUT_QUEUE } from '../escrow-core/payout-queue.ts';
import { applyPayoutResult } from './apply-b2c-result.ts';
import { PAYOUT_RECONCILE_QUEUE } from './reconcile-payout.ts';

export { MAX_PAYOUT_ATTEMPTS, PAYOUT_QUEUE };

export async function sendPayout(ctx: AppContext, { payoutId }: { payoutId: string }): Promise<void> {
  const claimed = await inTransaction(ctx.db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM payouts WHERE id = ${payoutId}::uuid FOR UPDATE`;
    if (rows.length === 0) return null;
    const payout = await tx.payout.findUniqueOrThrow({
      where: { id: payoutId },
      include: { transaction: { select: { referenceNumber: true } } },
    });
    if (payout.status !== 'pending') return null;
    // The id's last 20 hex digits are its random part: the first ones of a UUIDv7 are the creation time,
    // shared by payouts created in the same millisecond.
    const requestId = `ESC-${payout.id.replaceAll('-', '').slice(-20)}-${payout.attempts + 1}`;
    const now = ctx.now();
    await tx.payout.update({
      where: { id: payoutId },
      data: {
        status: 'processing',
        railRequestId: requestId,
        attempts: { increment: 1 },
        sentAt: now,
        statusQueries: 0,
        statusQueriedAt: null,
      },
    });
    await ctx.jobs.enqueue(
      tx,
      PAYOUT_RECONCILE_QUEUE,
      { payoutId },
      { runAt: new Date(now.getTime() + ctx.config.PAYOUT_RECONCILE_AFTER_SECONDS * 1000) },
    );
    return { ...payout, requestId };
  });
  if (!claimed) return;

  const rail = ctx.rails[claimed.rail];
  let answer: Awaited<ReturnType<typeof rail.payOut>>;
  try {
    answer = await rail.payOut({
      payoutId,
      requestId: claimed.requestId,
      phone: claimed.recipientPhone,
      // Rails pay whole shillings; payout amounts are whole by construction (prices and fee shares are).
      amountCents: claimed.amountCents,
      remarks: `${claimed.kind === 'seller_payout' ? 'Escrow payout' : 'Escrow refund'} ${claimed.transaction.referenceNumber}`,
      reference: claimed.transaction.referenceNumber,
    });
    await ctx.db.payout.update({ where: { id: payoutId }, data: { conversationId: answer.reference ?? null, lastError: null } });
    ctx.log.info({ payoutId, rail: rail.name, amount: formatCents(claimed.amountCents) }, 'Payout requested');
  } catch (error) {
    // The request may or may not have reached the rail: sending it again could pay twice. The queued
    // status query finds out, and a failure there draws a new request id.
    ctx.log.warn({ err: error, payoutId, rail: rail.name }, 'Payout request failed; left for the status query');
    await ctx.db.payout.update({ where: { id: payoutId }, data: { lastError: cutText(String((error as Error).message), 300) } });
    return;
  }
  // A rail that answers at once (Airtel Money) is applied now; Daraja's result comes by callback.
  if (answer.result && answer.result.outcome !== 'pending') {
    await applyPayoutResult(ctx, { requestId: claimed.requestId, result: answer.result });
  }
}
