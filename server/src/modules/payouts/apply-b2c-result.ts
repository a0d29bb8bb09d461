/**
 * Applies a Daraja B2C result exactly once: the payout row is locked and only a `processing` payout
 * changes. Success books the cash leaving the paybill; a failure is retried with a new request up to
 * MAX_PAYOUT_ATTEMPTS, then the payout stays `failed` for the operations team (admin Alerts).
 */
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/prisma.ts';
import { formatCents, formatKes } from '../../domain/money.ts';
import { payoutSentPostings } from '../../domain/posting-rules.ts';
import { postJournal } from '../ledger/ledger.ts';
import { queueSms } from '../notifications/notify.ts';
import { appendEvent } from '../escrow-core/timeline.ts';
import { MAX_PAYOUT_ATTEMPTS, PAYOUT_QUEUE } from './send-payout.ts';

export interface B2cResult {
  originatorConversationId: string;
  resultCode: number;
  resultDesc: string;
  receipt: string | null;
}

export type B2cOutcome = 'completed' | 'retrying' | 'failed' | 'duplicate' | 'unknown';

export async function applyB2cResult(ctx: AppContext, result: B2cResult): Promise<B2cOutcome> {
  return inTransaction(ctx.db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM payouts WHERE originator_conversation_id = ${result.originatorConversationId} FOR UPDATE`;
    const id = rows[0]?.id;
    if (!id) return 'unknown';
    const payout = await tx.payout.findUniqueOrThrow({
      where: { id },
      include: { transaction: { select: { id: true, referenceNumber: true } } },
    });
    if (payout.status !== 'processing') return 'duplicate';
    const isRefund = payout.kind === 'buyer_refund';
    const amount = formatKes(payout.amountCents);
    const ref = payout.transaction.referenceNumber;

    if (result.resultCode === 0) {
      await tx.payout.update({
        where: { id },
        data: {
          status: 'completed',
          mpesaReceipt: result.receipt,
          resultCode: 0,
          resultDesc: result.resultDesc,
          completedAt: ctx.now(),
          lastError: null,
        },
      });
      await postJournal(tx, {
        key: `payout:${id}`,
        kind: isRefund ? 'refund_payout' : 'payout',
        transactionId: payout.transactionId,
        description: `B2C ${result.receipt ?? ''} to ${payout.recipientPhone}`,
        postings: payoutSentPostings({ amount: payout.amountCents, to: isRefund ? 'buyer' : 'seller' }),
      });
      await appendEvent(tx, {
        transactionId: payout.transactionId,
        eventType: isRefund ? 'refund_completed' : 'payout_completed',
        description: `${amount} sent to ${isRefund ? 'the buyer' : 'the seller'} by M-Pesa (${result.receipt ?? 'no receipt'})`,
        data: { amount: formatCents(payout.amountCents), mpesa_receipt: result.receipt },
      });
      await queueSms(ctx, tx, {
        phone: payout.recipientPhone,
        template: 'payout_sent',
        params: { amount, ref, receipt: result.receipt ?? '' },
        transactionId: payout.transactionId,
      });
      return 'completed';
    }

    const isFinal = payout.attempts >= MAX_PAYOUT_ATTEMPTS;
    await tx.payout.update({
      where: { id },
      data: {
        status: isFinal ? 'failed' : 'pending',
        // A definite failure: the next attempt is a new B2C request with a new id.
        originatorConversationId: isFinal ? payout.originatorConversationId : null,
        resultCode: result.resultCode,
        resultDesc: result.resultDesc,
        lastError: result.resultDesc.slice(0, 300),
      },
    });
    if (!isFinal) {
      await ctx.jobs.enqueue(tx, PAYOUT_QUEUE, { payoutId: id }, { runAt: new Date(ctx.now().getTime() + 30_000 * payout.attempts) });
      return 'retrying';
    }
    await appendEvent(tx, {
      transactionId: payout.transactionId,
      eventType: isRefund ? 'refund_failed' : 'payout_failed',
      description: `M-Pesa could not pay ${amount} to ${isRefund ? 'the buyer' : 'the seller'}: ${result.resultDesc}`,
      data: { amount: formatCents(payout.amountCents), failure_reason: result.resultDesc, attempts: payout.attempts },
    });
    await queueSms(ctx, tx, {
      phone: payout.recipientPhone,
      template: 'payout_failed',
      params: { amount, ref, reason: result.resultDesc.slice(0, 60) },
      transactionId: payout.transactionId,
    });
    return 'failed';
  });
}
