/**
 * How the dispute card (./dispute-panel.tsx) names who opened a dispute and what it is about, in the
 * reader's language. Pure, so both languages are tested without rendering.
 */
import type { DisputeCaseWire } from '@escrow/core/contract/disputes';
import { DISPUTE_REASONS } from '@escrow/core/contract/transactions';
import { parseAmount } from '@escrow/core/domain/money';
import { RULING_OUTCOMES, ruledPlanGoesOn, type RulingOutcome } from '@escrow/core/domain/ruling';
import type { Translate } from '@/i18n';
import { humanize } from '@/lib/format';

type Party = 'buyer' | 'seller' | 'admin';
type DisputeReason = (typeof DISPUTE_REASONS)[number];

/**
 * "You" or the other party. The Kiswahili role words are lower case for use inside a sentence
 * ("Wewe ni mnunuzi"); standing alone as a value they start with a capital, as "The buyer" does.
 */
export function disputeOpener(t: Translate, openedBy: Party, myRole: string): string {
  if (openedBy === myRole) return t('customer.dispute.you');
  const words = t('customer.dispute.theParty', { party: t(`customer.role.${openedBy}`) });
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The problem's name: a reason picked from the list, or a Lipa Mdogo Mdogo withdrawal the seller declined
 * (the server opens that dispute with the reason `withdrawal_declined`, named as its timeline event is) or
 * did not answer in time (`withdrawal_lapsed`: the seller declined nothing).
 */
export function disputeProblem(t: Translate, reason: string): string {
  if ((DISPUTE_REASONS as readonly string[]).includes(reason)) return t(`customer.actions.disputeTypes.${reason as DisputeReason}`);
  if (reason === 'withdrawal_declined') return t('customer.timeline.events.withdrawal_declined');
  if (reason === 'withdrawal_lapsed') return t('customer.dispute.withdrawalLapsed');
  return humanize(reason);
}

/**
 * The ruling's name on the card ("Ruling: …"). A refund ruling on a dispatched item waits for it to come
 * back. A ruling for the seller on a Lipa Mdogo Mdogo plan not fully paid releases nothing: the claim is
 * refused and the plan goes on (core's ruledPlanGoesOn).
 * It read "Released to the seller" ("Muuzaji amelipwa", the seller has been paid) though nobody was paid.
 */
export function disputeRuling(t: Translate, dispute: Pick<DisputeCaseWire, 'outcome' | 'status' | 'seller_amount'>): string {
  const { outcome, status } = dispute;
  if (!outcome) return '';
  if (status === 'awaiting_return') return t('customer.dispute.outcomes.refund_buyer_on_return');
  const sellerAmount = dispute.seller_amount === null ? null : (parseAmount(dispute.seller_amount) ?? null);
  if (ruledPlanGoesOn({ outcome, sellerAmount })) return t('customer.dispute.outcomes.plan_goes_on');
  if ((RULING_OUTCOMES as readonly string[]).includes(outcome)) return t(`customer.dispute.outcomes.${outcome as RulingOutcome}`);
  return humanize(outcome);
}
