/**
 * The `payouts.send` job: sends one B2C payout. The OriginatorConversationID is fixed before the
 * request and kept across transport retries, so a request that reached Daraja but whose answer was lost
 * is never paid twice; a new one is drawn only after Daraja reported a definite failure.
 */
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/prisma.ts';
import { formatCents } from '../../domain/money.ts';

export const PAYOUT_QUEUE = 'payouts.send';
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
    if (payout.status === 'completed' || payout.status === 'failed') return null;
    // A payout already "processing" with an id was sent before a crash or a lost answer: send the same id again.
    // The id's last 20 hex digits are its random part: the first ones of a UUIDv7 are the creation time,
    // shared by payouts created in the same millisecond.
    const originatorConversationId =
      payout.originatorConversationId ?? `ESC-${payout.id.replaceAll('-', '').slice(-20)}-${payout.attempts + 1}`;
    await tx.payout.update({
      where: { id: payoutId },
      data: {
        status: 'processing',
        originatorConversationId,
        ...(payout.originatorConversationId ? {} : { attempts: { increment: 1 } }),
      },
    });
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
    await ctx.db.payout.update({ where: { id: payoutId }, data: { lastError: String((error as Error).message).slice(0, 300) } });
    throw error; // the queue retries with backoff, with the same OriginatorConversationID
  }
}
