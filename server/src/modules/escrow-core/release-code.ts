/**
 * Release codes (docs/product-rules.md "Release codes", docs/adr/0013-payment-links-and-release-codes.md):
 * when a transaction is funded the buyer gets a 6-digit code by SMS; the seller enters it at hand-over.
 * Stored as an HMAC keyed by the server secret (a database dump alone cannot be brute-forced offline:
 * 10^6 codes would fall in a second against a plain or salted hash), plus the code sealed with AES-GCM
 * under another derived key, which only the buyer's own page opens. Never logged, never on a seller's or
 * an admin's answer, masked in the staff SMS outbox.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/prisma.ts';
import { generateReleaseCode, RELEASE_CODE_MAX_ATTEMPTS } from '@escrow/core/domain/payment-link';
import type { LockedTransaction } from './access.ts';
import { notifyParties } from './notify-parties.ts';
import { appendEvent } from './timeline.ts';

const keys = new Map<string, { mac: Buffer; seal: Buffer }>();

function keysFor(ctx: AppContext): { mac: Buffer; seal: Buffer } {
  const secret = ctx.config.JWT_SECRET;
  let derived = keys.get(secret);
  if (!derived) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, 'escrow-kenya-release-code', info, 32));
    derived = { mac: derive('hmac'), seal: derive('seal') };
    keys.set(secret, derived);
  }
  return derived;
}

/** The code's HMAC, bound to its transaction so a row copied onto another transaction does not match. */
function codeHash(ctx: AppContext, transactionId: string, code: string): string {
  return createHmac('sha256', keysFor(ctx).mac).update(`${transactionId}:${code}`).digest('hex');
}

function seal(ctx: AppContext, transactionId: string, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keysFor(ctx).seal, iv);
  cipher.setAAD(Buffer.from(transactionId));
  const body = Buffer.concat([cipher.update(code, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The buyer's code in clear, or null when it cannot be opened (the server secret changed: resend). */
export function unsealReleaseCode(ctx: AppContext, transactionId: string, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keysFor(ctx).seal, iv!);
    decipher.setAAD(Buffer.from(transactionId));
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Issues a new code for a funded (or dispatched) transaction, replacing any earlier one, and texts it to
 * the buyer in their language. Called inside the caller's database transaction, with the row locked.
 */
export async function issueReleaseCode(ctx: AppContext, tx: Tx, txn: LockedTransaction, options: { reason: 'funded' | 'resend' }) {
  const code = generateReleaseCode();
  const fields = {
    codeHash: codeHash(ctx, txn.id, code),
    codeSealed: seal(ctx, txn.id, code),
    failedAttempts: 0,
    burntAt: null,
    usedAt: null,
  };
  const row = await tx.releaseCode.upsert({
    where: { transactionId: txn.id },
    create: { transactionId: txn.id, ...fields, issuedAt: ctx.now() },
    update: { ...fields, issuedAt: ctx.now(), issuedCount: { increment: 1 } },
    select: { issuedCount: true },
  });
  await appendEvent(tx, {
    transactionId: txn.id,
    eventType: 'release_code_sent',
    description: options.reason === 'funded' ? 'Release code sent to the buyer by SMS' : 'A new release code was sent to the buyer by SMS',
    data: { issued: row.issuedCount, reason: options.reason },
  });
  await notifyParties(ctx, tx, txn, { buyer: ['release_code', { code }] });
}

export type ReleaseCodeCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'burnt' | 'used' } | { ok: false; reason: 'wrong'; attemptsLeft: number };

/**
 * Checks a code against the transaction's live code. A wrong one counts; the fifth burns it. The
 * caller holds the transaction row lock, so parallel guesses are counted one after another and cannot
 * pass the limit. The count is written in the caller's transaction: the caller commits it even when
 * it answers an error.
 */
export async function checkReleaseCode(ctx: AppContext, tx: Tx, txn: LockedTransaction, code: string): Promise<ReleaseCodeCheck> {
  const row = await tx.releaseCode.findUnique({ where: { transactionId: txn.id } });
  if (!row) return { ok: false, reason: 'missing' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.burntAt) return { ok: false, reason: 'burnt' };
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(ctx, txn.id, code), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await tx.releaseCode.update({ where: { transactionId: txn.id }, data: { usedAt: ctx.now() } });
    return { ok: true };
  }
  const failedAttempts = row.failedAttempts + 1;
  const isBurnt = failedAttempts >= RELEASE_CODE_MAX_ATTEMPTS;
  await tx.releaseCode.update({
    where: { transactionId: txn.id },
    data: { failedAttempts, ...(isBurnt ? { burntAt: ctx.now() } : {}) },
  });
  await appendEvent(tx, {
    transactionId: txn.id,
    eventType: isBurnt ? 'release_code_burnt' : 'release_code_rejected',
    description: isBurnt
      ? `A wrong release code was entered ${RELEASE_CODE_MAX_ATTEMPTS} times: the code no longer works; the buyer can send a new one`
      : 'A wrong release code was entered',
    data: { failed_attempts: failedAttempts },
  });
  if (isBurnt) {
    await notifyParties(ctx, tx, txn, { buyer: ['release_code_burnt'] });
    return { ok: false, reason: 'burnt' };
  }
  return { ok: false, reason: 'wrong', attemptsLeft: RELEASE_CODE_MAX_ATTEMPTS - failedAttempts };
}
