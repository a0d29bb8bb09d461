/**
 * The buyer asks for a new release code (lost SMS, or the old one burnt by wrong tries): the new one
 * replaces the old. Limited per transaction (LIMIT_RELEASE_CODE_RESENDS_PER_HOUR): each one texts a phone.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { abuseRules } from '../../../config/limits.ts';
import { AppError, invalidState, notFound } from '../../../lib/app-error.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { lockTransaction, partyRole } from '../../escrow-core/access.ts';
import { issueReleaseCode } from '../../escrow-core/release-code.ts';
import { RELEASE_CODE_STATUSES_WITH_CODE } from './read-release-code.ts';

export async function resendReleaseCode(ctx: AppContext, options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'> }) {
  await inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, options.transactionId);
    const role = partyRole(txn, options.caller);
    if (!role) throw notFound();
    if (role !== 'buyer') throw new AppError('FORBIDDEN', 'Only the buyer can receive the release code');
    if (!RELEASE_CODE_STATUSES_WITH_CODE.includes(txn.status)) {
      throw invalidState(`A release code exists only while the money is held for hand-over (status: ${txn.status})`);
    }
    await enforceRateLimits(
      ctx.db,
      [abuseRules.releaseCodeResends(ctx.config, txn.id)],
      ctx.now(),
      'Too many release codes sent. Please wait before asking for another.',
    );
    await issueReleaseCode(ctx, tx, txn, { reason: 'resend' });
  });
}
