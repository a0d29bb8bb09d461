import type { AppContext } from '../../../context.ts';
import { CODE_TTL_SECONDS, type CodeSentData } from '@escrow/core/contract/auth';
import { inTransaction } from '../../../db/prisma.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { ipRule } from '../limits.ts';
import { issueCode, requireCodeSend } from '../verification-codes.ts';

/**
 * Sends (or re-sends) the phone verification code. The answer is the same whether or not the number has
 * an account, or is already verified: only an active account with an unverified phone gets an SMS. A
 * second request within the cooldown is 429 with `Retry-After`, for any number.
 */
export async function sendVerificationCode({ ctx, phone, ip }: { ctx: AppContext; phone: string; ip: string }): Promise<CodeSentData> {
  await enforceRateLimits(ctx.db, [ipRule('send_code', ip)], ctx.now());
  await requireCodeSend(ctx, { phone, purpose: 'verify_phone' });
  const user = await ctx.db.user.findUnique({ where: { phoneNumber: phone }, select: { status: true, phoneVerifiedAt: true } });
  if (user && user.status === 'active' && !user.phoneVerifiedAt) {
    await inTransaction(ctx.db, (tx) => issueCode(ctx, tx, { phone, purpose: 'verify_phone' }));
    ctx.jobs.nudge();
  }
  return { code_sent: true, expires_in: CODE_TTL_SECONDS };
}
