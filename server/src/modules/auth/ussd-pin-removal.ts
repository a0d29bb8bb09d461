/** Removing a USSD PIN: one rule for the owner's removal on the website and customer care's for a caller. */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/prisma.ts';
import { queueSms } from '../notifications/notify.ts';

/**
 * What removing a USSD PIN does, whoever removes it (the owner on the website, or customer care for a
 * caller it has identified): the PIN and its lock go, the phone's open USSD sessions end, and the phone is
 * told by SMS in its holder's language, naming who removed it. Inside the caller's transaction; the caller
 * nudges the job queue once it commits, so the SMS leaves at once.
 */
export async function clearUssdPin(ctx: AppContext, tx: Tx, input: { userId: string; removedBy: 'owner' | 'support' }) {
  const updated = await tx.user.update({
    where: { id: input.userId },
    data: { ussdPinHash: null, ussdPinFailures: 0, ussdPinLockedUntil: null },
    select: { ussdPinHash: true, ussdPinLockedUntil: true, phoneNumber: true, language: true },
  });
  // A session that proved the old PIN must not go on without one.
  await tx.ussdSession.deleteMany({ where: { phoneNumber: updated.phoneNumber } });
  const template = input.removedBy === 'owner' ? 'ussd_pin_removed' : 'ussd_pin_removed_by_support';
  await queueSms(ctx, tx, { phone: updated.phoneNumber, template, params: {}, language: updated.language });
  return updated;
}
