/**
 * Six-digit SMS codes (phone verification and password reset): stored as an HMAC keyed with a server
 * secret, single use, valid ten minutes, burnt after five wrong tries; a new code replaces the previous
 * one. Sending is limited per phone (one-minute cooldown, five an hour) before anything is looked up, so
 * the answer never depends on whether an account exists.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_TTL_SECONDS } from '@escrow/core/contract/auth';
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/prisma.ts';
import { hitRateLimit, rateLimited } from '../../lib/rate-limit.ts';
import { queueSms } from '../notifications/notify.ts';
import { codeCooldownRule, codesPerHourRule } from './limits.ts';

export type CodePurpose = 'verify_phone' | 'reset_password';

/** Wrong tries that burn a code. */
export const MAX_CODE_ATTEMPTS = 5;

const TEMPLATE = { verify_phone: 'verification_code', reset_password: 'password_reset_code' } as const;

function hashCode(secret: string, purpose: CodePurpose, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');
}

export interface CodeSendPermission {
  isAllowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one code request for `phone` against the cooldown and the hourly cap. Call it before looking the
 * account up; send only when allowed.
 */
export async function claimCodeSend(ctx: AppContext, options: { phone: string; purpose: CodePurpose }): Promise<CodeSendPermission> {
  const now = ctx.now();
  const cooldown = await hitRateLimit(ctx.db, codeCooldownRule(options.purpose, options.phone), now);
  if (!cooldown.isAllowed) return { isAllowed: false, retryAfterSeconds: cooldown.retryAfterSeconds };
  const hourly = await hitRateLimit(ctx.db, codesPerHourRule(options.purpose, options.phone), now);
  return { isAllowed: hourly.isAllowed, retryAfterSeconds: hourly.isAllowed ? 0 : hourly.retryAfterSeconds };
}

/** Like `claimCodeSend`, but refuses with 429 RATE_LIMITED and `Retry-After`. */
export async function requireCodeSend(ctx: AppContext, options: { phone: string; purpose: CodePurpose }): Promise<void> {
  const permission = await claimCodeSend(ctx, options);
  if (!permission.isAllowed) {
    const seconds = permission.retryAfterSeconds;
    throw rateLimited(`Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another code.`, seconds);
  }
}

/**
 * Creates a fresh code for `phone` (replacing any unused one) and queues its SMS, in the caller's
 * database transaction.
 */
export async function issueCode(ctx: AppContext, tx: Tx, options: { phone: string; purpose: CodePurpose }): Promise<void> {
  const { phone, purpose } = options;
  const now = ctx.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.verificationCode.updateMany({ where: { phoneNumber: phone, purpose, consumedAt: null }, data: { consumedAt: now } });
  await tx.verificationCode.create({
    data: {
      phoneNumber: phone,
      purpose,
      codeHash: hashCode(ctx.config.JWT_SECRET, purpose, phone, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
    },
  });
  await queueSms(ctx, tx, { phone, template: TEMPLATE[purpose], params: { code } });
}

/**
 * Checks `code` against the phone's current code and counts the try, committed on its own so a wrong
 * guess counts even when the caller's work fails. Returns the code's id when it matches, else null
 * (no code, expired, used, burnt or wrong). The caller then consumes it with `consumeCode` in the
 * transaction that acts on it.
 */
export async function checkCode(ctx: AppContext, options: { phone: string; purpose: CodePurpose; code: string }): Promise<string | null> {
  const { phone, purpose, code } = options;
  const now = ctx.now();
  // One atomic statement: concurrent guesses each take one of the five tries, never more.
  const rows = await ctx.db.$queryRaw<{ id: string; code_hash: string }[]>`
    UPDATE verification_codes SET attempts = attempts + 1
    WHERE id = (
        SELECT id FROM verification_codes
        WHERE phone_number = ${phone} AND purpose = ${purpose}::"CodePurpose"
          AND consumed_at IS NULL AND expires_at > ${now} AND attempts < ${MAX_CODE_ATTEMPTS}
        ORDER BY created_at DESC, id DESC
        LIMIT 1
        FOR UPDATE)
      AND consumed_at IS NULL AND attempts < ${MAX_CODE_ATTEMPTS}
    RETURNING id::text AS id, code_hash`;
  const row = rows[0];
  if (!row) return null;
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(ctx.config.JWT_SECRET, purpose, phone, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? row.id : null;
}

/** Marks a checked code used; false when another request used it first. */
export async function consumeCode(tx: Tx | Db, codeId: string, now: Date): Promise<boolean> {
  const { count } = await tx.verificationCode.updateMany({ where: { id: codeId, consumedAt: null }, data: { consumedAt: now } });
  return count === 1;
}
