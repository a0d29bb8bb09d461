/**
 * Checks a USSD PIN. Three wrong PINs in a row lock it for 30 minutes and tell the owner by SMS; a
 * right PIN clears the count. Each try is counted on the user row before its PIN is compared, so
 * parallel guesses from several sessions cannot overtake the limit.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { verifySecret } from '../../../lib/password.ts';
import { queueSms } from '../../notifications/notify.ts';
import { pinLockInEffect } from '@escrow/core/domain/ussd-pin';

export const MAX_PIN_TRIES = 3;
export const PIN_LOCK_MINUTES = 30;

export type PinCheck = { ok: true } | { ok: false; reason: 'wrong'; triesLeft: number } | { ok: false; reason: 'locked'; until: Date };

/** Nairobi wall-clock time, e.g. "14:30", for screens and SMS. */
export function displayTime(date: Date): string {
  return date.toLocaleTimeString('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit' });
}

export async function verifyUssdPin(ctx: AppContext, { userId, pin }: { userId: string; pin: string }): Promise<PinCheck> {
  const now = ctx.now();
  // The try is counted before the PIN is compared, in one statement: of any number of parallel guesses,
  // only the first MAX_PIN_TRIES get compared at all (a right PIN gives its try back).
  const [claimed] = await ctx.db.$queryRaw<{ failures: number; pin_hash: string | null; phone_number: string }[]>`
    UPDATE users SET ussd_pin_failures = ussd_pin_failures + 1
    WHERE id = ${userId}::uuid AND ussd_pin_failures < ${MAX_PIN_TRIES}
      AND (ussd_pin_locked_until IS NULL OR ussd_pin_locked_until <= ${now})
    RETURNING ussd_pin_failures AS failures, ussd_pin_hash AS pin_hash, phone_number`;
  if (!claimed) {
    const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: { ussdPinLockedUntil: true } });
    // Locked, or the last tries are being compared right now (and will lock it if wrong).
    const until = pinLockInEffect(user.ussdPinLockedUntil, now) ?? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000);
    return { ok: false, reason: 'locked', until };
  }
  const isRight = claimed.pin_hash !== null && (await verifySecret(claimed.pin_hash, pin));
  if (isRight) {
    await ctx.db.user.update({ where: { id: userId }, data: { ussdPinFailures: 0, ussdPinLockedUntil: null } });
    return { ok: true };
  }
  if (claimed.failures < MAX_PIN_TRIES) return { ok: false, reason: 'wrong', triesLeft: MAX_PIN_TRIES - claimed.failures };
  const until = new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000);
  await inTransaction(ctx.db, async (tx) => {
    // The count starts again when the lock ends.
    await tx.user.update({ where: { id: userId }, data: { ussdPinFailures: 0, ussdPinLockedUntil: until } });
    await queueSms(ctx, tx, { phone: claimed.phone_number, template: 'ussd_pin_locked', params: { until: displayTime(until) } });
  });
  ctx.jobs.nudge();
  return { ok: false, reason: 'locked', until };
}
