import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { SessionData } from '@escrow/core/contract/auth';
import { inTransaction } from '../../../db/prisma.ts';
import { enforceRateLimits } from '../../../lib/rate-limit.ts';
import { accountSuspended, invalidCode, markPhoneVerified } from '../accounts.ts';
import { codeChecksRule, ipRule } from '../limits.ts';
import { toUserWire, USER_WIRE_SELECT } from '../user-wire.ts';
import { checkCode, consumeCode } from '../verification-codes.ts';

export interface VerifyPhoneOptions {
  ctx: AppContext;
  issueToken: FastifyInstance['issueToken'];
  phone: string;
  code: string;
  ip: string;
  userAgent?: string;
}

/**
 * Proves the phone with its SMS code: marks it verified, attaches the transactions waiting for this
 * seller phone, and signs the user in. A wrong, expired, used or burnt code is 400 with one message.
 */
export async function verifyPhone(options: VerifyPhoneOptions): Promise<SessionData> {
  const { ctx, phone } = options;
  await enforceRateLimits(
    ctx.db,
    [ipRule('verify_code', options.ip), codeChecksRule('verify_phone', phone)],
    ctx.now(),
    'Too many code attempts. Please wait and try again.',
  );
  const codeId = await checkCode(ctx, { phone, purpose: 'verify_phone', code: options.code });
  if (!codeId) throw invalidCode();
  const account = await ctx.db.user.findUnique({ where: { phoneNumber: phone }, select: { id: true, status: true } });
  if (!account) throw invalidCode();
  if (account.status === 'suspended') throw accountSuspended();

  return inTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    if (!(await consumeCode(tx, codeId, now))) throw invalidCode();
    // The registration's own step (register, then the texted code): the registrant chose the password.
    await markPhoneVerified(tx, { id: account.id, phoneNumber: phone }, now, { keepsPassword: true });
    const user = await tx.user.findUniqueOrThrow({ where: { id: account.id }, select: USER_WIRE_SELECT });
    const token = await options.issueToken(tx, { id: user.id, userType: user.userType }, options.userAgent);
    return { user: toUserWire(user), token };
  });
}
