/**
 * The statements on a payment still waiting for the payer that more than one use case runs: initiating a
 * payment (one prompt at a time) and reconciling one (a request that never reached the rail).
 * `test/backlog-plans.int.test.ts` checks that each is served by its key's index while a backlog waits.
 */
import { paymentFailureSentence, type PaymentFailureKind } from '@escrow/core/domain/payment-failure';
import { cutText } from '@escrow/core/domain/text';
import { inTransaction, type Tx } from '../../db/prisma.ts';
import { appendPaymentFailed } from './payment-failed-event.ts';
import type { Payment } from '../../generated/prisma/client.ts';
import type { AppContext } from '../../context.ts';
import { queueSms } from '../notifications/notify.ts';

/**
 * The transaction's payment still waiting for the payer, if any, read through the transaction's own
 * index. The status is compared as text so that the planner cannot take the index on (status,
 * created_at): it did whenever its statistics had seen few pending payments, and walked every pending
 * payment on the platform with this transaction locked (0.3-0.6 ms with 3,000 pending, more the more are
 * pending, as while M-Pesa is slow to call back).
 */
export const PENDING_PAYMENT_OF_TRANSACTION = `SELECT id::text FROM payments
  WHERE transaction_id = $1::uuid AND status::text = 'pending' ORDER BY created_at DESC LIMIT 1`;

export async function pendingPaymentOf(tx: Tx, transactionId: string): Promise<Payment | null> {
  const [row] = await tx.$queryRawUnsafe<{ id: string }[]>(PENDING_PAYMENT_OF_TRANSACTION, transactionId);
  return row ? tx.payment.findUnique({ where: { id: row.id } }) : null;
}

/**
 * A payment whose request never reached the rail, or that the rail refused, is failed, unless a callback or
 * a reconciliation has settled it meanwhile. By its id, the status compared as text as above: failures come
 * in runs while a rail is down, which is when pending payments pile up. `$3` is the failure's kind, `$4`
 * the rail's own words of a refusal (for staff), or null.
 */
export const PAYMENT_NOT_SENT = `UPDATE payments SET status = 'failed', failure_kind = $3, failure_reason = $2, result_desc = $4, updated_at = now()
  WHERE id = $1::uuid AND status::text = 'pending' AND rail_request_id IS NULL
  RETURNING transaction_id::text AS "transactionId", amount_cents AS "amountCents", payment_type::text AS "paymentType",
    payer_phone AS "payerPhone"`;

/**
 * Fails a payment whose prompt was never sent, with its plain sentence on `rail` (how the payer knows it):
 * `not_sent` when the rail could not be reached, or the `reason`'s kind with its words (the rail's refusal,
 * or no answer to the request at all). The timeline says so beside its "payment requested", in the same
 * database transaction, only if this call failed it.
 *
 * `textPayer`: the payer is texted the failure (the payment_failed SMS a failed callback sends), in the same
 * database transaction. For a payment failed long after it was asked for (reconciliation gave up on it): the
 * buyer was told to check their phone and hears nothing else. A payment failed while it is being asked for
 * is said by the caller instead (the web's 502, the USSD job's own SMS).
 */
export async function markPaymentNotSent(
  ctx: AppContext,
  paymentId: string,
  rail: string,
  { reason, textPayer = false }: { reason?: { failure: PaymentFailureKind; description: string }; textPayer?: boolean } = {},
): Promise<void> {
  const kind = reason?.failure ?? 'not_sent';
  const railWords = reason ? cutText(reason.description, 300) : null;
  const sentence = paymentFailureSentence(kind, 'en', rail);
  await inTransaction(ctx.db, async (tx) => {
    const [failed] = await tx.$queryRawUnsafe<{ transactionId: string; amountCents: bigint; paymentType: string; payerPhone: string }[]>(
      PAYMENT_NOT_SENT,
      paymentId,
      sentence,
      kind,
      railWords,
    );
    if (!failed) return;
    const { payerPhone, ...event } = failed;
    await appendPaymentFailed(tx, { ...event, railName: rail, status: 'failed', kind, sentence });
    if (!textPayer) return;
    const txn = await tx.transaction.findUniqueOrThrow({
      where: { id: failed.transactionId },
      select: { referenceNumber: true, buyer: { select: { language: true } } },
    });
    // As a failed callback texts it: a phone the buyer paid from that has no account reads the buyer's language.
    await queueSms(ctx, tx, {
      phone: payerPhone,
      template: 'payment_failed',
      params: { ref: txn.referenceNumber, kind, rail },
      fallbackLanguage: txn.buyer.language,
      transactionId: failed.transactionId,
    });
  });
}
