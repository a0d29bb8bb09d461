/**
 * The buyer's own view of their release code: the code itself (only the buyer may see it) and whether
 * it still works. Sellers get 403, strangers 404 (docs/SECURITY.md "Payment links and release codes").
 */
import type { AppContext } from '../../../context.ts';
import { RELEASE_CODE_MAX_ATTEMPTS } from '@escrow/core/domain/payment-link';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { partyRole } from '../../escrow-core/access.ts';
import { unsealReleaseCode } from '../../escrow-core/release-code.ts';

/** While the money waits for hand-over: the code can release it. */
export const RELEASE_CODE_STATUSES_WITH_CODE: readonly string[] = ['funded', 'dispatched'];

/**
 * Whether a party in `role` may be sent a new release code for a transaction in `status`: its buyer, while
 * the money waits for hand-over. The web's `can_resend` and the USSD menu's "New release code" option.
 */
export function mayResendReleaseCode(role: string | null, status: string): boolean {
  return role === 'buyer' && RELEASE_CODE_STATUSES_WITH_CODE.includes(status);
}

export async function readReleaseCode(ctx: AppContext, options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'> }) {
  const txn = await ctx.db.transaction.findUnique({
    where: { id: options.transactionId },
    select: { id: true, buyerId: true, sellerId: true, status: true, releaseCode: true },
  });
  if (!txn) throw notFound();
  const role = partyRole(txn, options.caller);
  if (!role) throw notFound();
  if (role !== 'buyer') throw new AppError('FORBIDDEN', 'Only the buyer can see the release code');
  const row = txn.releaseCode;
  const isLive = RELEASE_CODE_STATUSES_WITH_CODE.includes(txn.status);
  const status = !row ? 'none' : row.usedAt ? 'used' : row.burntAt ? 'burnt' : isLive ? 'active' : 'closed';
  return {
    status,
    // Only a code that can still release money is shown; a used, burnt or closed one is of no use.
    code: status === 'active' && row ? unsealReleaseCode(ctx, txn.id, row.codeSealed) : null,
    attempts_left: row ? Math.max(0, RELEASE_CODE_MAX_ATTEMPTS - row.failedAttempts) : RELEASE_CODE_MAX_ATTEMPTS,
    issued_at: row ? row.issuedAt.toISOString() : null,
    can_resend: mayResendReleaseCode(role, txn.status),
  } as const;
}
