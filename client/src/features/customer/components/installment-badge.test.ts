import { describe, expect, it } from 'vitest';
import { installmentBadge } from './installment-badge';

const now = new Date('2026-11-28T10:00:00.000Z');
const row = (status: 'pending' | 'paid' | 'overdue' | 'waived', due: string) => ({ status, due_date: due });
const PAST = '2026-11-28T09:00:00.000Z';
const AHEAD = '2026-12-28T10:00:00.000Z';

describe("a row of the plan's schedule", () => {
  it('the next installment before its date reads Next', () => {
    expect(installmentBadge(row('pending', AHEAD), { isNext: true, ended: false, now, transactionStatus: 'installment' })).toEqual({
      label: 'next',
      palette: 'blue',
    });
    expect(installmentBadge(row('pending', AHEAD), { isNext: false, ended: false, now, transactionStatus: 'installment' })).toEqual({
      label: 'statuses.pending',
      palette: 'gray',
    });
  });

  it('reads Overdue once its date has come, before the sweep marks it, as the SMS and USSD say it', () => {
    expect(installmentBadge(row('pending', PAST), { isNext: true, ended: false, now, transactionStatus: 'installment' })).toEqual({
      label: 'statuses.overdue',
      palette: 'red',
    });
    expect(installmentBadge(row('pending', PAST), { isNext: false, ended: false, now, transactionStatus: 'installment' })).toEqual({
      label: 'statuses.overdue',
      palette: 'red',
    });
    expect(installmentBadge(row('overdue', PAST), { isNext: true, ended: false, now, transactionStatus: 'installment' })).toEqual({
      label: 'statuses.overdue',
      palette: 'red',
    });
  });

  it('paid and waived rows say so; a plan that ended says so of every row it did not pay', () => {
    expect(installmentBadge(row('paid', PAST), { isNext: false, ended: false, now, transactionStatus: 'installment' })).toEqual({
      label: 'statuses.paid',
      palette: 'green',
    });
    expect(installmentBadge(row('waived', PAST), { isNext: false, ended: false, now, transactionStatus: 'installment' })).toEqual({
      label: 'statuses.waived',
      palette: 'gray',
    });
    expect(installmentBadge(row('paid', PAST), { isNext: false, ended: true, now, transactionStatus: 'installment' })).toEqual({
      label: 'statuses.paid',
      palette: 'green',
    });
    expect(installmentBadge(row('pending', PAST), { isNext: false, ended: true, now, transactionStatus: 'installment' })).toEqual({
      label: 'planEnded',
      palette: 'gray',
    });
    expect(installmentBadge(row('overdue', PAST), { isNext: false, ended: true, now, transactionStatus: 'installment' })).toEqual({
      label: 'planEnded',
      palette: 'gray',
    });
  });

  it('a plan its first payment has not started reads its deposit as Next, not Overdue, though it was due at creation', () => {
    expect(installmentBadge(row('pending', PAST), { isNext: true, ended: false, now, transactionStatus: 'pending' })).toEqual({
      label: 'next',
      palette: 'blue',
    });
  });
});
