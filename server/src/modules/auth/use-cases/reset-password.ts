import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { hashSecret } from '../../../lib/password.ts';
import { enforceRateLimits, resetRateLimitsStartingWith } from '../../../lib/rate-limit.ts';
import { findAccount, identifierKey, invalidCode, markPhoneVerified, parseIdentifier, revokeAllSessions } from '../accounts.ts';
import { codeChecksRule, ipRule, loginAttemptsKey } from '../limits.ts';
import { checkCode, consumeCode } from '../verification-codes.ts';

export interface ResetPasswordOptions {
  ctx: AppContext;
  phoneOrEmail: string;
  code: string;
  password: string;
  ip: string;
}

/**
 * Sets a new password with the SMS reset code and revokes every session of the account, so a stolen
 * token stops working. The code also proves the phone, which is marked verified.
 */
export async function resetPassword(options: ResetPasswordOptions): Promise<Record<string, never>> {
  const { ctx } = options;
  const identifier = parseIdentifier(options.phoneOrEmail);
  const account = await findAccount(ctx.db, identifier);
  const phone = account?.phoneNumber ?? identifierKey(identifier, options.phoneOrEmail);
  await enforceRateLimits(
    ctx.db,
    [ipRule('verify_code', options.ip), codeChecksRule('reset_password', phone)],
    ctx.now(),
    'Too many code attempts. Please wait and try again.',
  );
  const codeId = account ? await checkCode(ctx, { phone: account.phoneNumber, purpose: 'reset_password', code: options.code }) : null;
  if (!account || !codeId) throw invalidCode();

  const passwordHash = await hashSecret(options.password);
  await inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    if (!(await consumeCode(tx, codeId, now))) throw invalidCode();
    await tx.user.update({ where: { id: account.id }, data: { passwordHash } });
    await revokeAllSessions(tx, account.id, now);
    await markPhoneVerified(tx, account, now, { keepsPassword: true });
  });
  // The owner is back in control: earlier wrong passwords no longer hold the account locked.
  await resetRateLimitsStartingWith(ctx.db, loginAttemptsKey(`user:${account.id}`));
  return {};
}
