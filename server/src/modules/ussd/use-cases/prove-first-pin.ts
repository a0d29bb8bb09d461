/**
 * A web account's first USSD PIN needs a proof besides the dialling number (docs/SECURITY.md "USSD"):
 * the 6-digit code the platform sends by SMS to that phone when the session opens, or the account's web
 * password. Tries are counted per account before they are checked, so parallel guesses cannot pass the
 * limit; sending is limited per phone.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { verifySecret } from '../../../lib/password.ts';
import { hitRateLimit } from '../../../lib/rate-limit.ts';
import { checkCode, claimCodeSend, consumeCode, issueCode, MAX_CODE_ATTEMPTS } from '../../auth/verification-codes.ts';

/** Wrong codes or passwords per account in 15 minutes before first-PIN proofs are refused. */
export const FIRST_PIN_PROOF_TRIES = { limit: 5, windowSeconds: 15 * 60 } as const;

export type FirstPinProof = 'code' | 'password';
export type ProofCheck =
  { ok: true; proof: FirstPinProof } | { ok: false; reason: 'wrong' } | { ok: false; reason: 'too_many'; retryAt: Date };

/** Whether a code was sent now; when not, the time its sending limits allow the next one. */
export type CodeSend = { sent: true } | { sent: false; retryAt: Date };

/** Sends the first-PIN code to `phone` unless its sending limits refuse. */
export async function sendFirstPinCode(ctx: AppContext, phone: string): Promise<CodeSend> {
  const now = ctx.now();
  const later = (seconds: number): CodeSend => ({ sent: false, retryAt: new Date(now.getTime() + seconds * 1000) });
  const perHour = await hitRateLimit(
    ctx.db,
    { key: `ussd:first_pin_code:${phone}`, limit: ctx.config.LIMIT_USSD_CODES_PER_PHONE_PER_HOUR, windowSeconds: 3600 },
    now,
  );
  if (!perHour.isAllowed) return later(perHour.retryAfterSeconds);
  const permission = await claimCodeSend(ctx, { phone, purpose: 'verify_phone' });
  if (!permission.isAllowed) return later(permission.retryAfterSeconds);
  await inTransaction(ctx.db, (tx) => issueCode(ctx, tx, { phone, purpose: 'verify_phone' }));
  ctx.jobs.nudge();
  return { sent: true };
}

/**
 * What the first-PIN screen may offer: a code sent earlier that still works (unused, not expired, not
 * burnt), and the web password when the account has one (accounts registered over USSD have none).
 */
export async function firstPinProofs(ctx: AppContext, input: { userId: string; phone: string }) {
  // One query at a time: a USSD step holds at most one connection (answer-ussd-request.ts).
  const account = await ctx.db.user.findUnique({ where: { id: input.userId }, select: { passwordHash: true } });
  const liveCodes = await ctx.db.verificationCode.count({
    where: {
      phoneNumber: input.phone,
      purpose: 'verify_phone',
      consumedAt: null,
      expiresAt: { gt: ctx.now() },
      attempts: { lt: MAX_CODE_ATTEMPTS },
    },
  });
  return { hasPassword: !!account?.passwordHash, hasLiveCode: liveCodes > 0 };
}

/** Checks a first-PIN proof typed on the phone: six digits are the SMS code, anything else the password. */
export async function proveFirstPin(ctx: AppContext, input: { userId: string; phone: string; answer: string }): Promise<ProofCheck> {
  const tries = await hitRateLimit(ctx.db, { key: `ussd:first_pin_proof:${input.userId}`, ...FIRST_PIN_PROOF_TRIES }, ctx.now());
  if (!tries.isAllowed) return { ok: false, reason: 'too_many', retryAt: new Date(ctx.now().getTime() + tries.retryAfterSeconds * 1000) };
  if (/^\d{6}$/.test(input.answer)) {
    const codeId = await checkCode(ctx, { phone: input.phone, purpose: 'verify_phone', code: input.answer });
    if (codeId && (await consumeCode(ctx.db, codeId, ctx.now()))) return { ok: true, proof: 'code' };
  }
  const account = await ctx.db.user.findUnique({ where: { id: input.userId }, select: { passwordHash: true } });
  if (account?.passwordHash && (await verifySecret(account.passwordHash, input.answer))) return { ok: true, proof: 'password' };
  return { ok: false, reason: 'wrong' };
}
