/**
 * Which ledger accounts each money movement posts to, as pure functions: the one table of posting rules.
 * Every rule returns balanced postings (they sum to zero) with no zero lines; a positive amount is a
 * debit, a negative one a credit. Accounts other than the paybill are credit-normal per transaction
 * (see docs/ARCHITECTURE.md, "Money").
 */
import type { Cents } from './money.ts';

export type AccountCode = 'mpesa_paybill' | 'escrow_holding' | 'seller_payable' | 'refunds_payable' | 'platform_fees';

/** Positive amounts are debits, negative are credits. */
export interface Posting {
  account: AccountCode;
  amount: Cents;
}

export type JournalKind = 'deposit' | 'release' | 'refund' | 'payout' | 'refund_payout' | 'reversal';

export class InvalidPostingError extends Error {}

/** Money received from the rail: the price part held in escrow, the buyer's fee share earned by the platform. */
export function payInPostings(movement: { received: Cents; buyerFee: Cents }): Posting[] {
  requireAmounts(movement);
  if (movement.buyerFee > movement.received) throw new InvalidPostingError('the fee is more than the money received');
  return lines([
    { account: 'mpesa_paybill', amount: movement.received },
    { account: 'escrow_holding', amount: -(movement.received - movement.buyerFee) },
    { account: 'platform_fees', amount: -movement.buyerFee },
  ]);
}

/** Escrow released to the seller: the seller's fee share is earned, the rest is owed to the seller. */
export function releasePostings(movement: { price: Cents; sellerFee: Cents }): Posting[] {
  requireAmounts(movement);
  if (movement.sellerFee > movement.price) throw new InvalidPostingError('the seller fee is more than the price released');
  return lines([
    { account: 'escrow_holding', amount: movement.price },
    { account: 'seller_payable', amount: -(movement.price - movement.sellerFee) },
    { account: 'platform_fees', amount: -movement.sellerFee },
  ]);
}

/**
 * A refund decided: `price` comes back from the escrow, or from what the seller was owed when a seller
 * payout the rail could not make is returned to the buyer; `fee` comes back from the platform's fee
 * income; both are then owed to the buyer.
 */
export function refundDecidedPostings(movement: { price: Cents; fee: Cents; from: 'escrow_holding' | 'seller_payable' }): Posting[] {
  requireAmounts(movement);
  return lines([
    { account: movement.from, amount: movement.price },
    { account: 'platform_fees', amount: movement.fee },
    { account: 'refunds_payable', amount: -(movement.price + movement.fee) },
  ]);
}

/** Money sent out by the rail: to the seller (a payout) or to the buyer (a refund). */
export function payoutSentPostings(movement: { amount: Cents; to: 'seller' | 'buyer' }): Posting[] {
  requireAmounts({ amount: movement.amount });
  return lines([
    { account: movement.to === 'buyer' ? 'refunds_payable' : 'seller_payable', amount: movement.amount },
    { account: 'mpesa_paybill', amount: -movement.amount },
  ]);
}

/** The postings that undo a journal: every line negated. */
export function reversalPostings(original: readonly Posting[]): Posting[] {
  return lines(original.map((posting) => ({ account: posting.account, amount: -posting.amount })));
}

/** The sum of the postings; zero for a balanced journal. */
export function postingsSum(postings: readonly Posting[]): Cents {
  return postings.reduce((total, posting) => total + posting.amount, 0n);
}

/** One line per account with the amounts summed, zero lines dropped, ordered by account: two journals move the same money iff these are equal. */
export function canonicalPostings(postings: readonly Posting[]): Posting[] {
  const byAccount = new Map<AccountCode, Cents>();
  for (const posting of postings) byAccount.set(posting.account, (byAccount.get(posting.account) ?? 0n) + posting.amount);
  return [...byAccount]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([account, amount]) => ({ account, amount }));
}

export function samePostings(a: readonly Posting[], b: readonly Posting[]): boolean {
  const left = canonicalPostings(a);
  const right = canonicalPostings(b);
  return (
    left.length === right.length && left.every((posting, i) => posting.account === right[i]!.account && posting.amount === right[i]!.amount)
  );
}

function requireAmounts(amounts: Record<string, Cents | string>): void {
  for (const [name, value] of Object.entries(amounts)) {
    if (typeof value === 'bigint' && value < 0n) throw new InvalidPostingError(`${name} is negative (${value})`);
  }
}

function lines(postings: Posting[]): Posting[] {
  return postings.filter((posting) => posting.amount !== 0n);
}
