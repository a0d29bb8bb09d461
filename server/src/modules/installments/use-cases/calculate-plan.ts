/**
 * The Lipa Mdogo Mdogo calculator: the same plan maths (domain/installment-plan.ts) and fees
 * (domain/fees.ts) that creating a plan uses, so the website, USSD and the API agree to the cent.
 * Breaking a plan rule is 422 naming the field, as when creating the transaction.
 */
import type { PlanCalculation } from '@escrow/core/contract/installments';
import { calculateFee } from '@escrow/core/domain/fees';
import { buildPlan, checkPlanRules, minimumDeposit, suggestedDeposit } from '@escrow/core/domain/installment-plan';
import { type Cents, formatCents } from '@escrow/core/domain/money';
import { businessRule } from '../../../lib/app-error.ts';

const FIELD_OF_RULE = {
  TOTAL_TOO_LOW: 'total_cost',
  DEPOSIT_TOO_LOW: 'deposit',
  DEPOSIT_NOT_BELOW_TOTAL: 'deposit',
  TERM_NOT_OFFERED: 'months',
} as const;

export function calculatePlan(input: { total: Cents; deposit?: Cents; months: number }): PlanCalculation {
  const deposit = input.deposit ?? suggestedDeposit(input.total);
  if (input.total % 100n !== 0n || deposit % 100n !== 0n) {
    throw businessRule('Mobile money amounts must be whole shillings', input.total % 100n !== 0n ? 'total_cost' : 'deposit');
  }
  const violation = checkPlanRules({ total: input.total, deposit, months: input.months });
  if (violation) throw businessRule(violation.message, FIELD_OF_RULE[violation.rule]);
  const plan = buildPlan({ total: input.total, deposit, months: input.months });
  const fee = calculateFee(input.total, 'lipa_mdogo_mdogo');
  return {
    total_cost: formatCents(plan.total),
    deposit: formatCents(plan.deposit),
    minimum_deposit: formatCents(minimumDeposit(plan.total)),
    monthly: formatCents(plan.monthly),
    months: plan.months,
    schedule: plan.schedule.map((payment) => ({
      sequence: payment.sequence,
      amount: formatCents(payment.amount),
      month_offset: payment.monthOffset,
    })),
    fees: {
      total: formatCents(fee.total),
      buyer_share: formatCents(fee.buyerShare),
      seller_share: formatCents(fee.sellerShare),
      percentage: Number(fee.basisPoints) / 100,
    },
    first_payment: formatCents(plan.deposit + fee.buyerShare),
    total_payable: formatCents(plan.total + fee.buyerShare),
  };
}
