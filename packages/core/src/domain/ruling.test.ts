import { describe, expect, it } from 'vitest';
import { rulingAmounts } from './ruling.ts';

const facts = { held: 300_000n, buyerFeePaid: 7_500n, sellerFee: 7_500n };

describe('rulingAmounts: who receives what from a ruling', () => {
  it('releases what the escrow holds to the seller, less the seller fee', () => {
    expect(rulingAmounts('release_seller', facts)).toEqual({ toBuyer: 0n, toSeller: 292_500n, sellerFee: 7_500n });
  });

  it("refunds the buyer everything paid in, the buyer's fee share included", () => {
    expect(rulingAmounts('refund_buyer', facts)).toEqual({ toBuyer: 307_500n, toSeller: 0n, sellerFee: 0n });
  });

  it("splits: the buyer's part back, the rest to the seller less the seller fee, which is never more than that rest", () => {
    expect(rulingAmounts('split', facts, 100_000n)).toEqual({ toBuyer: 100_000n, toSeller: 192_500n, sellerFee: 7_500n });
    expect(rulingAmounts('split', facts, 295_000n)).toEqual({ toBuyer: 295_000n, toSeller: 0n, sellerFee: 5_000n });
  });
});
