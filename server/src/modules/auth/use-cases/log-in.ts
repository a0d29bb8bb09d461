import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { INVALID_CREDENTIALS, type LoginData } from '@escrow/core/contract/auth';
import { inTransaction } from '../../../db/prisma.ts';
import { AppError } from '../../../lib/app-error.ts';
import { decoyHash, verifySecret } from '../../../lib/password.ts';
import { enforceRateLimits, hitRateLimit, rateLimited, resetRateLimit } from '../../../lib/rate-limit.ts';
import { accountSuspended, findAccount, identifierKey, parseIdentifier } from '../accounts.ts';
import { ipRule, LOGIN_SLOWDOWN, loginAccountRule, loginPairRule } from '../limits.ts';
import { toUserWire } from '../user-wire.ts';
import { claimCodeSend, issueCode } from '../verification-codes.ts';

export interface LogInOptions {
  ctx: AppContext;
  issueToken: FastifyInstance['issueToken'];
  phoneOrEmail: string;
  password: string;
  ip: string;
  userAgent?: string;
}

/**
 * Signs in with a phone (any accepted form) or an email and a password. Wrong password and unknown
 * account answer the same 401 after the same argon2 work. Five wrong tries per account and address in
 * 15 minutes, then 429 for that pair (LIMIT_LOGIN_FAILURES); many failures across addresses slow the
 * account's logins down instead of locking it. An unverified phone gets no token: a code is sent and `requires_verification` is true.
 */
export async function logIn(options: LogInOptions): Promise<LoginData> {
  const { ctx } = options;
  await enforceRateLimits(ctx.db, [ipRule('login', options.ip)], ctx.now());

  const identifier = parseIdentifier(options.phoneOrEmail);
  const account = await findAccount(ctx.db, identifier);
  const accountKey = account ? `user:${account.id}` : identifierKey(identifier, options.phoneOrEmail);
  const attemptsRule = loginPairRule(accountKey, options.ip, ctx.config.LIMIT_LOGIN_FAILURES);
  // Counted before the password is checked, so parallel guesses cannot overtake the limit.
  const attempts = await hitRateLimit(ctx.db, attemptsRule, ctx.now());
  if (!attempts.isAllowed) {
    const minutes = Math.ceil(attempts.retryAfterSeconds / 60);
    throw rateLimited(
      `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
      attempts.retryAfterSeconds,
    );
  }

  // Guesses spread over many addresses slow every login of the account down a little, never lock it.
  const accountWide = await hitRateLimit(ctx.db, loginAccountRule(accountKey), ctx.now());
  if (!accountWide.isAllowed) {
    await sleep(Math.min(LOGIN_SLOWDOWN.maxDelayMs, (accountWide.count - LOGIN_SLOWDOWN.afterFailures) * LOGIN_SLOWDOWN.stepMs));
  }

  const isPasswordRight = await verifySecret(account?.passwordHash ?? (await decoyHash()), options.password);
  if (!account?.passwordHash || !isPasswordRight) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  await resetRateLimit(ctx.db, attemptsRule.key);
  await resetRateLimit(ctx.db, loginAccountRule(accountKey).key);
  if (account.status === 'suspended') throw accountSuspended();

  const user = toUserWire(account);
  if (!account.phoneVerifiedAt) {
    const permission = await claimCodeSend(ctx, { phone: account.phoneNumber, purpose: 'verify_phone' });
    if (permission.isAllowed) {
      await inTransaction(ctx.db, (tx) => issueCode(ctx, tx, { phone: account.phoneNumber, purpose: 'verify_phone' }));
      ctx.jobs.nudge();
    }
    return { user, token: null, requires_verification: true };
  }
  const token = await options.issueToken(ctx.db, { id: account.id, userType: account.userType }, options.userAgent);
  return { user, token, requires_verification: false };
}
