import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { findAccount, identifierKey, parseIdentifier } from '../accounts.ts';
import { ipRule } from '../limits.ts';
import { claimCodeSend, issueCode } from '../verification-codes.ts';

/**
 * Sends a password reset code to the account's phone. Always the same answer, so it cannot tell anyone
 * whether an account exists; requests within the cooldown are counted but send nothing.
 */
export async function requestPasswordReset({
  ctx,
  phoneOrEmail,
  ip,
}: {
  ctx: AppContext;
  phoneOrEmail: string;
  ip: string;
}): Promise<{ code_sent: true }> {
  await enforceRateLimits(ctx.db, [ipRule('forgot_password', ip)], ctx.now());
  const identifier = parseIdentifier(phoneOrEmail);
  const account = await findAccount(ctx.db, identifier);
  const phone = account?.phoneNumber ?? identifierKey(identifier, phoneOrEmail);
  const permission = await claimCodeSend(ctx, { phone, purpose: 'reset_password' });
  if (account && account.status === 'active' && permission.isAllowed) {
    await inTransaction(ctx.db, (tx) => issueCode(ctx, tx, { phone: account.phoneNumber, purpose: 'reset_password' }));
    ctx.jobs.nudge();
  }
  return { code_sent: true };
}
