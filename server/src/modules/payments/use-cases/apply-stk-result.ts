/**
 * Applies the outcome of an STK push — from Daraja's callback or from an STK query — exactly once.
 *
 * The payment row is locked and only a `pending` payment changes, so 20 deliveries of one callback
 * credit once. Money counts only on ResultCode 0 with an M-Pesa receipt and the amount that was asked.
 * Money that arrives for a transaction no longer payable, or beyond what is owed, is refunded.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction, type Tx } from '../../../db/prisma.ts';
import { type Cents, formatCents, formatKes, minCents } from '../../../domain/money.ts';
import { checkTransition, type TransactionStatus } from '../../../domain/transaction-state.ts';
import { postJournal } from '../../ledger/ledger.ts';
import { queueSms } from '../../notifications/notify.ts';
import { lockTransaction, type LockedTransaction } from '../../transactions/access.ts';
import { refundBuyer } from '../../transactions/money-movements.ts';
import { notifyParties } from '../../transactions/notify-parties.ts';
import { appendEvent } from '../../transactions/timeline.ts';

export interface StkResult {
  checkoutRequestId: string;
  /** The payment id from the callback URL, for a callback that beats the CheckoutRequestID being stored. */
  paymentIdHint?: string;
  resultCode: number;
  resultDesc: string;
  receipt?: string | null;
  /** Whole shillings, as Daraja reports them. */
  amount?: number | null;
  source: 'callback' | 'query';
}

export type StkOutcome = 'credited' | 'failed' | 'duplicate' | 'unknown' | 'awaiting_receipt' | 'amount_mismatch';

export async function applyStkResult(ctx: AppContext, result: StkResult): Promise<StkOutcome> {
  return inTransaction(ctx.db, async (tx) => {
    const paymentId = await findAndLockPayment(tx, result);
    if (!paymentId) return 'unknown';
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
    if (payment.status !== 'pending') return 'duplicate';
    if (!payment.checkoutRequestId) {
      await tx.payment.update({ where: { id: payment.id }, data: { checkoutRequestId: result.checkoutRequestId } });
    }
    const txn = await lockTransaction(tx, payment.transactionId);

    if (result.resultCode !== 0) {
      const status = result.resultCode === 1032 ? 'cancelled' : 'failed';
      await tx.payment.update({
        where: { id: payment.id },
        data: {
          status,
          resultCode: result.resultCode,
          resultDesc: result.resultDesc.slice(0, 300),
          failureReason: result.resultDesc.slice(0, 300),
        },
      });
      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: 'payment_failed',
        description: `M-Pesa payment of KES ${formatCents(payment.amountCents)} ${status === 'cancelled' ? 'was cancelled' : 'failed'}: ${result.resultDesc}`,
        data: { amount: formatCents(payment.amountCents), payment_type: payment.paymentType, failure_reason: result.resultDesc },
      });
      await queueSms(ctx, tx, {
        phone: payment.payerPhone,
        template: 'payment_failed',
        params: { ref: txn.referenceNumber, reason: result.resultDesc.slice(0, 60) },
        transactionId: txn.id,
      });
      return 'failed';
    }

    if (!result.receipt) {
      // STK query confirms success but carries no receipt: wait for the callback (or an operator).
      await tx.payment.update({ where: { id: payment.id }, data: { resultDesc: 'Confirmed by STK query; awaiting the M-Pesa receipt' } });
      return 'awaiting_receipt';
    }
    if (result.amount !== undefined && result.amount !== null && BigInt(Math.round(result.amount * 100)) !== payment.amountCents) {
      await tx.payment.update({
        where: { id: payment.id },
        data: {
          failureReason: `Amount mismatch: M-Pesa reported ${result.amount}, expected ${formatCents(payment.amountCents)}`,
          resultCode: 0,
          mpesaReceipt: result.receipt,
        },
      });
      ctx.log.error({ paymentId: payment.id, reported: result.amount }, 'STK callback amount does not match the request');
      return 'amount_mismatch';
    }

    await tx.payment.update({
      where: { id: payment.id },
      data: {
        status: 'completed',
        mpesaReceipt: result.receipt,
        resultCode: 0,
        resultDesc: result.resultDesc.slice(0, 300),
        completedAt: ctx.now(),
      },
    });
    await creditPayment(ctx, tx, txn, {
      id: payment.id,
      amount: payment.amountCents,
      fee: payment.feeCents,
      receipt: result.receipt,
      paymentType: payment.paymentType,
    });
    return 'credited';
  });
}

async function findAndLockPayment(tx: Tx, result: StkResult): Promise<string | null> {
  const byCheckout = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM payments WHERE checkout_request_id = ${result.checkoutRequestId} FOR UPDATE`;
  if (byCheckout[0]) return byCheckout[0].id;
  if (!result.paymentIdHint || !/^[0-9a-f-]{36}$/i.test(result.paymentIdHint)) return null;
  const byHint = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM payments WHERE id = ${result.paymentIdHint}::uuid
      AND (checkout_request_id IS NULL OR checkout_request_id = ${result.checkoutRequestId}) FOR UPDATE`;
  return byHint[0]?.id ?? null;
}

async function creditPayment(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  payment: { id: string; amount: Cents; fee: Cents; receipt: string; paymentType: string },
): Promise<void> {
  const pricePart = payment.amount - payment.fee;
  const isPayable = txn.status === 'pending' || txn.status === 'installment';
  const credited = isPayable ? minCents(pricePart, txn.amountCents - txn.paidCents) : 0n;
  const excess = pricePart - credited;

  await postJournal(tx, {
    key: `payment:${payment.id}`,
    kind: 'deposit',
    transactionId: txn.id,
    description: `M-Pesa ${payment.receipt} for ${txn.referenceNumber}`,
    postings: [
      { account: 'mpesa_paybill', amount: payment.amount },
      { account: 'escrow_holding', amount: -pricePart },
      { account: 'platform_fees', amount: -payment.fee },
    ],
  });
  await appendEvent(tx, {
    transactionId: txn.id,
    eventType: 'payment_completed',
    description: `M-Pesa payment of KES ${formatCents(payment.amount)} received (${payment.receipt})`,
    data: { amount: formatCents(payment.amount), payment_type: payment.paymentType, mpesa_receipt: payment.receipt },
  });

  if (!isPayable) {
    // Paid after a cancellation or a second time: give it all back.
    await refundBuyer(ctx, tx, txn, {
      price: pricePart,
      fee: payment.fee,
      reason: 'overpayment',
      key: `refund:${txn.id}:payment:${payment.id}`,
    });
    return;
  }
  if (excess > 0n) {
    await refundBuyer(ctx, tx, txn, { price: excess, reason: 'overpayment', key: `refund:${txn.id}:payment:${payment.id}` });
  }

  const paid = txn.paidCents + credited;
  const isFunded = paid === txn.amountCents;
  const check = checkTransition(txn.status as TransactionStatus, isFunded ? 'fund' : 'pay_part', 'system', txn.transactionType);
  if (!check.ok) throw new Error(`cannot credit ${txn.id} in status ${txn.status}`);
  await tx.transaction.update({
    where: { id: txn.id },
    data: { paidCents: paid, status: check.to, ...(isFunded ? { fundedAt: ctx.now() } : {}) },
  });
  if (txn.plan) await allocateToInstallments(ctx, tx, txn.plan.id, credited, isFunded);

  if (isFunded) {
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'transaction_funded',
      description: `Fully paid: KES ${formatCents(txn.amountCents)} held in escrow`,
    });
  }
  if (txn.transactionType === 'lipa_mdogo_mdogo' && !isFunded) {
    const next = await tx.installment.findFirst({
      where: { planId: txn.plan!.id, status: { in: ['pending', 'overdue'] } },
      orderBy: { sequence: 'asc' },
    });
    const nextText = next ? `${formatKes(next.amountCents - next.paidCents)} by ${next.dueDate.toISOString().slice(0, 10)}` : 'none';
    await notifyParties(ctx, tx, txn, {
      buyer: [
        'installment_received',
        { amount: formatKes(payment.amount), paid: formatKes(paid), total: formatKes(txn.amountCents), next: nextText },
      ],
    });
    return;
  }
  await notifyParties(ctx, tx, txn, {
    buyer: ['payment_received_buyer', { amount: formatKes(payment.amount), receipt: payment.receipt }],
    ...(isFunded ? { seller: ['payment_received_seller' as const] } : {}),
  });
}

/** Spreads a Lipa Mdogo Mdogo payment over the installments in order. */
async function allocateToInstallments(ctx: AppContext, tx: Tx, planId: string, amount: Cents, isFunded: boolean): Promise<void> {
  let left = amount;
  const open = await tx.installment.findMany({ where: { planId, status: { in: ['pending', 'overdue'] } }, orderBy: { sequence: 'asc' } });
  for (const installment of open) {
    if (left <= 0n) break;
    const share = minCents(left, installment.amountCents - installment.paidCents);
    const paid = installment.paidCents + share;
    const isPaid = paid === installment.amountCents;
    await tx.installment.update({
      where: { id: installment.id },
      data: { paidCents: paid, ...(isPaid ? { status: 'paid', paidAt: ctx.now() } : {}) },
    });
    left -= share;
  }
  if (isFunded) await tx.installmentPlan.update({ where: { id: planId }, data: { status: 'completed' } });
}
