/**
 * The `payouts.send` job: sends one B2C payout, once per request id. The OriginatorConversationID is
 * drawn and the payout marked `processing` before the request, with its reconciliation queued in the
 * same commit. A payout already `processing` is never sent again from here — not after a crash, not
 * after a lost answer, not by a second worker: whether M-Pesa paid is then asked with a Transaction
 * Status query (reconcile-payout.ts), and a new request id is drawn only after a definite failure.
 */
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/prisma.ts';
import { formatCents } from '../../domain/money.ts';
import { PAYOUT_QUEUE } from '../escrow-core/payout-queue.ts';
import { PAYOUT_RECONCILE_QUEUE } from './reconcile-payout.ts';

export { PAYOUT_QUEUE };
export const MAX_PAYOUT_ATTEMPTS = 3;

export function b2cCallbackUrls(ctx: AppContext) {
  const base = `${ctx.config.PUBLIC_BASE_URL}/api/payments/mpesa/b2c`;
  return {
    resultUrl: `${base}/result/${ctx.config.MPESA_CALLBACK_SECRET}`,
    timeoutUrl: `${base}/timeout/${ctx.config.MPESA_CALLBACK_SECRET}`,
  };
}

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
    const originatorConversationId = `ESC-${payout.id.replaceAll('-', '').slice(-20)}-${payout.attempts + 1}`;
    const now = ctx.now();
    await tx.payout.update({
      where: { id: payoutId },
      data: {
        status: 'processing',
        originatorConversationId,
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
    return { ...payout, originatorConversationId };
  });
  if (!claimed) return;

  try {
    const answer = await ctx.mpesa.b2c({
      originatorConversationId: claimed.originatorConversationId,
      phone: claimed.recipientPhone,
      // M-Pesa pays whole shillings; payout amounts are whole by construction (prices and fee shares are).
      amount: Number(claimed.amountCents / 100n),
      remarks: `${claimed.kind === 'seller_payout' ? 'Escrow payout' : 'Escrow refund'} ${claimed.transaction.referenceNumber}`,
      occasion: claimed.transaction.referenceNumber,
      ...b2cCallbackUrls(ctx),
    });
    await ctx.db.payout.update({ where: { id: payoutId }, data: { conversationId: answer.ConversationID, lastError: null } });
    ctx.log.info({ payoutId, amount: formatCents(claimed.amountCents) }, 'B2C payout requested');
  } catch (error) {
    // The request may or may not have reached M-Pesa: sending it again could pay twice. The queued
    // Transaction Status query finds out, and a failure there draws a new request id.
    ctx.log.warn({ err: error, payoutId }, 'B2C request failed; left for the Transaction Status query');
    await ctx.db.payout.update({ where: { id: payoutId }, data: { lastError: String((error as Error).message).slice(0, 300) } });
  }
}
