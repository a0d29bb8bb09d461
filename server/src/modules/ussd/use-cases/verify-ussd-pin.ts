/**
 * Checks a USSD PIN. Three wrong PINs in a row lock it for 30 minutes and tell the owner by SMS; a
 * right PIN clears the count. The count is kept on the user row, locked while it changes, so parallel
 * guesses from several sessions cannot overtake the limit.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { verifySecret } from '../../../lib/password.ts';
import { queueSms } from '../../notifications/notify.ts';

export const MAX_PIN_TRIES = 3;
export const PIN_LOCK_MINUTES = 30;

export type PinCheck = { ok: true } | { ok: false; reason: 'wrong'; triesLeft: number } | { ok: false; reason: 'locked'; until: Date };

/** Nairobi wall-clock time, e.g. "14:30", for screens and SMS. */
export function displayTime(date: Date): string {
  return date.toLocaleTimeString('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit' });
}

export async function verifyUssdPin(ctx: AppContext, { userId, pin }: { userId: string; pin: string }): Promise<PinCheck> {
  const user = await ctx.db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { ussdPinHash: true, ussdPinLockedUntil: true, ussdPinFailures: true },
  });
  const now = ctx.now();
  if (user.ussdPinLockedUntil && user.ussdPinLockedUntil > now) return { ok: false, reason: 'locked', until: user.ussdPinLockedUntil };
  const isRight = user.ussdPinHash !== null && (await verifySecret(user.ussdPinHash, pin));
  if (isRight) {
    if (user.ussdPinFailures > 0 || user.ussdPinLockedUntil) {
      await ctx.db.user.update({ where: { id: userId }, data: { ussdPinFailures: 0, ussdPinLockedUntil: null } });
    }
    return { ok: true };
  }
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.$queryRaw<{ ussd_pin_failures: number; ussd_pin_locked_until: Date | null; phone_number: string }[]>`
      SELECT ussd_pin_failures, ussd_pin_locked_until, phone_number FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!row) throw new Error(`user ${userId} vanished`);
    if (row.ussd_pin_locked_until && row.ussd_pin_locked_until > now)
      return { ok: false as const, reason: 'locked' as const, until: row.ussd_pin_locked_until };
    const failures = row.ussd_pin_failures + 1;
    if (failures < MAX_PIN_TRIES) {
      await tx.user.update({ where: { id: userId }, data: { ussdPinFailures: failures } });
      return { ok: false as const, reason: 'wrong' as const, triesLeft: MAX_PIN_TRIES - failures };
    }
    const until = new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000);
    // The count starts again when the lock ends.
    await tx.user.update({ where: { id: userId }, data: { ussdPinFailures: 0, ussdPinLockedUntil: until } });
    await queueSms(ctx, tx, { phone: row.phone_number, template: 'ussd_pin_locked', params: { until: displayTime(until) } });
    return { ok: false as const, reason: 'locked' as const, until };
  });
}
