/**
 * Either party opens a dispute while money is in escrow: the money freezes (status `disputed`, the
 * auto-release stops) until the mediation team rules. The other party has 72 hours to respond.
 * Once the inspection window after dispatch has ended, the money belongs to the seller even if the
 * auto-release has not run yet: a dispute is then refused (422, docs/adr/0005-money-at-the-edges.md).
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import { AppError, businessRule } from '../../../lib/app-error.ts';
import { displayDateTime } from '../format.ts';
import { disputeTypeWords, notifyParties, type PartyMessage, smsDateTime, smsExcerpt } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction, type Caller } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';

export type DisputeReason =
  'non_delivery' | 'not_as_described' | 'quality_issue' | 'payment_delay' | 'withdrawal_declined' | 'withdrawal_lapsed' | 'other';

/**
 * The reasons of a dispute opened for the buyer over a withdrawal request (respond-to-withdrawal.ts): the
 * seller declined it, or did not answer it by its respond-by. A refund ruling on either ends the plan as withdrawn.
 */
const WITHDRAWAL_DISPUTE_REASONS: readonly DisputeReason[] = ['withdrawal_declined', 'withdrawal_lapsed'];
export const isWithdrawalDispute = (reason: string) => (WITHDRAWAL_DISPUTE_REASONS as readonly string[]).includes(reason);

export const RESPONSE_WINDOW_MS = 72 * 3600 * 1000;

/**
 * When a withdrawal request made at `requestedAt` must be answered by (stored with it as `respond_by`): the
 * seller's time to answer is a dispute's answer window, the same one constant. Unanswered by then, the
 * request is treated as declined (withdrawal-lapse.ts), and the dispute a decline opens follows.
 */
export const withdrawalRespondBy = (requestedAt: Date) => new Date(requestedAt.getTime() + RESPONSE_WINDOW_MS);

export async function openDispute(
  ctx: AppContext,
  /**
   * `description`: the opener's words. Absent for a reason picked from the USSD list: the dispute then stores
   * none, and every reader (web, admin, SMS) is shown the type in their own language.
   */
  options: { transactionId: string; caller: Caller; description?: string; reason?: DisputeReason },
) {
  return runTransactionAction(ctx, { ...options, action: 'dispute' }, async ({ tx, txn, actor, actorId, to }) => {
    if (!actorId) throw new AppError('FORBIDDEN', 'Only a party can open a dispute');
    if (txn.status === 'dispatched' && txn.inspectionEndsAt && txn.inspectionEndsAt <= ctx.now()) {
      throw businessRule(
        `The inspection period ended on ${displayDateTime(txn.inspectionEndsAt)}: disputes must be raised before it ends, and the payment is being released to the seller`,
        undefined,
        'inspection_over',
      );
    }
    const reason = options.reason ?? 'other';
    const words = options.description?.trim() ? options.description : null;
    const respondBy = new Date(ctx.now().getTime() + RESPONSE_WINDOW_MS);
    const dispute = await tx.dispute.create({
      data: {
        transactionId: txn.id,
        openedById: actorId,
        reason,
        description: words ?? '',
        respondBy,
        // On the app's clock, as respondBy: a ruling that lets a plan go on counts the frozen time from it.
        createdAt: ctx.now(),
      },
      select: { id: true },
    });
    await tx.transaction.update({ where: { id: txn.id }, data: { status: to, statusBeforeDispute: txn.status } });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'dispute_initiated',
      description: `Dispute opened by the ${actor}: ${words ? cutText(words, 200) : disputeTypeWords(reason, 'en')}`,
      actorId,
      // null (not absent): no words of the opener's own, so the timeline names the type in the reader's language.
      data: { dispute_id: dispute.id, reason, actor, dispute_description: words ? cutText(words, 200) : null },
    });
    // The opener is told the money is frozen; the other party also when their answer is due.
    const params = { by: actor, reason: words ? smsExcerpt(words, 50) : '', type: reason };
    const opened: PartyMessage = ['dispute_opened', params];
    const respond: PartyMessage = ['dispute_opened_respond', { ...params, deadline: smsDateTime(respondBy) }];
    await notifyParties(ctx, tx, txn, actor === 'buyer' ? { buyer: opened, seller: respond } : { buyer: respond, seller: opened });
    return txn.id;
  });
}
