/**
 * A Lipa Mdogo Mdogo buyer asks out of the plan, before the final installment or before dispatch
 * (docs/product-rules.md §4, §5). The money stays in escrow and the seller is asked by SMS to accept (instant refund of
 * the paid installments) or decline (a dispute for the mediation team) by the request's respond-by
 * (withdrawalRespondBy, 72 hours); unanswered by then it is treated as declined (withdrawal-lapse.ts). One request waits at a time.
 * Outside those conditions the refund policy answers 422 with the reason (domain/refund-policy.ts).
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import { formatCents } from '@escrow/core/domain/money';
import { withdrawalRefusal } from '@escrow/core/domain/refund-policy';
import { AppError, businessRule, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { partyRole } from '../../escrow-core/access.ts';
import { notifyParties, smsDateTime } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { withdrawalRespondBy } from './open-dispute.ts';
import { refundFacts } from './refund-facts.ts';

export async function requestWithdrawal(
  ctx: AppContext,
  options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'>; reason: string },
) {
  const facts = await refundFacts(ctx.db, options.transactionId);
  const role = facts ? partyRole(facts.parties, options.caller) : null;
  if (!facts || !role) throw notFound();
  if (role !== 'buyer') throw new AppError('FORBIDDEN', 'Only the buyer can ask to withdraw from a plan');
  const refusal = withdrawalRefusal(facts.facts);
  if (refusal) throw businessRule(refusal);

  return runTransactionAction(
    ctx,
    { transactionId: options.transactionId, caller: options.caller, action: 'request_withdrawal' },
    async ({ tx, txn, actorId }) => {
      // A second request while one waits was refused before this, by the state table's row (run-action.ts).
      // On the app's clock, as a dispute's; the respond-by is stored, and the SMS, the screens and the lapse
      // sweep read it.
      const requestedAt = ctx.now();
      const respondBy = withdrawalRespondBy(requestedAt);
      const request = await tx.withdrawalRequest.create({
        data: { transactionId: txn.id, reason: options.reason, createdAt: requestedAt, respondBy },
        select: { id: true },
      });
      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: 'withdrawal_initiated',
        description: `The buyer asked to withdraw from the plan: ${cutText(options.reason, 200)}`,
        actorId,
        data: { withdrawal_id: request.id, amount_paid: formatCents(txn.paidCents), withdrawal_reason: cutText(options.reason, 200) },
      });
      // The buyer's reason is on the web and USSD answer screens: with the deadline and what follows it, it no longer fits one SMS part.
      await notifyParties(ctx, tx, txn, { seller: ['withdrawal_requested', { deadline: smsDateTime(respondBy) }] });
      return txn.id;
    },
  );
}
