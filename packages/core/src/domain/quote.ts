/**
 * The one answer to "how much": what the buyer still owes, what the escrow holds, what was refunded and
 * what the seller receives, computed from plain facts of a transaction, its completed pay-ins and its
 * refunds. The REST detail (`quote`), the pay screen, USSD and SMS all read it from here.
 */
import { type Cents, minCents } from './money.ts';
import type { TransactionStatus, TransactionType } from './transaction-state.ts';

export interface QuoteFacts {
  status: TransactionStatus;
  transactionType: TransactionType;
  /** The price. */
  amountCents: Cents;
  buyerFeeCents: Cents;
  sellerFeeCents: Cents;
  /** The part of the price paid into escrow (the pay-ins less their fee parts, up to the price). */
  paidCents: Cents;
  /** The completed pay-ins: what each brought in, and its fee part. */
  payments: readonly { amountCents: Cents; feeCents: Cents }[];
  /**
   * Refunds decided: `amountCents` includes the fee part `feeCents`. `reason` as the refunds table has it:
   * an `overpayment` gives back money that was never credited to the price (paid twice, too much, or after
   * the transaction stopped taking payments).
   */
  refunds: readonly { amountCents: Cents; feeCents: Cents; reason: string }[];
  /** The earliest Lipa Mdogo Mdogo installment not fully paid, if any. */
  nextInstallment?: { id: string; amountCents: Cents; paidCents: Cents } | null;
}

export interface Quote {
  /** Everything the buyer still owes: unpaid price plus unpaid fee share; zero once nothing is payable. */
  owed: Cents;
  /** The part of `owed` that is the buyer's fee share. */
  owedFee: Cents;
  /** The buyer's fee share the platform holds (paid in and not given back). */
  feePaid: Cents;
  /**
   * Everything the buyer's completed pay-ins brought in, before any refund (`refunded` says what came back):
   * the price part and fee share, and any money given back at once as not owed (paid after a cancellation,
   * or twice), so that what was refunded never exceeds it.
   */
  paidIn: Cents;
  /** What the escrow holds for this transaction. */
  held: Cents;
  /** Refunds decided so far, fee parts included. */
  refunded: Cents;
  /** What the seller is paid when the whole price is released: the price less the seller's fee share. */
  sellerReceives: Cents;
  /** The part of the price released to the seller (zero until the transaction completes). */
  releasedToSeller: Cents;
  /** The seller's fee share taken from what was released. */
  sellerFeeCharged: Cents;
  /** What the seller is paid out: released less the seller's fee (the figure of the payout SMS). */
  sellerPaidOut: Cents;
  /** The default amount of the next M-Pesa prompt; null when nothing is payable. */
  nextPayment: { total: Cents; fee: Cents; installmentId: string | null } | null;
}

/**
 * What releasing `price` of the escrow pays the seller: the price less their fee share, the fee never more
 * than the price. The release (money-movements.ts) and the quote both use it, so the payout, its SMS and the
 * web page name one figure.
 */
export function sellerShare(price: Cents, sellerFee: Cents): { fee: Cents; payout: Cents } {
  const fee = minCents(sellerFee, price);
  return { fee, payout: price - fee };
}

const PAYABLE: readonly TransactionStatus[] = ['pending', 'installment'];
/** States in which the paid price still sits in escrow; every other state has released or refunded it. */
const HOLDING: readonly TransactionStatus[] = ['pending', 'installment', 'funded', 'dispatched', 'disputed'];

export function isPayable(status: TransactionStatus): boolean {
  return PAYABLE.includes(status);
}

export function quote(facts: QuoteFacts): Quote {
  const feePaidIn = facts.payments.reduce((sum, payment) => sum + payment.feeCents, 0n);
  const feeRefunded = facts.refunds.reduce((sum, refund) => sum + refund.feeCents, 0n);
  const feePaid = feePaidIn - feeRefunded;
  const refunded = facts.refunds.reduce((sum, refund) => sum + refund.amountCents, 0n);
  const unpaidFee = facts.buyerFeeCents > feePaid ? facts.buyerFeeCents - feePaid : 0n;
  const unpaidPrice = facts.amountCents - facts.paidCents;
  const payable = isPayable(facts.status);
  const owed = payable ? unpaidPrice + unpaidFee : 0n;
  const held = HOLDING.includes(facts.status) ? facts.paidCents : 0n;
  // A completed transaction released what was paid in, less any price part refunded (a split ruling). An
  // overpayment given back was never part of what was paid in: a sale paid twice still releases its price.
  const refundedPrice = facts.refunds
    .filter((refund) => refund.reason !== 'overpayment')
    .reduce((sum, refund) => sum + refund.amountCents - refund.feeCents, 0n);
  const releasedToSeller = facts.status === 'completed' && facts.paidCents > refundedPrice ? facts.paidCents - refundedPrice : 0n;
  const released = sellerShare(releasedToSeller, facts.sellerFeeCents);
  return {
    owed,
    owedFee: payable ? unpaidFee : 0n,
    feePaid,
    paidIn: facts.payments.reduce((sum, payment) => sum + payment.amountCents, 0n),
    held,
    refunded,
    sellerReceives: sellerShare(facts.amountCents, facts.sellerFeeCents).payout,
    releasedToSeller,
    sellerFeeCharged: released.fee,
    sellerPaidOut: released.payout,
    nextPayment: payable ? nextPayment(facts, unpaidPrice, unpaidFee) : null,
  };
}

/**
 * The whole remaining amount, or for Lipa Mdogo Mdogo the rest of the earliest unpaid installment; the
 * buyer's fee share is collected with the first payment.
 */
function nextPayment(facts: QuoteFacts, unpaidPrice: Cents, unpaidFee: Cents): NonNullable<Quote['nextPayment']> {
  if (facts.transactionType !== 'lipa_mdogo_mdogo') return { total: unpaidPrice + unpaidFee, fee: unpaidFee, installmentId: null };
  const installment = facts.nextInstallment;
  if (!installment) return { total: unpaidFee, fee: unpaidFee, installmentId: null };
  return { total: installment.amountCents - installment.paidCents + unpaidFee, fee: unpaidFee, installmentId: installment.id };
}
