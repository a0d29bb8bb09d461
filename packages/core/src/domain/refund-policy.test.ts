import { describe, expect, it } from 'vitest';
import { assessRefundRequest, withdrawalRefusal, type RefundFacts } from './refund-policy.ts';

const facts = (overrides: Partial<RefundFacts>): RefundFacts => ({
  status: 'funded',
  transactionType: 'standard',
  refunded: null,
  releasedBy: null,
  releasedOn: null,
  ruling: null,
  disputeStatus: null,
  ...overrides,
});

describe('refund policy', () => {
  it('refunds money not yet released, by the road that fits', () => {
    expect(assessRefundRequest(facts({ status: 'funded' }))).toEqual({ isAllowed: true, road: 'cancel' });
    expect(assessRefundRequest(facts({ status: 'funded', transactionType: 'lipa_mdogo_mdogo' }))).toEqual({
      isAllowed: true,
      road: 'withdrawal',
    });
    expect(assessRefundRequest(facts({ status: 'installment', transactionType: 'lipa_mdogo_mdogo' }))).toEqual({
      isAllowed: true,
      road: 'withdrawal',
    });
    expect(assessRefundRequest(facts({ status: 'dispatched' }))).toEqual({ isAllowed: true, road: 'dispute' });
  });

  it('refuses after release with the reason', () => {
    const byBuyer = assessRefundRequest(facts({ status: 'completed', releasedBy: 'buyer', releasedOn: '21 Nov 2026' }));
    expect(byBuyer).toMatchObject({ isAllowed: false, code: 'BUSINESS_RULE' });
    expect(!byBuyer.isAllowed && byBuyer.message).toMatch(/change of mind after delivery/);
    expect(!byBuyer.isAllowed && byBuyer.message).toMatch(/21 Nov 2026/);
    const auto = assessRefundRequest(facts({ status: 'completed', releasedBy: 'auto_release' }));
    expect(!auto.isAllowed && auto.message).toMatch(/inspection period ended/);
    const ruled = assessRefundRequest(facts({ status: 'completed', releasedBy: 'ruling', ruling: 'release_seller' }));
    expect(!ruled.isAllowed && ruled.message).toMatch(/final/);
    const split = assessRefundRequest(facts({ status: 'completed', releasedBy: 'ruling', ruling: 'split', refunded: 'KES 400' }));
    expect(!split.isAllowed && split.message).toMatch(/KES 400 refunded/);
  });

  it('has nothing to refund before payment or after a refund, and waits on an open dispute', () => {
    for (const status of ['pending', 'cancelled', 'refunded'] as const) {
      expect(assessRefundRequest(facts({ status }))).toMatchObject({ isAllowed: false, code: 'BUSINESS_RULE' });
    }
    expect(assessRefundRequest(facts({ status: 'disputed', disputeStatus: 'open' }))).toMatchObject({
      isAllowed: false,
      code: 'INVALID_STATE',
    });
    expect(assessRefundRequest(facts({ status: 'disputed', disputeStatus: 'awaiting_return' }))).toMatchObject({
      isAllowed: false,
      code: 'BUSINESS_RULE',
    });
  });

  it('allows a plan withdrawal only before the final installment or dispatch', () => {
    const lmm = (status: RefundFacts['status']) => facts({ status, transactionType: 'lipa_mdogo_mdogo' });
    expect(withdrawalRefusal(lmm('installment'))).toBeNull();
    expect(withdrawalRefusal(lmm('funded'))).toBeNull();
    expect(withdrawalRefusal(lmm('dispatched'))).toMatch(/before the item is dispatched/);
    expect(withdrawalRefusal(lmm('pending'))).toMatch(/cancel/);
    expect(withdrawalRefusal(facts({ status: 'installment' }))).toMatch(/only to Lipa Mdogo Mdogo/);
    expect(withdrawalRefusal({ ...lmm('completed'), releasedBy: 'buyer' })).toMatch(/not refundable/);
  });
});
