/**
 * The buyer asks for their money back (the refund policy's "request process"). The policy decides the
 * road (domain/refund-policy.ts): before dispatch a cancellation with a full refund, on a part-paid
 * plan a withdrawal the seller answers, after dispatch a dispute where evidence is heard. After release
 * there is no road: 422 with the reason (completed with no dispute, change of mind after delivery,
 * a dispute raised too late, a final ruling).
 */
import type { AppContext } from '../../../context.ts';
import { assessRefundRequest } from '@escrow/core/domain/refund-policy';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import type { DisputeReason } from '../../transactions/use-cases/open-dispute.ts';
import { partyRole } from '../../escrow-core/access.ts';
import { cancelTransaction } from '../../transactions/use-cases/cancel-transaction.ts';
import { openDispute } from '../../transactions/use-cases/open-dispute.ts';
import { refundFacts } from '../../transactions/use-cases/refund-facts.ts';
import { requestWithdrawal } from '../../transactions/use-cases/request-withdrawal.ts';

export type RefundRoadTaken = 'cancel' | 'withdrawal' | 'dispute';

export async function requestRefund(
  ctx: AppContext,
  options: {
    transactionId: string;
    caller: Pick<AuthUser, 'userId' | 'role'>;
    reason: string;
    disputeType?: Exclude<DisputeReason, 'withdrawal_declined' | 'withdrawal_lapsed'>;
  },
): Promise<RefundRoadTaken> {
  const read = await refundFacts(ctx.db, options.transactionId);
  const role = read ? partyRole(read.parties, options.caller) : null;
  if (!read || !role) throw notFound();
  if (role !== 'buyer')
    throw new AppError('FORBIDDEN', 'Only the buyer can ask for a refund. A seller can cancel before dispatch, which refunds the buyer.');
  const decision = assessRefundRequest(read.facts);
  if (!decision.isAllowed) throw new AppError(decision.code, decision.message);
  const { transactionId, caller, reason } = options;
  switch (decision.road) {
    case 'cancel':
      await cancelTransaction(ctx, { transactionId, caller, reason });
      break;
    case 'withdrawal':
      await requestWithdrawal(ctx, { transactionId, caller, reason });
      break;
    case 'dispute':
      await openDispute(ctx, { transactionId, caller, description: reason, reason: options.disputeType ?? 'other' });
      break;
  }
  return decision.road;
}
