/**
 * An admin closes, as not received, a payment the rail never confirmed (reconcile-payment.ts: every enquiry
 * answered "still processing"), once its statement shows no such payment. In one database transaction,
 * the transaction row locked, then the payment's: the payment fails (kind `unconfirmed`), the timeline and the
 * audit log say who closed it, and the payer is texted that it could not be confirmed and they may pay
 * again. The buyer's next Pay sends a new prompt (one prompt at a time counts pending payments only).
 *
 * Nothing is booked here: no money was recorded as received. Should the rail report a success later after
 * all, it is credited like any late success (apply-stk-result.ts, `credited_late`).
 *
 * A payment no longer pending (settled meanwhile, or closed by another admin) is 409, and so is one the
 * rail is still being asked about: closing it then would race its own answer.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { RAIL_DISPLAY_NAMES } from '@escrow/core/domain/rail-choice';
import { invalidState, notFound } from '../../../lib/app-error.ts';
import { lockTransaction } from '../../escrow-core/access.ts';
import { appendPaymentFailed } from '../payment-failed-event.ts';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';
import { queueSms } from '../../notifications/notify.ts';
import { isUnconfirmedPayment } from '@escrow/core/domain/payment-enquiry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ClosePaymentInput {
  paymentId: string;
  adminId: string;
  ip?: string;
  note?: string;
}

export async function closeUnconfirmedPayment(ctx: AppContext, input: ClosePaymentInput) {
  if (!UUID.test(input.paymentId)) throw notFound('Payment');
  const found = await ctx.db.payment.findUnique({ where: { id: input.paymentId }, select: { transactionId: true } });
  if (!found) throw notFound('Payment');
  return inTransaction(ctx.db, async (tx) => {
    // The transaction first, then the payment: the order a callback takes.
    const txn = await lockTransaction(tx, found.transactionId);
    await tx.$queryRaw`SELECT id FROM payments WHERE id = ${input.paymentId}::uuid FOR UPDATE`;
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: input.paymentId } });
    if (payment.status !== 'pending') {
      throw invalidState(`Only a pending payment can be closed as not received (status: ${payment.status})`);
    }
    if (!isUnconfirmedPayment(payment)) {
      throw invalidState('The rail is still being asked about this payment: it can be closed once every enquiry has gone unanswered');
    }
    const rail = RAIL_DISPLAY_NAMES[payment.rail];
    // Its own kind: `other` would tell the payer "No money was taken", which nobody knows here.
    const kind = 'unconfirmed';
    const sentence = paymentFailureSentence(kind, 'en', rail);
    const closed = await tx.payment.update({
      where: { id: payment.id },
      data: { status: 'failed', failureKind: kind, failureReason: sentence },
    });
    const amount = formatCents(payment.amountCents);
    await appendPaymentFailed(tx, {
      transactionId: txn.id,
      amountCents: payment.amountCents,
      paymentType: payment.paymentType,
      railName: rail,
      status: 'failed',
      kind,
      sentence,
      closedBy: input.adminId,
    });
    await tx.auditLog.create({
      data: {
        actorId: input.adminId,
        action: 'payment.close_not_received',
        entity: 'payment',
        entityId: payment.id,
        ip: input.ip?.slice(0, 64) ?? null,
        data: { transaction_id: txn.id, amount, rail: payment.rail, ...(input.note ? { note: input.note } : {}) },
      },
    });
    // The phone that was prompted, as a failed callback texts it; a phone with no account reads the buyer's language.
    await queueSms(ctx, tx, {
      phone: payment.payerPhone,
      template: 'payment_closed_unconfirmed',
      params: { ref: txn.referenceNumber, amount: formatKes(payment.amountCents), rail },
      fallbackLanguage: txn.buyer.language,
      transactionId: txn.id,
    });
    return {
      id: closed.id,
      transaction_id: closed.transactionId,
      amount,
      rail: closed.rail,
      status: 'failed' as const,
      failure_reason: closed.failureReason,
    };
  });
}
