import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  buildPlan,
  checkPlanRules,
  INSTALLMENT_STATUSES,
  isInstallmentOverdue,
  isPlanRunning,
  isInstallmentOwed,
  minimumDeposit,
  OWED_INSTALLMENT_STATUSES,
  PLAN_TERMS,
} from './installment-plan.ts';

const kes = (n: number) => BigInt(n) * 100n;

describe('Lipa Mdogo Mdogo plans', () => {
  it.each([
    ['sofa', 35_000, 7_000, 6, 4_700, 4_500],
    ['TV', 65_000, 13_000, 6, 8_700, 8_500],
    ['laptop', 75_000, 15_000, 12, 5_000, 5_000],
  ])('reproduces the spec example: %s', (_item, total, deposit, months, monthly, last) => {
    const plan = buildPlan({ total: kes(total), deposit: kes(deposit), months });
    expect(plan.deposit).toBe(kes(deposit));
    expect(plan.monthly).toBe(kes(monthly));
    expect(plan.schedule).toHaveLength(months + 1);
    expect(plan.schedule.at(-1)!.amount).toBe(kes(last));
    expect(plan.schedule.reduce((sum, p) => sum + p.amount, 0n)).toBe(kes(total));
  });

  it('enforces the rules with clear messages', () => {
    expect(checkPlanRules({ total: kes(10_000), deposit: kes(2_000), months: 6 })?.rule).toBe('TOTAL_TOO_LOW');
    expect(checkPlanRules({ total: kes(35_000), deposit: kes(6_999), months: 6 })?.rule).toBe('DEPOSIT_TOO_LOW');
    expect(checkPlanRules({ total: kes(35_000), deposit: kes(35_000), months: 6 })?.rule).toBe('DEPOSIT_NOT_BELOW_TOTAL');
    expect(checkPlanRules({ total: kes(35_000), deposit: kes(7_000), months: 5 })?.rule).toBe('TERM_NOT_OFFERED');
    expect(checkPlanRules({ total: kes(35_000), deposit: kes(7_000), months: 6 })).toBeNull();
    expect(minimumDeposit(kes(10_001))).toBe(200_020n);
  });

  it('always adds up to the total with no payment above the monthly amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1_000_001n, max: 50_000_000n }),
        fc.double({ min: 0.2, max: 0.95, noNaN: true }),
        fc.constantFrom(...PLAN_TERMS),
        (total, share, months) => {
          const deposit = BigInt(Math.ceil(Number(total) * share));
          fc.pre(deposit < total && checkPlanRules({ total, deposit, months }) === null);
          const plan = buildPlan({ total, deposit, months });
          expect(plan.schedule.reduce((sum, p) => sum + p.amount, 0n)).toBe(total);
          expect(plan.schedule.length).toBeLessThanOrEqual(months + 1);
          for (const payment of plan.schedule.slice(1)) {
            expect(payment.amount).toBeGreaterThan(0n);
            expect(payment.amount).toBeLessThanOrEqual(plan.monthly);
          }
        },
      ),
    );
  });

  it('adds months clamping to the end of the month', () => {
    expect(addMonths(new Date('2026-01-31T09:00:00Z'), 1).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(addMonths(new Date('2026-11-21T09:00:00Z'), 3).toISOString()).toBe('2027-02-21T09:00:00.000Z');
  });
});

describe('isInstallmentOverdue', () => {
  const now = new Date('2026-11-28T10:00:00.000Z');
  const at = (iso: string) => new Date(iso);
  const running = { planRunning: true };

  it('a due installment is overdue from the moment of its date, before the sweep marks it', () => {
    expect(isInstallmentOverdue({ status: 'pending', dueDate: at('2026-11-28T09:59:59.999Z') }, now, running)).toBe(true);
    expect(isInstallmentOverdue({ status: 'pending', dueDate: now }, now, running)).toBe(true);
    expect(isInstallmentOverdue({ status: 'pending', dueDate: at('2026-11-28T10:00:00.001Z') }, now, running)).toBe(false);
  });

  it('one the sweep marked overdue stays so; one paid or waived never is', () => {
    expect(isInstallmentOverdue({ status: 'overdue', dueDate: at('2026-11-20T10:00:00.000Z') }, now, running)).toBe(true);
    expect(isInstallmentOverdue({ status: 'overdue', dueDate: at('2026-12-20T10:00:00.000Z') }, now, running)).toBe(true);
    expect(isInstallmentOverdue({ status: 'paid', dueDate: at('2026-11-20T10:00:00.000Z') }, now, running)).toBe(false);
    expect(isInstallmentOverdue({ status: 'waived', dueDate: at('2026-11-20T10:00:00.000Z') }, now, running)).toBe(false);
  });

  it('a plan its first payment has not started has nothing overdue: its deposit is due from its creation', () => {
    const notStarted = { planRunning: false };
    expect(isInstallmentOverdue({ status: 'pending', dueDate: at('2026-11-28T09:59:00.000Z') }, now, notStarted)).toBe(false);
    expect(isInstallmentOverdue({ status: 'pending', dueDate: at('2026-09-28T10:00:00.000Z') }, now, notStarted)).toBe(false);
    expect(isPlanRunning('pending')).toBe(false);
    expect(isPlanRunning('installment')).toBe(true);
    // A dispute freezes the plan: the sweep marks nothing while it lasts.
    expect(isPlanRunning('disputed')).toBe(false);
  });
});

describe('isInstallmentOwed', () => {
  it('an installment due or overdue is owed; one paid or waived is not', () => {
    expect(INSTALLMENT_STATUSES.filter((status) => isInstallmentOwed({ status }))).toEqual(['pending', 'overdue']);
    expect([...OWED_INSTALLMENT_STATUSES]).toEqual(['pending', 'overdue']);
  });

  it('an overdue installment is always owed', () => {
    const now = new Date('2026-11-28T10:00:00.000Z');
    for (const status of INSTALLMENT_STATUSES) {
      for (const dueDate of [new Date('2026-11-20T10:00:00.000Z'), now, new Date('2026-12-20T10:00:00.000Z')]) {
        if (isInstallmentOverdue({ status, dueDate }, now, { planRunning: true })) expect(isInstallmentOwed({ status })).toBe(true);
      }
    }
  });
});
