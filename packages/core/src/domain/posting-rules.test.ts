import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalPostings,
  InvalidPostingError,
  payInPostings,
  payoutSentPostings,
  type Posting,
  postingsSum,
  refundDecidedPostings,
  releasePostings,
  reversalPostings,
  samePostings,
} from './posting-rules.ts';

const cents = fc.bigInt({ min: 0n, max: 10n ** 13n });
/** Two amounts, the second no more than the first (a fee within what it is taken from). */
const amountAndPart = fc.tuple(cents, cents).map(([a, b]): [bigint, bigint] => (a >= b ? [a, b] : [b, a]));

/** Every rule, driven by arbitrary valid amounts. */
const anyMovement: fc.Arbitrary<Posting[]> = fc.oneof(
  amountAndPart.map(([received, buyerFee]) => payInPostings({ received, buyerFee })),
  amountAndPart.map(([price, sellerFee]) => releasePostings({ price, sellerFee })),
  fc
    .tuple(cents, cents, fc.constantFrom('escrow_holding' as const, 'seller_payable' as const))
    .map(([price, fee, from]) => refundDecidedPostings({ price, fee, from })),
  fc.tuple(cents, fc.constantFrom('seller' as const, 'buyer' as const)).map(([amount, to]) => payoutSentPostings({ amount, to })),
);

describe('posting rules', () => {
  it('book a pay-in, a release, a refund and the payouts to the accounts the ledger expects', () => {
    expect(payInPostings({ received: 102_500n, buyerFee: 2_500n })).toEqual([
      { account: 'mpesa_paybill', amount: 102_500n },
      { account: 'escrow_holding', amount: -100_000n },
      { account: 'platform_fees', amount: -2_500n },
    ]);
    expect(releasePostings({ price: 100_000n, sellerFee: 2_500n })).toEqual([
      { account: 'escrow_holding', amount: 100_000n },
      { account: 'seller_payable', amount: -97_500n },
      { account: 'platform_fees', amount: -2_500n },
    ]);
    expect(refundDecidedPostings({ price: 97_500n, fee: 0n, from: 'seller_payable' })).toEqual([
      { account: 'seller_payable', amount: 97_500n },
      { account: 'refunds_payable', amount: -97_500n },
    ]);
    expect(payoutSentPostings({ amount: 97_500n, to: 'buyer' })).toEqual([
      { account: 'refunds_payable', amount: 97_500n },
      { account: 'mpesa_paybill', amount: -97_500n },
    ]);
  });

  it('refuse a negative amount and a fee larger than the money it is taken from', () => {
    expect(() => releasePostings({ price: -1n, sellerFee: 0n })).toThrow(InvalidPostingError);
    expect(() => releasePostings({ price: 100n, sellerFee: 101n })).toThrow(InvalidPostingError);
    expect(() => payInPostings({ received: 100n, buyerFee: 101n })).toThrow(InvalidPostingError);
    expect(() => refundDecidedPostings({ price: 1n, fee: -1n, from: 'escrow_holding' })).toThrow(InvalidPostingError);
    expect(() => payoutSentPostings({ amount: -5n, to: 'seller' })).toThrow(InvalidPostingError);
  });

  it('always balance, never post a zero line, and each credit-normal account moves one way', () => {
    fc.assert(
      fc.property(anyMovement, (postings) => {
        expect(postingsSum(postings)).toBe(0n);
        expect(postings.every((posting) => posting.amount !== 0n)).toBe(true);
        expect(new Set(postings.map((posting) => posting.account)).size).toBe(postings.length);
      }),
    );
  });

  it('a reversal undoes the movement: together they sum to nothing on every account', () => {
    fc.assert(
      fc.property(anyMovement, (postings) => {
        const reversal = reversalPostings(postings);
        expect(postingsSum(reversal)).toBe(0n);
        expect(canonicalPostings([...postings, ...reversal])).toEqual([]);
        expect(samePostings(reversalPostings(reversal), postings)).toBe(true);
      }),
    );
  });

  it('two journals are the same movement whatever the order of their lines, and differ on any amount', () => {
    fc.assert(
      fc.property(anyMovement, fc.bigInt({ min: 1n, max: 1000n }), (postings, extra) => {
        expect(samePostings([...postings].reverse(), postings)).toBe(true);
        if (postings.length === 0) return;
        const changed = postings.map((posting, i) => (i === 0 ? { ...posting, amount: posting.amount + extra } : posting));
        expect(samePostings(changed, postings)).toBe(false);
      }),
    );
  });
});
