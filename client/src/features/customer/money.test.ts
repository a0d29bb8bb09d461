import { describe, expect, it } from 'vitest';
import type { Installment } from './api/transactions';
import { cents, nextInstallment } from './money';

const installment = (sequence: number, amount: string, paid: string, status: Installment['status']): Installment => ({
  id: `i${sequence}`,
  sequence,
  due_date: '2026-11-21T00:00:00.000Z',
  amount,
  paid_amount: paid,
  status,
  paid_at: null,
});

describe('customer money figures', () => {
  it('reads wire amounts as cents, a missing one as zero', () => {
    expect(cents('1532.00')).toBe(153_200n);
    expect(cents(null)).toBe(0n);
  });

  it('finds the earliest installment not fully paid', () => {
    expect(nextInstallment([installment(0, '7000.00', '0.00', 'pending'), installment(1, '4700.00', '0.00', 'pending')])?.sequence).toBe(0);
    expect(nextInstallment([installment(0, '7000.00', '7000.00', 'paid'), installment(1, '4700.00', '1000.00', 'overdue')])?.sequence).toBe(
      1,
    );
    expect(nextInstallment(undefined)).toBeNull();
  });
});
