/**
 * Who receives what when the mediation team rules on a dispute (docs/adr/0004-refund-and-dispute-policy.md),
 * from what the escrow holds: the ruling form states these amounts before the admin confirms, the seller's
 * page says what a ruling for them pays, and they are the amounts the money movements make (the seller's fee
 * is `sellerShare()`, as escrow-core's releaseToSeller takes it; a refund ruling gives the buyer's fee share back).
 */
import { formatKes, type Cents } from './money.ts';
import { sellerShare } from './quote.ts';

export const RULING_OUTCOMES = ['release_seller', 'refund_buyer', 'split'] as const;
export type RulingOutcome = (typeof RULING_OUTCOMES)[number];

export interface RulingFacts {
  /** What the escrow holds for the transaction. */
  held: Cents;
  /** The price: a disputed plan holding less is not fully paid. */
  price: Cents;
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
  /**
   * A ruling for the seller on a plan not fully paid releases nothing: the buyer's claim is refused and the
   * plan goes on, the money staying in escrow (the state table's `isPartPaidPlan` row).
   */
  planGoesOn: boolean;
}

/**
 * Why `buyerAmount` cannot be a split's buyer part, or null: the rails move whole shillings only, and a
 * split gives each side something (more than 0, less than what escrow holds). The ruling use-case refuses
 * such a ruling; the ruling form checks it before its confirmation states any amount.
 */
export function splitBuyerAmountProblem(buyerAmount: Cents, held: Cents): 'not_whole_shillings' | 'out_of_range' | null {
  if (buyerAmount % 100n !== 0n) return 'not_whole_shillings';
  if (buyerAmount <= 0n || buyerAmount >= held) return 'out_of_range';
  return null;
}

/** What the mediation team is told about a buyer's part that `splitBuyerAmountProblem` refuses (API and form alike). */
export function splitBuyerAmountMessage(problem: 'not_whole_shillings' | 'out_of_range', held: Cents): string {
  return problem === 'not_whole_shillings'
    ? "The buyer's part must be whole shillings: M-Pesa and Airtel Money move no cents."
    : `The buyer's part must be more than 0 and less than ${formatKes(held)}, the amount held in escrow.`;
}

/** `buyerAmount` is the buyer's part of the price for a split (ignored otherwise). */
export function rulingAmounts(outcome: RulingOutcome, facts: RulingFacts, buyerAmount: Cents = 0n): RulingAmounts {
  if (outcome === 'refund_buyer') return { toBuyer: facts.held + facts.buyerFeePaid, toSeller: 0n, sellerFee: 0n, planGoesOn: false };
  if (outcome === 'release_seller' && facts.held < facts.price) return { toBuyer: 0n, toSeller: 0n, sellerFee: 0n, planGoesOn: true };
  const toBuyer = outcome === 'split' ? buyerAmount : 0n;
  const released = sellerShare(facts.held - toBuyer, facts.sellerFee);
  return { toBuyer, toSeller: released.payout, sellerFee: released.fee, planGoesOn: false };
}

/**
 * Whether a ruling already made let the plan go on (`rulingAmounts`' planGoesOn, read after the fact): a ruling
 * for the seller that released nothing, which the ruling records with no amount for the seller
 * (server resolve-dispute.ts). The parties' dispute card and the admin's case page both say so from it.
 */
export function ruledPlanGoesOn(ruling: { outcome: string | null; sellerAmount: Cents | null }): boolean {
  return ruling.outcome === 'release_seller' && ruling.sellerAmount === 0n;
}
