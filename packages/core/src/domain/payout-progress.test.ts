import { describe, expect, it } from 'vitest';
import { PAYOUT_STATUSES, type PayoutProgress, payoutProgress, type PayoutStatus, refundProgress } from './payout-progress.ts';

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

describe('refundProgress', () => {
  const line = (event_type: string, amount: string, extra: Record<string, unknown> = {}) => ({ event_type, data: { amount, ...extra } });

  it('is sending until the rail pays all that was started, and settled with no refund at all', () => {
    expect(refundProgress([])).toBe('settled');
    expect(refundProgress([line('payout_initiated', '500.00')])).toBe('settled');
    const started = [line('refund_initiated', '20000.00', { reason: 'withdrawal_accepted' })];
    expect(refundProgress(started)).toBe('sending');
    expect(refundProgress([...started, line('refund_completed', '20000.00')])).toBe('settled');
  });

  it('counts a refund sent to two phones by its payouts: one paid leaves it sending, one refused makes it failed', () => {
    const started = [line('refund_initiated', '3000.00')];
    expect(refundProgress([...started, line('refund_completed', '1000.00')])).toBe('sending');
    expect(refundProgress([...started, line('refund_failed', '2000.00'), line('refund_completed', '1000.00')])).toBe('failed');
    expect(refundProgress([...started, line('refund_completed', '1000.00'), line('refund_completed', '2000.00')])).toBe('settled');
  });

  it('is failed until the mediation team sends a refused refund again, then sending, then settled', () => {
    const refused = [line('refund_initiated', '5000.00'), line('refund_failed', '5000.00')];
    expect(refundProgress(refused)).toBe('failed');
    const retried = [...refused, line('refund_initiated', '5000.00', { retried: true })];
    expect(refundProgress(retried)).toBe('sending');
    expect(refundProgress([...retried, line('refund_completed', '5000.00')])).toBe('settled');
  });

  it('adds a later refund (a seller payout returned to the buyer) to those paid before', () => {
    const split = [line('refund_initiated', '4000.00'), line('refund_completed', '4000.00')];
    expect(refundProgress([...split, line('payout_returned', '5000.00'), line('refund_initiated', '5000.00')])).toBe('sending');
  });
});
