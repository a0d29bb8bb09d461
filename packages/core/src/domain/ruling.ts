/**
 * Who receives what when the mediation team rules on a dispute (docs/adr/0004-refund-and-dispute-policy.md),
 * from what the escrow holds: the ruling form states these amounts before the admin confirms, and they are
 * the amounts the money movements make (escrow-core's releaseToSeller takes the seller fee from the part
 * released, never more than that part; a refund ruling gives the buyer's fee share back).
 */
import { type Cents, minCents } from './money.ts';

export const RULING_OUTCOMES = ['release_seller', 'refund_buyer', 'split'] as const;
export type RulingOutcome = (typeof RULING_OUTCOMES)[number];

export interface RulingFacts {
  /** What the escrow holds for the transaction. */
  held: Cents;
  /** The buyer's fee share the platform holds (paid in, not given back). */
  buyerFeePaid: Cents;
  /** The seller's fee share of the price. */
  sellerFee: Cents;
}

export interface RulingAmounts {
  /** Paid back to the buyer. */
  toBuyer: Cents;
  /** Paid out to the seller, the seller fee taken. */
  toSeller: Cents;
  /** The seller fee kept from the part released. */
  sellerFee: Cents;
}

/** `buyerAmount` is the buyer's part of the price for a split (ignored otherwise). */
export function rulingAmounts(outcome: RulingOutcome, facts: RulingFacts, buyerAmount: Cents = 0n): RulingAmounts {
  if (outcome === 'refund_buyer') return { toBuyer: facts.held + facts.buyerFeePaid, toSeller: 0n, sellerFee: 0n };
  const toBuyer = outcome === 'split' ? buyerAmount : 0n;
  const released = facts.held - toBuyer;
  const sellerFee = minCents(facts.sellerFee, released);
  return { toBuyer, toSeller: released - sellerFee, sellerFee };
}
