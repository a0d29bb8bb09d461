/**
 * The seller answers a buyer's withdrawal request (docs/product-rules.md §4):
 * - accept → the paid installments are refunded at once (`refunded`, plan `withdrawn`). The platform
 *   keeps the buyer's fee share on a withdrawal the buyer asked for ("fees may be deducted", docs/product-rules.md §5);
 *   a seller who cancels the plan instead refunds the fee too (cancel-transaction.ts).
 * - decline → a dispute is opened for the buyer automatically (reason `withdrawal_declined`, status
 *   `disputed`): the mediation team decides, and the seller, as the other party, may respond.
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { invalidState } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { escrowBalance } from '../../ledger/ledger.ts';
import { refundBuyer } from '../../escrow-core/money-movements.ts';
import { notifyParties, smsDateTime } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { RESPONSE_WINDOW_MS } from './open-dispute.ts';

export async function respondToWithdrawal(
  ctx: AppContext,
  options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'>; accept: boolean },
) {
  const action = options.accept ? 'accept_withdrawal' : 'decline_withdrawal';
  return runTransactionAction(
    ctx,
    { transactionId: options.transactionId, caller: options.caller, action },
    async ({ tx, txn, actorId, to }) => {
      const request = await tx.withdrawalRequest.findFirst({
        where: { transactionId: txn.id, status: 'pending' },
        orderBy: { createdAt: 'desc' },
      });
      if (!request) throw invalidState('There is no withdrawal request waiting for an answer', 'no_withdrawal_waiting');
      const now = ctx.now();
      await tx.withdrawalRequest.update({
        where: { id: request.id },
        data: { status: options.accept ? 'accepted' : 'declined', respondedAt: now },
      });

      if (options.accept) {
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
      }

      const respondBy = new Date(now.getTime() + RESPONSE_WINDOW_MS);
      const dispute = await tx.dispute.create({
        data: {
          transactionId: txn.id,
          // The buyer's claim: the seller, who declined, is the party who responds.
          openedById: txn.buyerId,
          reason: 'withdrawal_declined',
          description: request.reason,
          respondBy,
          // On the app's clock, as respondBy: a ruling that lets a plan go on counts the frozen time from it.
          createdAt: now,
        },
        select: { id: true },
      });
      await tx.transaction.update({ where: { id: txn.id }, data: { status: to, statusBeforeDispute: txn.status } });
      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: 'withdrawal_declined',
        description: 'The seller declined the withdrawal',
        actorId,
        data: { withdrawal_id: request.id },
      });
      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: 'dispute_initiated',
        description: 'Dispute opened for the buyer after the seller declined the withdrawal',
        actorId,
        data: { dispute_id: dispute.id, reason: 'withdrawal_declined', after_withdrawal: true },
      });
      await notifyParties(ctx, tx, txn, {
        buyer: ['withdrawal_declined'],
        seller: ['withdrawal_declined_seller', { deadline: smsDateTime(respondBy) }],
      });
      return txn.id;
    },
  );
}
