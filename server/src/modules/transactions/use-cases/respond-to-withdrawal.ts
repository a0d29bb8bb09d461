/**
 * The seller answers a buyer's withdrawal request (docs/product-rules.md §4):
 * - accept → the paid installments are refunded at once (`refunded`, plan `withdrawn`). The platform
 *   keeps the buyer's fee share on a withdrawal the buyer asked for ("fees may be deducted", docs/product-rules.md §5);
 *   a seller who cancels the plan instead refunds the fee too (cancel-transaction.ts).
 * - decline → a dispute is opened for the buyer automatically (reason `withdrawal_declined`, status
 *   `disputed`): the mediation team decides, and the seller, as the other party, may respond.
 * - no answer by the request's respond-by → the same decline, made by the system and recorded as lapsed
 *   (`lapseWithdrawal`, run by withdrawal-lapse.ts): its dispute's reason is `withdrawal_lapsed`, since the
 *   seller declined nothing.
 */
import { cutText } from '@escrow/core/domain/text';
import { isWithdrawalOverdue } from '@escrow/core/domain/transaction-state';
import type { AppContext } from '../../../context.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { AppError, invalidState } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { escrowBalance } from '../../ledger/ledger.ts';
import { refundBuyer } from '../../escrow-core/money-movements.ts';
import { notifyParties, smsDateTime } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction, type ActionContext, type WaitingWithdrawal } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { RESPONSE_WINDOW_MS } from './open-dispute.ts';

const noneWaiting = () => invalidState('There is no withdrawal request waiting for an answer', 'no_withdrawal_waiting');
/** Past its respond-by the request is the mediators' (the lapse sweep hands it over within minutes), not the seller's. */
const answerTooLate = () =>
  invalidState('The time to answer this withdrawal request has passed: our mediators will review it', 'withdrawal_answer_too_late');

export async function respondToWithdrawal(
  ctx: AppContext,
  options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'>; accept: boolean },
) {
  const action = options.accept ? 'accept_withdrawal' : 'decline_withdrawal';
  let request: WaitingWithdrawal | null = null;
  return runTransactionAction(
    ctx,
    {
      transactionId: options.transactionId,
      caller: options.caller,
      action,
      // A seller answering as the request lapses (or twice) is told no request waits, not the status that
      // followed; one answering after the respond-by, before the sweep has run, is told it is too late.
      precheck: async (_tx, _txn, waiting) => {
        request = await waiting();
        if (!request) throw noneWaiting();
        if (isWithdrawalOverdue(request.respondBy, ctx.now())) throw answerTooLate();
      },
    },
    async (acting) => {
      const { tx, txn, actorId, to } = acting;
      if (!request) throw noneWaiting();
      if (!options.accept) {
        await declineWithdrawal(ctx, acting, request, { lapsed: false });
        return txn.id;
      }
      const now = ctx.now();
      await tx.withdrawalRequest.update({ where: { id: request.id }, data: { status: 'accepted', respondedAt: now } });
      const held = await escrowBalance(tx, txn.id);
      await tx.transaction.update({ where: { id: txn.id }, data: { status: to, cancelledAt: now } });
      if (txn.plan) await tx.installmentPlan.update({ where: { id: txn.plan.id }, data: { status: 'withdrawn' } });
      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: 'withdrawal_confirmed',
        description: `The seller accepted the withdrawal: ${formatKes(held)} paid so far is refunded (the buyer's fee share is kept)`,
        actorId,
        data: { withdrawal_id: request.id, amount: formatCents(held) },
      });
      // The buyer's fee share is not refunded on a withdrawal (docs/adr/0004-refund-and-dispute-policy.md): the SMS says so.
      const feeKept = (await loadQuote(tx, txn.id)).feePaid;
      const total = await refundBuyer(ctx, tx, txn, {
        price: held,
        reason: 'withdrawal_accepted',
        note: cutText(request.reason, 500),
        actorId,
      });
      // Both parties are told what happens to the money, as on a decline.
      const refund = { amount: formatKes(total) };
      await notifyParties(ctx, tx, txn, {
        buyer: ['withdrawal_accepted', feeKept > 0n ? { ...refund, fee: formatKes(feeKept) } : refund],
        seller: ['withdrawal_accepted_seller', refund],
      });
      return txn.id;
    },
  );
}

/**
 * A request still waiting past its respond-by is declined for the seller who did not answer (the
 * withdrawal-lapse sweep), under the transaction row lock the seller's answer takes. False, and nothing
 * written, when it no longer waits or is not yet due: the seller answered first, or the plan moved on.
 */
export async function lapseWithdrawal(ctx: AppContext, options: { transactionId: string; requestId: string }): Promise<boolean> {
  let request: WaitingWithdrawal | null = null;
  try {
    return await runTransactionAction(
      ctx,
      {
        transactionId: options.transactionId,
        caller: { system: true },
        action: 'decline_withdrawal',
        precheck: async (_tx, _txn, waiting) => {
          request = await waiting();
          if (!request || request.id !== options.requestId || !isWithdrawalOverdue(request.respondBy, ctx.now())) throw noneWaiting();
        },
      },
      async (acting) => {
        if (!request) throw noneWaiting();
        await declineWithdrawal(ctx, acting, request, { lapsed: true });
        return true;
      },
    );
  } catch (error) {
    // Answered, or no longer in a state a decline leaves (a dispute, a cancelled plan): nothing to lapse.
    if (error instanceof AppError && error.code === 'INVALID_STATE') return false;
    throw error;
  }
}

/**
 * The decline, by the seller or, `lapsed`, by the system for a seller who did not answer in time: a dispute
 * is opened for the buyer, and both parties are texted. A lapsed request keeps no response time (nobody
 * answered); its timeline line and SMS say the seller did not answer.
 */
async function declineWithdrawal(
  ctx: AppContext,
  { tx, txn, actorId, to }: ActionContext,
  request: WaitingWithdrawal,
  options: { lapsed: boolean },
) {
  const now = ctx.now();
  const { lapsed } = options;
  await tx.withdrawalRequest.update({ where: { id: request.id }, data: { status: 'declined', respondedAt: lapsed ? null : now } });
  const respondBy = new Date(now.getTime() + RESPONSE_WINDOW_MS);
  const reason = lapsed ? 'withdrawal_lapsed' : 'withdrawal_declined';
  const dispute = await tx.dispute.create({
    data: {
      transactionId: txn.id,
      // The buyer's claim: the seller, who declined or did not answer, is the party who responds.
      openedById: txn.buyerId,
      reason,
      description: request.reason,
      respondBy,
      // On the app's clock, as respondBy: a ruling that lets a plan go on counts the frozen time from it.
      createdAt: now,
    },
    select: { id: true },
  });
  await tx.transaction.update({ where: { id: txn.id }, data: { status: to, statusBeforeDispute: txn.status } });
  await appendEvent(
    tx,
    lapsed
      ? {
          transactionId: txn.id,
          eventType: 'withdrawal_lapsed',
          description: 'The seller did not answer the withdrawal request in time: it is treated as declined',
          data: { withdrawal_id: request.id, respond_by: request.respondBy.toISOString() },
        }
      : {
          transactionId: txn.id,
          eventType: 'withdrawal_declined',
          description: 'The seller declined the withdrawal',
          actorId,
          data: { withdrawal_id: request.id },
        },
  );
  await appendEvent(tx, {
    transactionId: txn.id,
    eventType: 'dispute_initiated',
    description: lapsed
      ? 'Dispute opened for the buyer after the seller did not answer the withdrawal request in time'
      : 'Dispute opened for the buyer after the seller declined the withdrawal',
    actorId,
    data: { dispute_id: dispute.id, reason, after_withdrawal: true, ...(lapsed ? { lapsed: true } : {}) },
  });
  const lapse: Record<string, string> = lapsed ? { lapsed: 'yes' } : {};
  await notifyParties(ctx, tx, txn, {
    buyer: ['withdrawal_declined', lapse],
    seller: ['withdrawal_declined_seller', { deadline: smsDateTime(respondBy), ...lapse }],
  });
}
