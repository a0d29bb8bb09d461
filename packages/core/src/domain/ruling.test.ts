import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sellerShare } from './quote.ts';
import { ruledPlanGoesOn, rulingAmounts, splitBuyerAmountProblem } from './ruling.ts';

const facts = { held: 300_000n, price: 300_000n, buyerFeePaid: 7_500n, sellerFee: 7_500n };

describe('rulingAmounts: who receives what from a ruling', () => {
  it('releases what the escrow holds to the seller, less the seller fee', () => {
    expect(rulingAmounts('release_seller', facts)).toEqual({ toBuyer: 0n, toSeller: 292_500n, sellerFee: 7_500n, planGoesOn: false });
  });

  it("refunds the buyer everything paid in, the buyer's fee share included", () => {
    expect(rulingAmounts('refund_buyer', facts)).toEqual({ toBuyer: 307_500n, toSeller: 0n, sellerFee: 0n, planGoesOn: false });
  });

  it("splits: the buyer's part back, the rest to the seller less the seller fee, which is never more than that rest", () => {
    expect(rulingAmounts('split', facts, 100_000n)).toEqual({
      toBuyer: 100_000n,
      toSeller: 192_500n,
      sellerFee: 7_500n,
      planGoesOn: false,
    });
    expect(rulingAmounts('split', facts, 295_000n)).toEqual({ toBuyer: 295_000n, toSeller: 0n, sellerFee: 5_000n, planGoesOn: false });
  });

  it('a ruling for the seller on a plan not fully paid pays nobody: the plan goes on', () => {
    // KES 35,000 plan, KES 11,700 paid in when the withdrawal was declined.
    const plan = { held: 1_170_000n, price: 3_500_000n, buyerFeePaid: 28_300n, sellerFee: 28_300n };
    expect(rulingAmounts('release_seller', plan)).toEqual({ toBuyer: 0n, toSeller: 0n, sellerFee: 0n, planGoesOn: true });
    // A split still releases the rest of what is held, less the whole seller fee.
    expect(rulingAmounts('split', plan, 500_000n)).toEqual({
      toBuyer: 500_000n,
      toSeller: 641_700n,
      sellerFee: 28_300n,
      planGoesOn: false,
    });
  });

  it('moves exactly what the escrow holds, and pays the seller what a release of their part pays (sellerShare)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.integer({ min: 0, max: 100 }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.integer({ min: 1, max: 99 }),
        (price, paidShare, buyerFeePaid, sellerFee, buyerShare) => {
          const held = (price * BigInt(paidShare)) / 100n;
          const base = { held, price, buyerFeePaid, sellerFee };
          const release = rulingAmounts('release_seller', base);
          if (held < price) expect(release).toEqual({ toBuyer: 0n, toSeller: 0n, sellerFee: 0n, planGoesOn: true });
          else expect(release.toSeller).toBe(sellerShare(held, sellerFee).payout);
          const buyerPart = (held * BigInt(buyerShare)) / 100n;
          const split = rulingAmounts('split', base, buyerPart);
          expect(split.toBuyer + split.toSeller + split.sellerFee).toBe(held);
          expect(split.toSeller).toBe(sellerShare(held - buyerPart, sellerFee).payout);
          expect(rulingAmounts('refund_buyer', base).toBuyer).toBe(held + buyerFeePaid);
        },
      ),
    );
  });
});

describe("splitBuyerAmountProblem: a split's buyer part the rails can pay", () => {
  it('takes whole shillings more than 0 and less than what escrow holds', () => {
    expect(splitBuyerAmountProblem(100_000n, 500_000n)).toBeNull();
    expect(splitBuyerAmountProblem(100_050n, 500_000n)).toBe('not_whole_shillings');
    expect(splitBuyerAmountProblem(0n, 500_000n)).toBe('out_of_range');
    expect(splitBuyerAmountProblem(500_000n, 500_000n)).toBe('out_of_range');
  });
});

describe('ruledPlanGoesOn: a ruling made, read back from what it recorded', () => {
  it('is a ruling for the seller that recorded nothing for the seller, and nothing else', () => {
    // As GET /api/transactions/{id}/dispute answers a KES 20,000 plan ruled for the seller with its deposit paid.
    expect(ruledPlanGoesOn({ outcome: 'release_seller', sellerAmount: 0n })).toBe(true);
    expect(ruledPlanGoesOn({ outcome: 'release_seller', sellerAmount: 500_000n })).toBe(false);
    expect(ruledPlanGoesOn({ outcome: 'release_seller', sellerAmount: null })).toBe(false);
    expect(ruledPlanGoesOn({ outcome: 'refund_buyer', sellerAmount: 0n })).toBe(false);
    expect(ruledPlanGoesOn({ outcome: 'split', sellerAmount: 0n })).toBe(false);
    expect(ruledPlanGoesOn({ outcome: null, sellerAmount: null })).toBe(false);
  });
});
