/**
 * The party who did not open the dispute answers it, once. A late answer (after `respond_by`) is still
 * kept for the mediators, who see both times; evidence can be added either way until the ruling.
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { AppError, invalidState, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { lockTransaction, partyRole } from '../../escrow-core/access.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { toDisputeCaseWire } from '../../escrow-core/dispute-wire.ts';
import { latestDispute, noDispute } from './get-dispute-case.ts';

export async function respondToDispute(
  ctx: AppContext,
  options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'>; response: string },
) {
  return inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, options.transactionId);
    const role = partyRole(txn, options.caller);
    if (!role) throw notFound();
    const dispute = await latestDispute(tx, txn.id);
    if (!dispute) throw noDispute();
    if (role === 'admin') throw new AppError('FORBIDDEN', 'Only the other party responds to a dispute; the mediation team rules on it');
    if (dispute.openedById === options.caller.userId) {
      throw new AppError('FORBIDDEN', 'You opened this dispute: the other party responds. You can add evidence instead.');
    }
    if (dispute.status !== 'open') throw invalidState('The mediation team has already ruled on this dispute');
    if (dispute.respondedAt) throw invalidState('You have already responded to this dispute. You can add evidence instead.');
    const now = ctx.now();
    const isLate = now > dispute.respondBy;
    const updated = await tx.dispute.update({ where: { id: dispute.id }, data: { response: options.response, respondedAt: now } });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'dispute_evidence_added',
      description: `The ${role} responded to the dispute${isLate ? ' (after the response deadline)' : ''}: ${cutText(options.response, 200)}`,
      actorId: options.caller.userId,
      data: { dispute_id: dispute.id, response: true, is_late: isLate, actor: role, response_text: cutText(options.response, 200) },
    });
    return toDisputeCaseWire(updated, txn);
  });
}
