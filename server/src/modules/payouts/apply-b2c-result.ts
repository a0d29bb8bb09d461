/**
 * Applies a rail's payout result exactly once: the payout row is locked and only a `processing` payout
 * changes. Success books the cash leaving the rail's account; a failure is retried with a new request up to
 * MAX_PAYOUT_ATTEMPTS, then the payout stays `failed` for the operations team (admin Alerts).
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/prisma.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { payoutFailureSentence } from '@escrow/core/domain/payment-failure';
import { payoutSentPostings } from '@escrow/core/domain/posting-rules';
import { RAIL_DISPLAY_NAMES } from '@escrow/core/domain/rail-choice';
import { keptReceipt, numericRailCode, type RailResult } from '../../rails/port.ts';
import { postJournal } from '../ledger/ledger.ts';
import { queueSms } from '../notifications/notify.ts';
import { appendEvent } from '../escrow-core/timeline.ts';
import { MAX_PAYOUT_ATTEMPTS, PAYOUT_QUEUE } from '../escrow-core/payout-queue.ts';

export interface PayoutResult {
  /** Our request id the rail answers about. */
  requestId: string;
  result: RailResult;
}

export type PayoutOutcome = 'completed' | 'retrying' | 'failed' | 'duplicate' | 'unknown' | 'pending';

export async function applyPayoutResult(ctx: AppContext, { requestId, result }: PayoutResult): Promise<PayoutOutcome> {
  if (result.outcome === 'pending') return 'pending';
  const resultDesc = result.description;
  const receipt = keptReceipt(result);
  return inTransaction(ctx.db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM payouts WHERE rail_request_id = ${requestId} FOR UPDATE`;
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
    const railName = RAIL_DISPLAY_NAMES[payout.rail];

    if (result.outcome === 'succeeded') {
      await tx.payout.update({
        where: { id },
        data: {
          status: 'completed',
          railReceipt: receipt,
          resultCode: 0,
          resultDesc,
          completedAt: ctx.now(),
          lastError: null,
        },
      });
      await postJournal(tx, {
        key: `payout:${id}`,
        kind: isRefund ? 'refund_payout' : 'payout',
        transactionId: payout.transactionId,
        description: `${railName} payout ${receipt ?? ''} to ${payout.recipientPhone}`,
        postings: payoutSentPostings({ amount: payout.amountCents, to: isRefund ? 'buyer' : 'seller', rail: payout.rail }),
      });
      await appendEvent(tx, {
        transactionId: payout.transactionId,
        eventType: isRefund ? 'refund_completed' : 'payout_completed',
        description: `${amount} sent to ${isRefund ? 'the buyer' : 'the seller'} by ${railName} (${receipt ?? 'no receipt'})`,
        data: { amount: formatCents(payout.amountCents), mpesa_receipt: receipt, rail_name: railName },
      });
      await queueSms(ctx, tx, {
        phone: payout.recipientPhone,
        template: 'payout_sent',
        params: { amount, ref, receipt: receipt ?? '', rail: railName },
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
        railRequestId: isFinal ? payout.railRequestId : null,
        resultCode: numericRailCode(result),
        resultDesc,
        lastError: cutText(resultDesc, 300),
      },
    });
    if (!isFinal) {
      await ctx.jobs.enqueue(tx, PAYOUT_QUEUE, { payoutId: id }, { runAt: new Date(ctx.now().getTime() + 30_000 * payout.attempts) });
      return 'retrying';
    }
    await appendEvent(tx, {
      transactionId: payout.transactionId,
      eventType: isRefund ? 'refund_failed' : 'payout_failed',
      // The parties read this sentence; the rail's own words are in the data (failure_reason), for staff.
      description: `${railName} could not pay ${amount} to ${isRefund ? 'the buyer' : 'the seller'}: ${payoutFailureSentence(result.failure ?? 'other', 'en', railName)}.`,
      data: {
        amount: formatCents(payout.amountCents),
        failure_reason: resultDesc,
        failure_code: result.failure ?? 'other',
        attempts: payout.attempts,
        rail_name: railName,
      },
    });
    await queueSms(ctx, tx, {
      phone: payout.recipientPhone,
      template: 'payout_failed',
      params: { amount, ref, kind: result.failure ?? 'other', rail: railName },
      transactionId: payout.transactionId,
    });
    return 'failed';
  });
}
