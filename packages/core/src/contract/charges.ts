import { z } from 'zod';
import { FEE_TYPES } from '../domain/fees.ts';
import { envelope, moneyInput, moneyString } from './common.ts';

export const feeType = z.enum(FEE_TYPES);

export const chargesCalculateQuery = z.object({
  amount: moneyInput,
  type: feeType.default('wo_dispute'),
});

export const feeBreakdown = z.object({
  total: moneyString,
  buyer_share: moneyString,
  seller_share: moneyString,
  /** total / amount × 100, two decimals. */
  percentage: z.number(),
});

export const chargesCalculateData = z.object({
  amount: moneyString,
  type: feeType,
  charges: z.object({ wo_dispute: feeBreakdown, with_dispute: feeBreakdown, lipa_mdogo_mdogo: feeBreakdown }),
  selected: feeBreakdown,
});
export type ChargesCalculateData = z.infer<typeof chargesCalculateData>;

export const feeBandSchema = z.object({
  min: z.number(),
  max: z.number(),
  wo_dispute: z.number(),
  with_dispute: z.number(),
  lipa_mdogo_mdogo: z.number(),
});

export const chargesListResponse = envelope(z.object({ bands: z.array(feeBandSchema) }));
export const chargesCalculateResponse = envelope(chargesCalculateData);
