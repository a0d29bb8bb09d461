import { describe, expect, it } from 'vitest';
import { PAYOUT_STATUSES, payoutProgress } from './payout-progress.ts';

describe('payoutProgress', () => {
  it.each([
    ['pending', 'sending'],
    ['processing', 'sending'],
    ['failed', 'failed'],
    ['completed', 'settled'],
    ['returned', 'settled'],
  ] as const)('%s → %s', (status, progress) => expect(payoutProgress(status)).toBe(progress));

  it('covers every payout status, and no payout at all', () => {
    expect(PAYOUT_STATUSES.map(payoutProgress)).toHaveLength(5);
    expect(payoutProgress(null)).toBe('settled');
  });
});
