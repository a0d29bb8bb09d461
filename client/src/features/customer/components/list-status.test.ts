import { describe, expect, it } from 'vitest';
import { sellerPayoutOnRow } from './list-status';

describe("a completed sale on the seller's transaction list", () => {
  it.each([
    ['pending', 'sending'],
    ['processing', 'sending'],
    ['failed', 'failed'],
    ['completed', 'settled'],
    ['returned', 'settled'],
    [null, 'settled'],
  ] as const)('a payout %s reads %s', (payout, shown) => {
    expect(sellerPayoutOnRow({ status: 'completed', seller_payout_status: payout }, true)).toBe(shown);
  });

  it('is plainly Completed to the buyer, and any other status is its own', () => {
    expect(sellerPayoutOnRow({ status: 'completed', seller_payout_status: 'failed' }, false)).toBe('settled');
    expect(sellerPayoutOnRow({ status: 'refunded', seller_payout_status: null }, true)).toBe('settled');
  });
});
