/**
 * The refund policy (docs/product-rules.md §4, §5, §9) as one pure decision, shared by the refund request endpoint, the
 * Lipa Mdogo Mdogo withdrawal request and USSD: may the buyer ask for money back now, and by which road?
 *
 * - Money not yet released to the seller can come back: funded and not dispatched → cancel with a full
 *   refund; a plan part paid → withdrawal (the seller accepts or a dispute follows); dispatched → a
 *   dispute with evidence (non-delivery, not as described).
 * - After release (`completed`) nothing comes back: a completed transaction with no dispute, a change of
 *   mind after delivery and a dispute raised after the inspection window are not refundable, and a
 *   ruling is final. The only refund after a dispute is the one the ruling itself orders.
 *
 * docs/adr/0004-refund-and-dispute-policy.md explains each choice.
 */
import type { TransactionStatus, TransactionType } from './transaction-state.ts';

export type DisputeOutcome = 'release_seller' | 'refund_buyer' | 'split';

export interface RefundFacts {
  status: TransactionStatus;
  transactionType: TransactionType;
  /** Already refunded to the buyer, preformatted ("KES 1,025"); null when nothing was. */
  refunded: string | null;
  /** How a completed transaction was released. */
  releasedBy: 'buyer' | 'auto_release' | 'ruling' | null;
  /** When the money was released, preformatted for the message. */
  releasedOn: string | null;
  /** The outcome of the latest ruled dispute, if any. */
  ruling: DisputeOutcome | null;
  /** The latest dispute's status, if any. */
  disputeStatus: 'open' | 'awaiting_return' | 'resolved' | null;
}

export type RefundRoad = 'cancel' | 'withdrawal' | 'dispute';

export type RefundDecision =
  { isAllowed: true; road: RefundRoad } | { isAllowed: false; code: 'BUSINESS_RULE' | 'INVALID_STATE'; message: string };

const refuse = (message: string): RefundDecision => ({ isAllowed: false, code: 'BUSINESS_RULE', message });

/** Why money that was released to the seller does not come back. */
function releasedMessage(facts: RefundFacts): string {
  const on = facts.releasedOn ? ` on ${facts.releasedOn}` : '';
  if (facts.ruling === 'release_seller') {
    return 'The dispute was ruled in favour of the seller. The ruling is final and binding, so no refund is possible.';
  }
  if (facts.ruling === 'split') {
    return `The dispute was settled with a split${facts.refunded ? ` (${facts.refunded} refunded to you)` : ''}. The ruling is final and binding, so no further refund is possible.`;
  }
  if (facts.releasedBy === 'auto_release') {
    return `The inspection period ended${on} without a dispute and the payment was released to the seller. Disputes must be raised before release, so this transaction is not refundable.`;
  }
  return `You confirmed delivery and the payment was released to the seller${on}. A completed transaction with no dispute is not refundable, including a change of mind after delivery.`;
}

/** The road a buyer's refund request takes now, or why there is none (422, or 409 while a dispute is open). */
export function assessRefundRequest(facts: RefundFacts): RefundDecision {
  switch (facts.status) {
    case 'pending':
      return refuse('Nothing has been paid yet, so there is nothing to refund. You can cancel the transaction instead.');
    case 'cancelled':
      return refuse('This transaction was cancelled before any payment, so there is nothing to refund.');
    case 'refunded':
      return refuse(`This transaction was already refunded${facts.refunded ? ` (${facts.refunded})` : ''}.`);
    case 'completed':
      return refuse(releasedMessage(facts));
    case 'disputed':
      if (facts.disputeStatus === 'awaiting_return') {
        return refuse('The mediation team already ruled for a refund: it is paid as soon as the seller confirms the item came back.');
      }
      return {
        isAllowed: false,
        code: 'INVALID_STATE',
        message: 'A dispute is already open on this transaction. Add your evidence to it instead.',
      };
    case 'funded':
      // Cancelled before the seller confirms dispatch (docs/product-rules.md §9). A plan fully paid but not dispatched is
      // still a withdrawal: the seller has a say (docs/product-rules.md §4).
      return { isAllowed: true, road: facts.transactionType === 'lipa_mdogo_mdogo' ? 'withdrawal' : 'cancel' };
    case 'installment':
      return { isAllowed: true, road: 'withdrawal' };
    case 'dispatched':
      return { isAllowed: true, road: 'dispute' };
  }
}

/**
 * Whether a Lipa Mdogo Mdogo withdrawal may be requested: before the final installment or before
 * dispatch (docs/product-rules.md §5). Null when the state table should decide (installment, funded, disputed).
 */
export function withdrawalRefusal(facts: RefundFacts): string | null {
  if (facts.transactionType !== 'lipa_mdogo_mdogo') {
    return 'Withdrawal applies only to Lipa Mdogo Mdogo plans. Cancel before dispatch, or open a dispute after it.';
  }
  switch (facts.status) {
    case 'pending':
      return 'Nothing has been paid on this plan yet. You can cancel it instead.';
    case 'dispatched':
      return 'A withdrawal must be requested before the item is dispatched. If the item is not as described, open a dispute instead.';
    case 'completed':
    case 'cancelled':
    case 'refunded': {
      const decision = assessRefundRequest(facts);
      return decision.isAllowed ? null : decision.message;
    }
    default:
      return null;
  }
}
