/**
 * Applies the answer of a Transaction Status query about a payout still `processing`:
 * - `Completed` → the payout is completed, exactly as if its B2C result had come (receipt, ledger, SMS);
 * - `Failed`, or M-Pesa never received the request → a definite failure: the payout is sent again with
 *   a new request id (or marked failed after MAX_PAYOUT_ATTEMPTS), as after a failed B2C result;
 * - anything else (the query itself refused, an unknown status) says nothing about the payout: it stays
 *   `processing` and is asked again later.
 * An answer about an older request id of the payout, or for a payout no longer `processing`, changes nothing.
 */
import type { AppContext } from '../../context.ts';
import { applyB2cResult, type B2cOutcome } from './apply-b2c-result.ts';

/** Daraja's answer when it has no transaction with the OriginatorConversationID asked about. */
export const STATUS_NOT_FOUND_CODE = 'R000002';

export interface PayoutStatusResult {
  payoutId: string;
  resultCode: string | number;
  resultDesc: string;
  /** Parameters of the result: `TransactionStatus`, `ReceiptNo`, `OriginatorConversationID`. */
  transactionStatus: string | null;
  receipt: string | null;
  originatorConversationId: string | null;
}

export type PayoutStatusOutcome = B2cOutcome | 'inconclusive' | 'stale';

export function statusVerdict(result: Pick<PayoutStatusResult, 'resultCode' | 'transactionStatus'>): 'completed' | 'failed' | 'unknown' {
  const code = String(result.resultCode);
  if (code === STATUS_NOT_FOUND_CODE) return 'failed';
  if (code !== '0') return 'unknown';
  const status = (result.transactionStatus ?? '').toLowerCase();
  if (status === 'completed') return 'completed';
  if (['failed', 'declined', 'cancelled', 'expired'].includes(status)) return 'failed';
  return 'unknown';
}

export async function applyPayoutStatus(ctx: AppContext, result: PayoutStatusResult): Promise<PayoutStatusOutcome> {
  const payout = await ctx.db.payout.findUnique({ where: { id: result.payoutId } });
  if (!payout) return 'unknown';
  if (payout.status !== 'processing' || !payout.originatorConversationId) return 'duplicate';
  if (result.originatorConversationId && result.originatorConversationId !== payout.originatorConversationId) return 'stale';
  const verdict = statusVerdict(result);
  if (verdict === 'unknown') {
    ctx.log.warn({ payoutId: payout.id, resultCode: result.resultCode }, 'Transaction Status query inconclusive');
    return 'inconclusive';
  }
  // applyB2cResult locks the payout by this request id: if a B2C result or another answer got there
  // first, or the request id changed, it does nothing.
  return applyB2cResult(ctx, {
    originatorConversationId: payout.originatorConversationId,
    // A failure reported by the query carries no B2C result code of its own.
    resultCode: verdict === 'completed' ? 0 : -1,
    resultDesc: `Transaction Status query: ${result.resultDesc}`.slice(0, 300),
    receipt: verdict === 'completed' ? result.receipt : null,
  });
}
