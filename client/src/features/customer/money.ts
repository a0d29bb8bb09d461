/**
 * Reading the server's money figures. What is owed, held and refunded is the server's `quote`
 * (packages/core/src/domain/quote.ts): the pages show it and never recompute it; what a ruling would pay is
 * the core's `rulingAmounts` on those figures. Nothing here decides what is allowed either (that is
 * `allowed_actions`).
 */
import { isInstallmentOwed } from '@escrow/core/domain/installment-plan';
import { parseAmount, type Cents } from '@escrow/core/domain/money';
import { rulingAmounts } from '@escrow/core/domain/ruling';
import { isTerminal } from '@escrow/core/domain/transaction-state';
import type { Installment, TransactionDetail } from './api/transactions';

export const cents = (wire: string | null | undefined): Cents => parseAmount(wire ?? '') ?? 0n;

/**
 * A plan that ended before it was paid off (a withdrawal accepted, the seller cancelled, a refund ruling):
 * its unpaid rows are no longer owed, so none is "next" or "due".
 */
export function isPlanEnded(status: string): boolean {
  return status === 'refunded' || status === 'cancelled';
}

/** The earliest installment not yet fully paid (the schedule's highlight). */
export function nextInstallment(installments: Installment[] | undefined): Installment | null {
  return installments?.find(isInstallmentOwed) ?? null;
}

/**
 * The seller's "you receive" line while the money can still go to them, or null: what a release pays,
 * from the same rule the ruling form and the money movements use (domain/ruling.ts, `sellerShare`). In a
 * dispute a ruling for the seller pays what is held less their fee, but a plan not fully paid only goes on
 * (nothing is released before the last payment); a refund ruling waiting for the item's return pays them
 * nothing.
 */
export function sellerReceivesLine(
  detail: Pick<TransactionDetail, 'transaction' | 'dispute'>,
): { label: 'youReceive' | 'youReceiveIfReleased' | 'youReceiveOncePaid'; amount: Cents } | null {
  const txn = detail.transaction;
  if (txn.my_role !== 'seller' || isTerminal(txn.status)) return null;
  const whole = cents(txn.quote.seller_receives);
  if (txn.status !== 'disputed') return { label: 'youReceive', amount: whole };
  if (detail.dispute?.status === 'awaiting_return') return null;
  const held = cents(txn.quote.held);
  const release = rulingAmounts('release_seller', {
    held,
    price: cents(txn.amount),
    buyerFeePaid: cents(txn.quote.fee_paid),
    sellerFee: cents(txn.seller_fee),
  });
  return release.planGoesOn ? { label: 'youReceiveOncePaid', amount: whole } : { label: 'youReceiveIfReleased', amount: release.toSeller };
}

/** What a full refund gives the buyer now (a cancel, or a refund ruling once the item is back): held plus fee paid. */
export function whatARefundReturns(txn: Pick<TransactionDetail['transaction'], 'quote'>): Cents {
  return cents(txn.quote.held) + cents(txn.quote.fee_paid);
}

/** Nothing paid in yet and paying is next: "created, now pay into escrow" is still the next step. */
export function isAwaitingFirstPayment(detail: Pick<TransactionDetail, 'transaction' | 'payment_status'>): boolean {
  return detail.transaction.allowed_actions.includes('pay') && detail.payment_status.successful_payments === 0;
}

/**
 * The least amount a buyer may type on a plan, as the server takes it (initiate-payment.ts): the first
 * payment starts the plan, so it is the whole initial payment with the fee (`next_payment`); once the plan
 * runs, anything above the unpaid fee, in whole shillings.
 */
export function customAmountMinimum(txn: Pick<TransactionDetail['transaction'], 'status' | 'quote'>): Cents {
  if (txn.status === 'pending' && txn.quote.next_payment !== null) return cents(txn.quote.next_payment);
  return cents(txn.quote.owed_fee) + 100n;
}
