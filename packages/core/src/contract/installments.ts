/** Wire shapes of the Lipa Mdogo Mdogo plan calculator (GET /api/v1/plans/calculate) and the admins' plan list. */
import { z } from 'zod';
import { DEFAULT_PLAN_TERM, PLAN_TERMS, PLAN_TERMS_MESSAGE } from '../domain/installment-plan.ts';
import { feeBreakdown } from './charges.ts';
import { boundedMoney, envelope, isoDate, moneyInput, moneyString, pagination, paginationQuery } from './common.ts';

/** A plan's term in months, wherever one is asked for: one of PLAN_TERMS, listed as such in the API document. */
export const planTerm = z.coerce
  .number({ message: PLAN_TERMS_MESSAGE })
  .int({ message: PLAN_TERMS_MESSAGE })
  .refine((months) => (PLAN_TERMS as readonly number[]).includes(months), { message: PLAN_TERMS_MESSAGE })
  .meta({ enum: [...PLAN_TERMS] });

export const planCalculateQuery = z.object({
  total_cost: boundedMoney(1, 500_000, 'Total cost').meta({ description: "The item's price (over KES 10,000)." }),
  deposit: moneyInput
    .optional()
    .meta({ description: 'The initial payment; at least 20 % of the total. Defaults to the 20 % minimum rounded up to KES 100.' }),
  months: planTerm.default(DEFAULT_PLAN_TERM),
});
export type PlanCalculateQuery = z.infer<typeof planCalculateQuery>;

export const scheduledPaymentWire = z.object({
  /** 0 is the deposit. */
  sequence: z.number().int(),
  amount: moneyString,
  /** Months after the plan starts (0 for the deposit). */
  month_offset: z.number().int(),
});

export const planCalculation = z.object({
  total_cost: moneyString,
  deposit: moneyString,
  minimum_deposit: moneyString,
  /** The regular monthly installment (the last may be smaller so that the plan adds up exactly). */
  monthly: moneyString,
  months: z.number().int(),
  schedule: z.array(scheduledPaymentWire),
  /** The lipa_mdogo_mdogo fee band of the total cost, split 50/50. */
  fees: feeBreakdown,
  /** The deposit plus the buyer's fee share: what the first M-Pesa payment asks for. */
  first_payment: moneyString,
  /** The total cost plus the buyer's fee share. */
  total_payable: moneyString,
});
export type PlanCalculation = z.infer<typeof planCalculation>;

export const planCalculateResponse = envelope(planCalculation);

export const flaggedPlanWire = z.object({
  plan_id: z.string(),
  transaction_id: z.string(),
  reference_number: z.string(),
  product_name: z.string(),
  buyer_phone: z.string(),
  seller_phone: z.string(),
  total_cost: moneyString,
  amount_paid: moneyString,
  /** Unpaid on the installments that are past due. */
  overdue_amount: moneyString,
  oldest_due_date: isoDate.nullable(),
  flagged_at: isoDate,
});

export const flaggedPlansQuery = paginationQuery;
export const flaggedPlansResponse = envelope(z.object({ plans: z.array(flaggedPlanWire), pagination }));
