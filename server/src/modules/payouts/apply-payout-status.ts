/**
 * Applies a rail's answer to a status query about a payout still `processing` (the rail adapter has
 * translated it into a RailResult):
 * - succeeded → the payout is completed, exactly as if its result had come (receipt, ledger, SMS);
 * - failed or cancelled (the rail never received the request included) → a definite failure: the payout
 *   is sent again with a new request id (or marked failed after MAX_PAYOUT_ATTEMPTS);
 * - pending (the query itself refused, an unknown status) says nothing about the payout: it stays
 *   `processing` and is asked again later.
 * An answer about an older request id of the payout, or for a payout no longer `processing`, changes nothing.
 */
import { cutText } from '@escrow/core/domain/text';
import type { AppContext } from '../../context.ts';
import type { RailResult } from '../../rails/port.ts';
import { applyPayoutResult, type PayoutOutcome } from './apply-b2c-result.ts';

export interface PayoutStatusResult {
  payoutId: string;
  /** The request id the answer is about, when the rail says. */
  requestId: string | null;
  result: RailResult;
}

export type PayoutStatusOutcome = PayoutOutcome | 'inconclusive' | 'stale';

export async function applyPayoutStatus(
  ctx: AppContext,
  { payoutId, requestId, result }: PayoutStatusResult,
): Promise<PayoutStatusOutcome> {
  const payout = await ctx.db.payout.findUnique({ where: { id: payoutId } });
  if (!payout) return 'unknown';
  if (payout.status !== 'processing' || !payout.railRequestId) return 'duplicate';
  if (requestId && requestId !== payout.railRequestId) return 'stale';
  if (result.outcome === 'pending') {
    ctx.log.warn({ payoutId: payout.id, rail: payout.rail }, 'Payout status query inconclusive');
    return 'inconclusive';
  }
  // applyPayoutResult locks the payout by this request id: if a result or another answer got there
  // first, or the request id changed, it does nothing.
  return applyPayoutResult(ctx, {
    requestId: payout.railRequestId,
    result: { ...result, description: cutText(`Status query: ${result.description}`, 300) },
  });
}
