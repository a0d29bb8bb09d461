/**
 * The USSD PIN as the web sees it: whether there is one, and removing a forgotten one.
 *
 * A PIN cannot be recovered from the phone alone: the phone is what the gateway vouches for, and the PIN
 * is what stops someone else holding it. Removing it asks for the account's password again (a borrowed
 * signed-in browser is not enough), then the next dial sets a new PIN through the first PIN's door: the
 * code texted to the phone at that moment, or the web password (docs/SECURITY.md "USSD identity").
 * A holder with no web password (registered over USSD) calls customer care instead, whose admin removes
 * it after checking who is calling (admin/use-cases/remove-ussd-pin.ts), by the same rule (../ussd-pin-removal.ts).
 */
import type { AppContext } from '../../../context.ts';
import type { UssdPinData } from '@escrow/core/contract/auth';
import { ussdPinStateOf } from '@escrow/core/domain/ussd-pin';
import { inTransaction } from '../../../db/prisma.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { verifySecret } from '../../../lib/password.ts';
import { hitRateLimit, rateLimited, resetRateLimit } from '../../../lib/rate-limit.ts';
import { loginPairRule } from '../limits.ts';
import { clearUssdPin } from '../ussd-pin-removal.ts';

const PIN_SELECT = { ussdPinHash: true, ussdPinLockedUntil: true } as const;

/** As the admin Users list says it (the same rule): only a PIN can be locked. */
function pinState(user: { ussdPinHash: string | null; ussdPinLockedUntil: Date | null }, now: Date): UssdPinData {
  const pin = ussdPinStateOf({ isSet: user.ussdPinHash !== null, lockedUntil: user.ussdPinLockedUntil }, now);
  return { is_set: pin.state !== 'none', locked_until: pin.lockedUntil?.toISOString() ?? null };
}

export async function getUssdPin(ctx: AppContext, userId: string): Promise<UssdPinData> {
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: PIN_SELECT });
  if (!user) throw notFound('User');
  return pinState(user, ctx.now());
}

const WRONG_PASSWORD = 'That is not your password';

/**
 * Removes the caller's USSD PIN (and its lock) after their password; their open USSD sessions end, and
 * the phone is told by SMS. Wrong passwords count with the sign-in's (LIMIT_LOGIN_FAILURES per account
 * and address in 15 minutes), before the password is compared.
 */
export async function removeUssdPin(ctx: AppContext, input: { userId: string; password: string; ip: string }): Promise<UssdPinData> {
  const attempts = loginPairRule(`user:${input.userId}`, input.ip, ctx.config.LIMIT_LOGIN_FAILURES);
  const counted = await hitRateLimit(ctx.db, attempts, ctx.now());
  // The wait is in Retry-After, which the website turns into the reader's words.
  if (!counted.isAllowed) throw rateLimited('Too many wrong passwords. Please wait and try again.', counted.retryAfterSeconds);
  const account = await ctx.db.user.findUnique({ where: { id: input.userId }, select: { passwordHash: true } });
  if (!account) throw notFound('User');
  if (!account.passwordHash || !(await verifySecret(account.passwordHash, input.password))) {
    throw new AppError('VALIDATION_ERROR', WRONG_PASSWORD, { errors: { password: [WRONG_PASSWORD] } });
  }
  await resetRateLimit(ctx.db, attempts.key);
  const user = await inTransaction(ctx.db, (tx) => clearUssdPin(ctx, tx, { userId: input.userId, removedBy: 'owner' }));
  ctx.jobs.nudge();
  return pinState(user, ctx.now());
}
