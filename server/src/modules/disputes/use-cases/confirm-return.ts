/**
 * After a `refund_buyer` ruling on a dispatched item, the seller confirms the item came back and the
 * buyer is refunded in full, fee share included (docs/product-rules.md §4: "once the seller confirms receipt, the buyer is
 * fully refunded"). This completes the ruling, so it follows the state table's `rule_refund_buyer` row.
 * An admin may confirm on the seller's behalf, with proof of the return, when the seller does not.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction, type Tx } from '../../../db/prisma.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { checkTransition, type Actor } from '@escrow/core/domain/transaction-state';
import { AppError, invalidState, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { escrowBalance } from '../../ledger/ledger.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { lockTransaction, partyRole } from '../../escrow-core/access.ts';
import { refundBuyer } from '../../escrow-core/money-movements.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { latestDispute } from './get-dispute-case.ts';
import { disputeRefundKey } from './resolve-dispute.ts';

/**
 * Whether this transaction's return was confirmed: a refund ruling on a dispatched item waits for the return
 * (the state table's `rule_refund_buyer` row with `wasDispatched`), so its dispute is resolved with the
 * transaction refunded only by `confirm_return`.
 */
function returnWasConfirmed(
  txn: { status: string; dispatchedAt: Date | null },
  dispute: { status: string; outcome: string | null } | null,
): boolean {
  return txn.status === 'refunded' && txn.dispatchedAt !== null && dispute?.status === 'resolved' && dispute.outcome === 'refund_buyer';
}

/**
 * What someone asking to confirm a return already confirmed is told (the loser of two confirmations at once,
 * or anyone asking again later): the buyer's refund as it stands, said to the buyer as theirs. The refund
 * is paid by payouts (one per phone that paid), each sent, paid or failed on its own; a failed one stays
 * failed until the mediation team sends it again (admin Alerts), and the buyer was told so by SMS.
 */
const TO_THE_BUYER = {
  paid: 'The return was already confirmed: your refund has been paid.',
  sending: 'The return was already confirmed: your refund is on its way.',
  failed: 'The return was already confirmed, but your refund could not be sent: our team will contact you.',
} as const;
const TO_THE_OTHERS = {
  paid: "The return was already confirmed: the buyer's refund has been paid.",
  sending: "The return was already confirmed: the buyer's refund is on its way.",
  failed: "The return was already confirmed, but the buyer's refund could not be sent: our team will contact them.",
} as const;
// The mediation team is the "our team" of the others' sentence: a failed refund waits for one of them to send it again.
const TO_THE_MEDIATORS = {
  ...TO_THE_OTHERS,
  failed:
    "The return was already confirmed, but the buyer's refund could not be sent: send it again from Alerts (Payouts stuck or failed).",
} as const;

async function alreadyConfirmedRefusal(tx: Tx, transactionId: string, role: Actor): Promise<string> {
  const payouts = await tx.payout.findMany({
    where: { transactionId, kind: 'buyer_refund', refunds: { some: { reason: 'dispute_refund' } } },
    select: { status: true },
  });
  const state = payouts.some((payout) => payout.status === 'failed')
    ? 'failed'
    : payouts.length > 0 && payouts.every((payout) => payout.status === 'completed')
      ? 'paid'
      : 'sending';
  return (role === 'buyer' ? TO_THE_BUYER : role === 'admin' ? TO_THE_MEDIATORS : TO_THE_OTHERS)[state];
}

export async function confirmReturn(
  ctx: AppContext,
  options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'>; ip?: string },
) {
  return inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, options.transactionId);
    const role = partyRole(txn, options.caller);
    if (!role) throw notFound();
    const dispute = await latestDispute(tx, txn.id);
    // Under the lock, before the state table: the loser of two confirmations at once finds the transaction
    // refunded, and is told the return was confirmed rather than that there is no returned item to confirm.
    if (returnWasConfirmed(txn, dispute)) throw invalidState(await alreadyConfirmedRefusal(tx, txn.id, role));
    const check = checkTransition(txn.status, 'confirm_return', role, txn.transactionType, {
      isAwaitingReturn: dispute?.status === 'awaiting_return',
    });
    if (!check.ok && check.reason === 'FORBIDDEN') throw new AppError('FORBIDDEN', 'Only the seller confirms that the item came back');
    if (!check.ok || !dispute) {
      throw invalidState(`There is no returned item to confirm: this follows a refund ruling on a dispatched item (status: ${txn.status})`);
    }
    const held = await escrowBalance(tx, txn.id);
    const fee = (await loadQuote(tx, txn.id)).feePaid;
    const actorId = options.caller.userId;
    // Everything the buyer paid: what escrow holds and their fee share. The return's event reads before the
    // refund it released (as a ruling reads before its refund, resolve-dispute.ts).
    const total = await refundBuyer(ctx, tx, txn, {
      price: held,
      fee,
      reason: 'dispute_refund',
      note: 'Item returned to the seller',
      actorId,
      key: disputeRefundKey(txn.id, dispute.id),
      cause: (refunded) => ({
        transactionId: txn.id,
        eventType: 'dispute_resolved',
        description: `The ${role === 'admin' ? 'mediation team' : 'seller'} confirmed the item came back; ${formatKes(refunded)} refunded to the buyer`,
        actorId,
        data: { dispute_id: dispute.id, outcome: 'refund_buyer', return_confirmed: true, buyer_amount: formatCents(refunded), actor: role },
      }),
    });
    await tx.transaction.update({ where: { id: txn.id }, data: { status: check.to } });
    await tx.dispute.update({ where: { id: dispute.id }, data: { status: 'resolved' } });
    if (txn.plan && txn.plan.status !== 'cancelled')
      await tx.installmentPlan.update({ where: { id: txn.plan.id }, data: { status: 'cancelled' } });
    if (role === 'admin') {
      await tx.auditLog.create({
        data: {
          actorId,
          action: 'dispute.confirm_return',
          entity: 'dispute',
          entityId: dispute.id,
          ip: options.ip?.slice(0, 64) ?? null,
          data: { transaction_id: txn.id, refunded: formatCents(total) },
        },
      });
    }
    // A seller who confirmed the return knows; when the mediation team did it for them, they are told.
    await notifyParties(ctx, tx, txn, {
      buyer: ['refunded', { amount: formatKes(total) }],
      ...(role === 'admin' ? { seller: ['return_confirmed_for_seller', { amount: formatKes(total) }] as const } : {}),
    });
    return txn.id;
  });
}
