/**
 * The fee calculator's answer, shared by its Fastify route and its front lane (front-lane.ts): one
 * function, so the two cannot answer differently.
 */
import { chargesCalculateQuery, chargesCalculateResponse } from '@escrow/core/contract/charges';
import { calculateAllFees, type Fee, type FeeType } from '@escrow/core/domain/fees';
import { formatCents } from '@escrow/core/domain/money';
import type { z } from 'zod';
import { compileSerializer } from '../../plugins/compiled-serializer.ts';

function feeToWire(fee: Fee) {
  return {
    total: formatCents(fee.total),
    buyer_share: formatCents(fee.buyerShare),
    seller_share: formatCents(fee.sellerShare),
    percentage: Number(fee.basisPoints) / 100,
  };
}

export function chargesCalculation(amount: bigint, type: FeeType): z.input<typeof chargesCalculateResponse> {
  const all = calculateAllFees(amount);
  const charges = {
    wo_dispute: feeToWire(all.wo_dispute),
    with_dispute: feeToWire(all.with_dispute),
    lipa_mdogo_mdogo: feeToWire(all.lipa_mdogo_mdogo),
  };
  return {
    success: true as const,
    message: 'Charges calculated',
    data: { amount: formatCents(amount), type, charges, selected: charges[type] },
  };
}

const writeAnswer = compileSerializer(chargesCalculateResponse);
if (!writeAnswer) throw new Error('the fee calculator answer has no JSON Schema: its front lane cannot write it');

/**
 * The answer's JSON for a query the route's own schema accepts, written as the route's serializer writes
 * it; null for any other query, which the route then refuses with its envelope.
 */
export function chargesCalculationJson(query: Record<string, string>): string | null {
  const parsed = chargesCalculateQuery.safeParse(query);
  return parsed.success ? writeAnswer!(chargesCalculation(parsed.data.amount, parsed.data.type)) : null;
}
