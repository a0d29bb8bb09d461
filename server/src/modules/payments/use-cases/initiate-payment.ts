/**
 * Asks the payer's phone, through its mobile-money rail (M-Pesa or Airtel Money), to pay what the buyer
 * owes (or a chosen Lipa Mdogo Mdogo amount).
 *
 * 1. In one database transaction: lock the transaction, check it is payable by this caller, create the
 *    pending payment and queue its reconciliation (a query if no callback comes). One prompt at a
 *    time: while a payment of the transaction is `pending` (its push possibly still on its way), that
 *    payment is answered again and no second push is sent. The row lock serialises concurrent calls.
 * 2. Ask the rail to collect (outside the transaction: no lock is held over the network).
 * 3. Store the rail's request id. The callback may race step 3; it finds the payment by our payment id
 *    (in Daraja's callback URL, or as Airtel's transaction id), and the payment row lock orders the two.
 * 4. A rail that refused the request, or could not be reached, fails the payment at once (502), said as
 *    what it was: a refusal is not an outage. A request whose answer was lost (a timeout) may have reached
 *    the phone: the payment stays pending (202).
 */
import { abuseRules } from '../../../config/limits.ts';
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import type { Payment } from '../../../generated/prisma/client.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { RAIL_DISPLAY_NAMES, railForPhone, type RailChoice } from '@escrow/core/domain/rail-choice';
import { AppError, businessRule, invalidState } from '../../../lib/app-error.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { RailError } from '../../../rails/http.ts';
import { CollectionRefused } from '../../../rails/port.ts';
import { lockTransaction, partyRole } from '../../escrow-core/access.ts';
import type { Caller } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { paymentFailureSentence, type PaymentFailureKind } from '@escrow/core/domain/payment-failure';
import { markPaymentNotSent, pendingPaymentOf } from '../pending-payments.ts';
import { RECONCILE_MAX_ATTEMPTS } from '@escrow/core/domain/payment-enquiry';

export const RECONCILE_QUEUE = 'payments.reconcile';

/**
 * No prompt reached the payer's phone, and the payment is failed already (502): the rail could not be
 * reached (`not_sent`: try again in a moment), or it refused the request, said with the sentence of the
 * refusal's kind. `kind` and `rail` let a caller that words it itself (the USSD job's SMS) say the same.
 */
export class PromptNotSent extends AppError {
  constructor(
    readonly kind: PaymentFailureKind,
    readonly rail: string,
  ) {
    super(
      'UPSTREAM_UNAVAILABLE',
      kind === 'not_sent' ? `${rail} is not reachable right now. Please try again in a moment.` : paymentFailureSentence(kind, 'en', rail),
    );
  }
}

export interface InitiatePaymentInput {
  transactionId: string;
  caller: Exclude<Caller, { system: true }>;
  phone?: string;
  amount?: bigint;
  /** The payer's pick; by default the rail of the paying phone's network. */
  rail?: RailChoice;
}

/** `isNew` is false when a pending payment was answered instead of sending a second prompt. */
export async function initiatePayment(ctx: AppContext, input: InitiatePaymentInput): Promise<{ payment: Payment; isNew: boolean }> {
  // Each call may prompt a phone: limited per account, and per phone when the caller names one.
  await enforceRateLimits(
    ctx.db,
    [
      abuseRules.paymentsByAccount(ctx.config, input.caller.userId),
      ...(input.phone ? [abuseRules.paymentsToPhone(ctx.config, input.phone)] : []),
    ],
    ctx.now(),
    'Too many payment prompts. Please wait and try again.',
  );
  const prepared = await inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, input.transactionId);
    const role = partyRole(txn, input.caller);
    if (!role) throw new AppError('NOT_FOUND', 'Transaction not found');
    if (role !== 'buyer') throw new AppError('FORBIDDEN', 'Only the buyer pays into escrow');
    if (txn.status !== 'pending' && txn.status !== 'installment') {
      throw invalidState(`Nothing to pay: the transaction is ${txn.status}`);
    }
    const pending = await pendingPaymentOf(tx, txn.id);
    if (pending) return { payment: pending, reused: true as const, reference: txn.referenceNumber };

    const quoted = await loadQuote(tx, txn.id);
    const next = quoted.nextPayment ?? { total: 0n, fee: 0n, installmentId: null };
    let amount = next.total;
    let fee = next.fee;
    if (input.amount !== undefined && input.amount !== next.total) {
      if (txn.transactionType !== 'lipa_mdogo_mdogo') throw businessRule(`The amount due is ${formatKes(next.total)}`, 'amount');
      const feeDue = quoted.owedFee;
      const maximum = quoted.owed;
      if (txn.status === 'pending') {
        // The first payment credited starts the plan and its monthly schedule (apply-stk-result.ts): it pays
        // the whole initial payment (at least 20 % of the total) with the fee, never a part of it, or a plan
        // would run with its deposit unpaid.
        if (input.amount < next.total || input.amount > maximum) {
          throw businessRule(
            `The first payment must cover the plan's initial payment and your fee: at least ${formatKes(next.total)}, at most ${formatKes(maximum)}`,
            'amount',
          );
        }
      } else if (input.amount <= feeDue || input.amount > maximum) {
        throw businessRule(`The amount must be more than ${formatKes(feeDue)} and at most ${formatKes(maximum)}`, 'amount');
      }
      amount = input.amount;
      fee = feeDue;
    }
    if (amount <= 0n) throw invalidState('Nothing is due on this transaction');
    if (amount % 100n !== 0n) throw businessRule('Mobile money amounts must be whole shillings', 'amount');

    const payerPhone = input.phone ?? txn.buyer.phoneNumber;
    const rail = railForPhone(payerPhone, input.rail);
    const payment = await tx.payment.create({
      data: {
        transactionId: txn.id,
        installmentId: next.installmentId,
        paymentType: txn.transactionType === 'lipa_mdogo_mdogo' ? 'installment' : 'escrow_deposit',
        payerPhone,
        amountCents: amount,
        feeCents: fee,
        rail,
      },
    });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'payment_initiated',
      description: `${RAIL_DISPLAY_NAMES[rail]} payment of ${formatKes(amount)} requested`,
      actorId: input.caller.userId,
      data: { amount: formatCents(amount), payment_type: payment.paymentType, rail, rail_name: RAIL_DISPLAY_NAMES[rail] },
    });
    await ctx.jobs.enqueue(
      tx,
      RECONCILE_QUEUE,
      { paymentId: payment.id },
      { runAt: new Date(ctx.now().getTime() + ctx.config.STK_RECONCILE_AFTER_SECONDS * 1000), maxAttempts: RECONCILE_MAX_ATTEMPTS },
    );
    return { payment, reused: false as const, reference: txn.referenceNumber };
  });
  if (prepared.reused) return { payment: prepared.payment, isNew: false };

  const { payment } = prepared;
  const rail = ctx.rails[payment.rail];
  try {
    const answer = await rail.collect({
      paymentId: payment.id,
      phone: payment.payerPhone,
      amountCents: payment.amountCents,
      reference: prepared.reference,
      description: 'Escrow payment',
    });
    const sent = await ctx.db.payment.update({
      where: { id: payment.id },
      data: { railRequestId: answer.requestId, merchantRequestId: answer.reference ?? null },
    });
    return { payment: sent, isNew: true };
  } catch (error) {
    if (error instanceof CollectionRefused) {
      ctx.log.warn({ err: error, paymentId: payment.id, rail: rail.name, railCode: error.railCode }, 'Collection request refused');
      await markPaymentNotSent(ctx, payment.id, rail.displayName, { reason: error });
      throw new PromptNotSent(error.failure, rail.displayName);
    }
    if (!(error instanceof RailError)) throw error;
    if (error.mayHaveReachedRail) {
      // The prompt may be on the phone and only the rail's answer was lost: the payment stays pending, as
      // after a node that stopped mid-request, until reconciliation settles it (reconcile-payment.ts).
      ctx.log.warn({ err: error, paymentId: payment.id, rail: rail.name }, 'Collection request unanswered: left pending');
      return { payment, isNew: true };
    }
    ctx.log.warn({ err: error, paymentId: payment.id, rail: rail.name }, 'Collection request failed');
    await markPaymentNotSent(ctx, payment.id, rail.displayName);
    throw new PromptNotSent('not_sent', rail.displayName);
  }
}
