/**
 * Applies the outcome of a collection — from a rail's callback or from a query — exactly once. The rail
 * adapters (rails/) have already translated the rail's answer into a RailResult.
 *
 * The payment row is locked, so 20 deliveries of one callback credit once. A failure changes only a
 * `pending` payment. A success is money received whatever state the payment is in: on a `pending`
 * payment, or late on one already marked failed, cancelled or timed out, it is credited — it funds what
 * is still owed and anything beyond is refunded to the phone that paid (docs/adr/0005-money-at-the-edges.md).
 * A success may carry no receipt (Daraja's STK query result has none; a callback may lack one): it is
 * credited without one, said as what reported it, and the receipt is filled in if a callback brings it later.
 */
import { cutText } from '@escrow/core/domain/text';
import { isInstallmentOverdue, OWED_INSTALLMENT_STATUSES } from '@escrow/core/domain/installment-plan';
import type { AppContext } from '../../../context.ts';
import { inTransaction, type Tx } from '../../../db/prisma.ts';
import { type Cents, formatCents, formatKes, minCents } from '@escrow/core/domain/money';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';
import { RAIL_DISPLAY_NAMES, type RailChoice } from '@escrow/core/domain/rail-choice';
import { keptReceipt, numericRailCode, type RailResult } from '../../../rails/port.ts';
import { checkTransition, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import { payInPostings } from '@escrow/core/domain/posting-rules';
import { isPayable } from '@escrow/core/domain/quote';
import { postJournal } from '../../ledger/ledger.ts';
import { queueSms } from '../../notifications/notify.ts';
import { smsDate, type PaymentRefundCause, type SmsParams } from '../../notifications/templates.ts';
import { lockTransaction, type LockedTransaction } from '../../escrow-core/access.ts';
import { refundBuyer } from '../../escrow-core/money-movements.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { issueReleaseCode } from '../../escrow-core/release-code.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { startPlanSchedule } from '../../installments/schedule.ts';
import { appendPaymentFailed } from '../payment-failed-event.ts';

export interface CollectionResult {
  /** The rail's id of the collection request. */
  requestId: string;
  /** Our payment id, for a callback that beats the rail's request id being stored. */
  paymentIdHint?: string;
  result: RailResult;
  source: 'callback' | 'query';
}

export type CollectionOutcome = 'credited' | 'credited_late' | 'failed' | 'duplicate' | 'unknown' | 'amount_mismatch' | 'pending';

export async function applyCollectionResult(ctx: AppContext, { result: reported, ...found }: CollectionResult): Promise<CollectionOutcome> {
  if (reported.outcome === 'pending') return 'pending';
  const result = { ...reported, receipt: keptReceipt(reported) };
  const resultDesc = result.description;
  return inTransaction(ctx.db, async (tx) => {
    const paymentId = await findAndLockPayment(tx, found);
    if (!paymentId) return 'unknown';
    const payment = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
    const isSuccess = result.outcome === 'succeeded';
    const railName = RAIL_DISPLAY_NAMES[payment.rail];
    if (payment.status === 'completed') {
      // The callback with the receipt after the STK query already credited the payment.
      if (isSuccess && result.receipt && !payment.railReceipt && !(await isReceiptTaken(tx, result.receipt))) {
        await tx.payment.update({ where: { id: payment.id }, data: { railReceipt: result.receipt } });
      }
      return 'duplicate';
    }
    if (payment.status !== 'pending' && !isSuccess) return 'duplicate';
    if (isSuccess && result.receipt && (await isReceiptTaken(tx, result.receipt))) {
      ctx.log.error({ paymentId: payment.id }, 'Collection success carries the receipt of another payment: not credited');
      return 'duplicate';
    }
    if (!payment.railRequestId) {
      await tx.payment.update({ where: { id: payment.id }, data: { railRequestId: found.requestId } });
    }
    const txn = await lockTransaction(tx, payment.transactionId);

    if (!isSuccess) {
      const status = result.outcome === 'cancelled' ? 'cancelled' : 'failed';
      const kind = result.failure ?? 'other';
      const sentence = paymentFailureSentence(kind, 'en', railName);
      await tx.payment.update({
        where: { id: payment.id },
        data: {
          status,
          resultCode: numericRailCode(result),
          // The rail's own words stay with the result, for staff; people read the plain sentence.
          resultDesc: cutText(resultDesc, 300),
          failureKind: kind,
          failureReason: sentence,
        },
      });
      await appendPaymentFailed(tx, {
        transactionId: txn.id,
        amountCents: payment.amountCents,
        paymentType: payment.paymentType,
        railName,
        status,
        kind,
        sentence,
      });
      // A phone the buyer paid from that has no account of its own reads the buyer's language.
      await queueSms(ctx, tx, {
        phone: payment.payerPhone,
        template: 'payment_failed',
        params: { ref: txn.referenceNumber, kind, rail: railName },
        fallbackLanguage: txn.buyer.language,
        transactionId: txn.id,
      });
      return 'failed';
    }

    // What the rail took from the payer, not what we asked, is the money received (docs/adr/0005-money-at-the-edges.md).
    // Left pending, such a payment was later credited in full by the status query (which names no amount),
    // or failed by it with the money neither credited nor given back.
    const received = result.amountCents ?? payment.amountCents;
    const isMismatch = received !== payment.amountCents;
    if (isMismatch) {
      const facts = { paymentId: payment.id, reported: formatCents(received), asked: formatCents(payment.amountCents) };
      ctx.log.error(facts, 'Collection amount does not match the request');
      // A success that brought in nothing is no money to book: the status query settles the payment.
      if (received <= 0n) return 'amount_mismatch';
    }

    const isLate = payment.status !== 'pending';
    await creditPayment(ctx, tx, txn, {
      id: payment.id,
      amount: received,
      // Less than asked pays neither the fee nor the part asked for: it is all given back.
      isShort: received < payment.amountCents,
      askedFee: payment.feeCents,
      receipt: result.receipt ?? null,
      resultDesc: `${isMismatch ? `Amount differs: asked ${formatCents(payment.amountCents)}, received ${formatCents(received)}. ` : ''}${result.receipt ? resultDesc : RECEIPTLESS_SUCCESS[found.source]}`,
      paymentType: payment.paymentType,
      rail: payment.rail,
      railName,
      isLate,
      source: found.source,
    });
    if (isMismatch) return 'amount_mismatch';
    return isLate ? 'credited_late' : 'credited';
  });
}

/**
 * How a success with no receipt is recorded for staff, by what reported it: Daraja's STK query result
 * carries no receipt; a callback may carry none, or one longer than any rail's (not kept, port.ts).
 */
export const RECEIPTLESS_SUCCESS: Record<CollectionResult['source'], string> = {
  query: 'Confirmed by a status query; the receipt number was not reported',
  callback: "Reported by the rail's callback; no receipt number kept",
};

/**
 * The words in place of a missing receipt, as the timeline and the books say it: true to what reported the
 * success (the web's timeline reads the same from the event's `confirmed_by`).
 */
const NO_RECEIPT_WORDS: Record<CollectionResult['source'], string> = { query: 'confirmed by a status query', callback: 'no receipt' };

async function isReceiptTaken(tx: Tx, receipt: string): Promise<boolean> {
  return (await tx.payment.count({ where: { railReceipt: receipt } })) > 0;
}

async function findAndLockPayment(tx: Tx, found: Omit<CollectionResult, 'result' | 'source'>): Promise<string | null> {
  const byRequest = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM payments WHERE rail_request_id = ${found.requestId} FOR UPDATE`;
  if (byRequest[0]) return byRequest[0].id;
  if (!found.paymentIdHint || !/^[0-9a-f-]{36}$/i.test(found.paymentIdHint)) return null;
  const byHint = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM payments WHERE id = ${found.paymentIdHint}::uuid
      AND (rail_request_id IS NULL OR rail_request_id = ${found.requestId}) FOR UPDATE`;
  return byHint[0]?.id ?? null;
}

/**
 * Why all of a payment that lands on a transaction no longer payable (quote.ts `isPayable`, the one rule)
 * goes back to the phone that paid: the buyer's SMS says it. A payment less than asked goes back too
 * (`short`); one that lands on a payable transaction may still be more than is owed: the excess, `over`.
 */
const REFUND_CAUSE_OF_STATUS: Partial<Record<TransactionStatus, Exclude<PaymentRefundCause, 'short' | 'over'>>> = {
  funded: 'paid',
  dispatched: 'paid',
  disputed: 'disputed',
  cancelled: 'cancelled',
};

function landingOf(status: TransactionStatus, isShort: boolean): 'payable' | Exclude<PaymentRefundCause, 'over'> {
  if (isShort) return 'short';
  if (isPayable(status)) return 'payable';
  // Any other status no longer payable has ended (refunded, completed).
  return REFUND_CAUSE_OF_STATUS[status] ?? 'closed';
}

/**
 * Books a received payment. The buyer's fee share is taken from it only as far as it is still unpaid and
 * the transaction is still payable; money for a transaction no longer payable is returned in full, with
 * no fee taken on it, so a later refund of the transaction cannot give that fee back a second time.
 */
async function creditPayment(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  payment: {
    id: string;
    amount: Cents;
    isShort: boolean;
    askedFee: Cents;
    receipt: string | null;
    resultDesc: string;
    paymentType: string;
    rail: RailChoice;
    railName: string;
    isLate: boolean;
    source: CollectionResult['source'];
  },
): Promise<void> {
  const landing = landingOf(txn.status as TransactionStatus, payment.isShort);
  const payable = landing === 'payable';
  const fee = payable ? minCents(payment.askedFee, (await loadQuote(tx, txn.id)).owedFee) : 0n;
  const pricePart = payment.amount - fee;
  const credited = payable ? minCents(pricePart, txn.amountCents - txn.paidCents) : 0n;
  const excess = pricePart - credited;
  const receiptText = payment.receipt ?? NO_RECEIPT_WORDS[payment.source];

  await tx.payment.update({
    where: { id: payment.id },
    data: {
      status: 'completed',
      // What was received (another amount than asked is booked as it came) and the part of it that is fee.
      amountCents: payment.amount,
      feeCents: fee,
      railReceipt: payment.receipt,
      resultCode: 0,
      resultDesc: cutText(payment.resultDesc, 300),
      failureReason: null,
      failureKind: null,
      completedAt: ctx.now(),
    },
  });
  await postJournal(tx, {
    key: `payment:${payment.id}`,
    kind: 'deposit',
    transactionId: txn.id,
    description: `${payment.railName} ${receiptText} for ${txn.referenceNumber}`,
    postings: payInPostings({ received: payment.amount, buyerFee: fee, rail: payment.rail }),
  });
  await appendEvent(tx, {
    transactionId: txn.id,
    eventType: 'payment_completed',
    description: `${payment.railName} payment of ${formatKes(payment.amount)} received (${receiptText})${payment.isLate ? ' after it was reported unsuccessful' : ''}`,
    data: {
      amount: formatCents(payment.amount),
      payment_type: payment.paymentType,
      mpesa_receipt: payment.receipt,
      rail_name: payment.railName,
      late: payment.isLate,
      confirmed_by: payment.source,
    },
  });

  if (excess > 0n) {
    // Paid after a cancellation, a second time, or more than is owed: give the excess back to that phone,
    // and tell the buyer why ("No money was taken" may be the last they read of this escrow).
    await refundBuyer(ctx, tx, txn, {
      price: excess,
      reason: 'overpayment',
      key: `refund:${txn.id}:payment:${payment.id}`,
      paymentId: payment.id,
    });
    const cause: PaymentRefundCause = landing === 'payable' ? 'over' : landing;
    await notifyParties(ctx, tx, txn, {
      buyer: ['payment_refunded', { cause, payment: formatKes(payment.amount), amount: formatKes(excess), rail: payment.railName }],
    });
  }
  if (!payable) return;

  const paid = txn.paidCents + credited;
  const isFunded = paid === txn.amountCents;
  const check = checkTransition(txn.status as TransactionStatus, isFunded ? 'fund' : 'pay_part', 'system', txn.transactionType);
  if (!check.ok) throw new Error(`cannot credit ${txn.id} in status ${txn.status}`);
  await tx.transaction.update({
    where: { id: txn.id },
    data: { paidCents: paid, status: check.to, ...(isFunded ? { fundedAt: ctx.now() } : {}) },
  });
  if (txn.plan) {
    // The first payment starts the plan: its months count from now, not from when it was created.
    if (txn.status === 'pending') await startPlanSchedule(tx, txn.plan, ctx.now());
    await allocateToInstallments(ctx, tx, txn.plan.id, credited, isFunded);
  }

  if (isFunded) {
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'transaction_funded',
      description: `Fully paid: ${formatKes(txn.amountCents)} held in escrow`,
      data: { amount: formatCents(txn.amountCents) },
    });
    await issueReleaseCode(ctx, tx, txn, { reason: 'funded' });
  }
  if (txn.transactionType === 'lipa_mdogo_mdogo' && !isFunded) {
    const next = await tx.installment.findFirst({
      where: { planId: txn.plan!.id, status: { in: [...OWED_INSTALLMENT_STATUSES] } },
      orderBy: { sequence: 'asc' },
    });
    const progress = { paid: formatKes(paid), total: formatKes(txn.amountCents) };
    const nextDue: SmsParams = next
      ? {
          next: formatKes(next.amountCents - next.paidCents),
          nextDate: smsDate(next.dueDate),
          // The payment just moved the plan on: it is running.
          ...(isInstallmentOverdue(next, ctx.now(), { planRunning: true }) ? { late: 'yes' } : {}),
        }
      : {};
    // The buyer reads what their phone paid, fee included; the seller hears of every deposit and
    // installment, not only of the last one, as the part of the price it pays (the fee is not theirs).
    await notifyParties(ctx, tx, txn, {
      buyer: [
        'installment_received',
        { ...progress, ...nextDue, amount: formatKes(payment.amount), ...(fee > 0n ? { fee: formatKes(fee) } : {}) },
      ],
      // A seller phone with no verified account is told to register, as on the final payment below.
      seller: [
        txn.seller ? ('installment_received_seller' as const) : ('installment_received_seller_invite' as const),
        { ...progress, amount: formatKes(credited) },
      ],
    });
    return;
  }
  await notifyParties(ctx, tx, txn, {
    // Without a receipt the SMS names the rail alone, in the reader's language.
    buyer: [
      'payment_received_buyer',
      { amount: formatKes(payment.amount), rail: payment.railName, ...(payment.receipt ? { receipt: payment.receipt } : {}) },
    ],
    // A seller phone with no verified account (no seller on the row) cannot dispatch or be paid until it
    // registers: it is told so, not asked to dispatch.
    ...(isFunded ? { seller: [txn.seller ? ('payment_received_seller' as const) : ('payment_received_seller_invite' as const)] } : {}),
  });
}

/** Spreads a Lipa Mdogo Mdogo payment over the installments in order. */
async function allocateToInstallments(ctx: AppContext, tx: Tx, planId: string, amount: Cents, isFunded: boolean): Promise<void> {
  let left = amount;
  const open = await tx.installment.findMany({
    where: { planId, status: { in: [...OWED_INSTALLMENT_STATUSES] } },
    orderBy: { sequence: 'asc' },
  });
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
