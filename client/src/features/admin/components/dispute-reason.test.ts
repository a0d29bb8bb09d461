import { describe, expect, it } from 'vitest';
import { disputeReasonLabel } from './dispute-reason';

describe("a dispute's reason on the mediators' screens", () => {
  it('names a lapsed withdrawal as unanswered, a declined one as declined, and the rest as before', () => {
    expect(disputeReasonLabel('withdrawal_lapsed')).toBe('Seller did not answer the withdrawal in time');
    expect(disputeReasonLabel('withdrawal_declined')).toBe('Withdrawal declined');
    expect(disputeReasonLabel('non_delivery')).toBe('Non delivery');
  });
});
