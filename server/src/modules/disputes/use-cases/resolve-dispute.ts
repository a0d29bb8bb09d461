/**
 * The mediation team rules on a dispute. The ruling is final: it is recorded once (who, when, note and
 * amounts, plus an audit log row) and a second ruling is 409. Money follows in the same database
 * transaction (docs/adr/0004-refund-and-dispute-policy.md):
 *
 * - `release_seller` → `completed`: what escrow holds goes to the seller, less the seller's fee. A Lipa
 *   Mdogo Mdogo plan that is not fully paid cannot be released (the seller dispatches only after full
 *   payment): the buyer's claim is refused and the plan goes on (`installment`), money untouched.
 * - `refund_buyer`: everything the buyer paid, their fee share included, since the seller lost. Never
 *   dispatched → refunded now (`refunded`). Dispatched → the dispute waits for the item
 *   (`awaiting_return`, the transaction stays `disputed`) and the refund is paid when the seller
 *   confirms the return (confirm-return.ts).
 * - `split` → `completed`: `buyerAmount` of the price back to the buyer, the rest released to the seller
 *   less the seller's fee; fee shares are not refunded.
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../../context.ts';
import { type Cents, formatCents, formatKes } from '@escrow/core/domain/money';
import type { TransactionStatus } from '@escrow/core/domain/transaction-state';
import { splitBuyerAmountMessage, splitBuyerAmountProblem } from '@escrow/core/domain/ruling';
import { sellerShare } from '@escrow/core/domain/quote';
import { businessRule, invalidState, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { escrowBalance } from '../../ledger/ledger.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { refundBuyer, releaseToSeller } from '../../escrow-core/money-movements.ts';
import { notifyParties, type Ruling } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { delayPlanSchedule } from '../../installments/schedule.ts';
import { isWithdrawalDispute } from '../../transactions/use-cases/open-dispute.ts';

export type DisputeOutcome = 'release_seller' | 'refund_buyer' | 'split';

const RULING_ACTION = { release_seller: 'rule_release_seller', refund_buyer: 'rule_refund_buyer', split: 'rule_split' } as const;

export interface ResolveDisputeInput {
  disputeId: string;
  admin: Pick<AuthUser, 'userId' | 'role'>;
  outcome: DisputeOutcome;
  /** split only: the part of the price refunded to the buyer. */
  buyerAmount?: Cents;
  note: string;
  ip?: string;
}

const alreadyRuled = () => invalidState('This dispute has already been ruled on. The ruling is final and cannot be changed.');

/** The key of the refund a dispute orders: one per dispute, whether paid at the ruling or on return. */
export const disputeRefundKey = (transactionId: string, disputeId: string) => `refund:${transactionId}:dispute:${disputeId}`;

/** Rules on the dispute; returns its transaction's id. */
export async function resolveDispute(ctx: AppContext, input: ResolveDisputeInput): Promise<string> {
  const found = await ctx.db.dispute.findUnique({ where: { id: input.disputeId }, select: { transactionId: true, outcome: true } });
  if (!found) throw notFound('Dispute');
  if (found.outcome) throw alreadyRuled();

  const action = RULING_ACTION[input.outcome];
  return runTransactionAction(
    ctx,
    {
      transactionId: found.transactionId,
      caller: input.admin,
      action,
      // Under the lock, before the state table: the loser of two rulings at once finds the transaction
      // completed or refunded, and is told the dispute was ruled rather than "not allowed now".
      precheck: async (tx) => {
        const current = await tx.dispute.findUniqueOrThrow({ where: { id: input.disputeId }, select: { outcome: true, status: true } });
        if (current.outcome || current.status !== 'open') throw alreadyRuled();
      },
    },
    async ({ tx, txn, actorId, to }) => {
      const dispute = await tx.dispute.findUniqueOrThrow({ where: { id: input.disputeId } });
      const now = ctx.now();
      const held = await escrowBalance(tx, txn.id);
      const refundKey = disputeRefundKey(txn.id, dispute.id);

      const status: TransactionStatus = to;
      let disputeStatus: 'resolved' | 'awaiting_return' = 'resolved';
      let buyerCents = 0n;
      let sellerCents = 0n;
      // What the seller is paid after their fee, for the timeline's sentence (release and split).
      let sellerPayout: Cents | null = null;
      let summary: string;
      let ruling: Ruling;
      let planStatus: 'cancelled' | 'withdrawn' | null = null;
      // The refund and payout the ruling orders: made after its timeline entry, so that a party reads the
      // ruling before the refund and payout it caused (as a confirmed delivery reads before its payout).
      let moveMoney = async () => {};

      if (input.outcome === 'release_seller') {
        if (to === 'installment') {
          if (txn.plan) await delayPlanSchedule(tx, txn.plan.id, now.getTime() - dispute.createdAt.getTime());
          summary = "Ruled for the seller: the buyer's claim is refused and the plan goes on";
          ruling = 'plan_goes_on';
        } else {
          sellerCents = held;
          sellerPayout = sellerShare(held, txn.sellerFeeCents).payout;
          summary = `Ruled for the seller: ${formatKes(sellerPayout)} paid to the seller (${formatKes(held)} less the fee)`;
          ruling = 'for_seller';
          moveMoney = async () => {
            await releaseToSeller(ctx, tx, txn, { price: held, actorId, releasedBy: 'ruling' });
          };
        }
      } else if (input.outcome === 'refund_buyer') {
        buyerCents = held + (await loadQuote(tx, txn.id)).feePaid;
        if (to === 'disputed') {
          disputeStatus = 'awaiting_return';
          summary = `Ruled for the buyer: ${formatKes(buyerCents)} is refunded once the seller confirms the item came back`;
          ruling = 'for_buyer_after_return';
        } else {
          const fee = buyerCents - held;
          moveMoney = async () => {
            await refundBuyer(ctx, tx, txn, {
              price: held,
              fee,
              reason: 'dispute_refund',
              note: cutText(input.note, 500),
              actorId,
              key: refundKey,
            });
          };
          planStatus = isWithdrawalDispute(dispute.reason) ? 'withdrawn' : 'cancelled';
          summary = `Ruled for the buyer: ${formatKes(buyerCents)} refunded to the buyer`;
          ruling = 'for_buyer';
        }
      } else {
        const buyerAmount = input.buyerAmount ?? 0n;
        const problem = splitBuyerAmountProblem(buyerAmount, held);
        if (problem) throw businessRule(splitBuyerAmountMessage(problem, held), 'buyer_amount');
        buyerCents = buyerAmount;
        sellerCents = held - buyerAmount;
        sellerPayout = sellerShare(sellerCents, txn.sellerFeeCents).payout;
        if (txn.plan?.status === 'active') planStatus = 'cancelled';
        // The seller's figure is what they are paid (after their fee), as in the SMS and the quote.
        summary = `Split ruling: ${formatKes(buyerCents)} refunded to the buyer, ${formatKes(sellerPayout)} paid to the seller (${formatKes(sellerCents)} less the fee)`;
        ruling = 'split';
        moveMoney = async () => {
          await refundBuyer(ctx, tx, txn, {
            price: buyerAmount,
            reason: 'dispute_split',
            note: cutText(input.note, 500),
            actorId,
            key: refundKey,
          });
          await releaseToSeller(ctx, tx, txn, { price: sellerCents, actorId });
        };
      }

      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: 'dispute_resolved',
        description: summary,
        actorId,
        data: {
          dispute_id: dispute.id,
          outcome: input.outcome,
          buyer_amount: formatCents(buyerCents),
          seller_amount: formatCents(sellerCents),
          awaiting_return: disputeStatus === 'awaiting_return',
          ...(sellerPayout === null ? {} : { seller_payout: formatCents(sellerPayout) }),
          ...(input.outcome === 'release_seller' && to === 'installment' ? { plan_goes_on: true } : {}),
        },
      });
      await moveMoney();

      await tx.dispute.update({
        where: { id: dispute.id },
        data: {
          status: disputeStatus,
          outcome: input.outcome,
          buyerAmountCents: buyerCents,
          sellerAmountCents: sellerCents,
          rulingNote: input.note,
          resolvedById: actorId,
          resolvedAt: now,
        },
      });
      await tx.transaction.update({
        where: { id: txn.id },
        data: { status, ...(status === 'completed' ? { completedAt: now, releasedBy: 'ruling' as const } : {}) },
      });
      if (planStatus && txn.plan && txn.plan.status !== planStatus) {
        await tx.installmentPlan.update({ where: { id: txn.plan.id }, data: { status: planStatus } });
      }
      await tx.auditLog.create({
        data: {
          actorId,
          action: 'dispute.rule',
          entity: 'dispute',
          entityId: dispute.id,
          ip: input.ip?.slice(0, 64) ?? null,
          data: {
            transaction_id: txn.id,
            outcome: input.outcome,
            buyer_amount: formatCents(buyerCents),
            seller_amount: formatCents(sellerCents),
            note: input.note,
            status_before: txn.status,
            status_after: status,
          },
        },
      });
      // Each party reads the ruling from their side; the seller's figure is what they are paid after their fee.
      const amounts = { ruling, buyerAmount: formatKes(buyerCents), sellerAmount: formatKes(sellerPayout ?? 0n) };
      await notifyParties(ctx, tx, txn, {
        buyer: ['dispute_ruled', { ...amounts, role: 'buyer' }],
        seller: ['dispute_ruled', { ...amounts, role: 'seller' }],
      });
      return txn.id;
    },
  );
}
