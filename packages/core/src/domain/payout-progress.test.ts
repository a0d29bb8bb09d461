import { describe, expect, it } from 'vitest';
import { PAYOUT_STATUSES, type PayoutProgress, payoutProgress, type PayoutStatus } from './payout-progress.ts';

/** Every payout status, and where it leaves the seller's money (a status added without a row fails the typecheck). */
const EXPECTED = {
  pending: 'sending',
  processing: 'sending',
  failed: 'failed',
  completed: 'settled',
  returned: 'settled',
} as const satisfies Record<PayoutStatus, PayoutProgress>;

describe('payoutProgress', () => {
  it.each(Object.entries(EXPECTED))('%s → %s', (status, progress) => expect(payoutProgress(status as PayoutStatus)).toBe(progress));

  it('covers every payout status, and no payout at all', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PAYOUT_STATUSES].sort());
    expect(payoutProgress(null)).toBe('settled');
    expect(payoutProgress(undefined)).toBe('settled');
  });
});
