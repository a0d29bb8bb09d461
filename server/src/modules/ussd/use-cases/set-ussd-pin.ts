/**
 * PINs of existing accounts: a web account sets its first USSD PIN after a proof (prove-first-pin.ts;
 * the phone becomes verified only when the phone itself was proven: the SMS code, or a gateway dial),
 * and an owner who entered the current PIN changes it (the owner is told by SMS, in case it was not them).
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { invalidState } from '../../../lib/app-error.ts';
import { markPhoneVerified } from '../../auth/accounts.ts';
import { queueSms } from '../../notifications/notify.ts';

export async function setFirstUssdPin(
  ctx: AppContext,
  {
    userId,
    pinHash,
    isPhoneProven,
    isPasswordProven,
  }: {
    userId: string;
    pinHash: string;
    isPhoneProven: boolean;
    /** The web password was the proof: a password chosen before the phone was proven is the caller's. */
    isPasswordProven: boolean;
  },
): Promise<void> {
  const hasQueuedSms = await inTransaction(ctx.db, async (tx) => {
    // The proof first: marking the phone verified drops a PIN set while it was unproven, not this one.
    let droppedPassword = false;
    if (isPhoneProven) {
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, phoneNumber: true, language: true } });
      ({ droppedPassword } = await markPhoneVerified(tx, user, ctx.now(), { keepsPassword: isPasswordProven }));
      if (droppedPassword) {
        await queueSms(ctx, tx, { phone: user.phoneNumber, template: 'web_password_dropped', params: {}, language: user.language });
      }
    }
    const { count } = await tx.user.updateMany({
      where: { id: userId, ussdPinHash: null },
      data: { ussdPinHash: pinHash, ussdPinFailures: 0 },
    });
    if (count === 0) throw invalidState('This account already has a USSD PIN');
    return droppedPassword;
  });
  if (hasQueuedSms) ctx.jobs.nudge();
}

export async function changeUssdPin(ctx: AppContext, { userId, pinHash }: { userId: string; pinHash: string }): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const user = await tx.user.update({
      where: { id: userId },
      data: { ussdPinHash: pinHash, ussdPinFailures: 0, ussdPinLockedUntil: null },
      select: { phoneNumber: true },
    });
    await queueSms(ctx, tx, { phone: user.phoneNumber, template: 'ussd_pin_changed', params: {} });
  });
  ctx.jobs.nudge();
}
