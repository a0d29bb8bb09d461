import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { invalidState } from '../../../lib/app-error.ts';
import { clearUssdPin } from '../../auth/ussd-pin-removal.ts';
import { toAdminUser } from '../queries/users.ts';
import { auditUserAction, lockUser, type AdminAction } from './lock-user.ts';

/**
 * Customer care removes a caller's forgotten USSD PIN, after checking on the call that the caller is the
 * account's holder: the only way back for a phone-only holder, who has no web password to remove it on the
 * website. The same removal as the website's (the PIN and its lock go, open USSD sessions end, the phone
 * is told by SMS); the next dial sets a new PIN through the first PIN's door, the code texted to the phone
 * then. An account with no PIN answers 409, as the other account actions do when there is nothing to do.
 */
export async function removeUserUssdPin(ctx: AppContext, action: AdminAction) {
  const user = await inTransaction(ctx.db, async (tx) => {
    const user = await lockUser(tx, action.userId);
    if (user.ussdPinHash === null) throw invalidState('This account has no USSD PIN');
    await clearUssdPin(ctx, tx, { userId: user.id, removedBy: 'support' });
    await auditUserAction(tx, { ...action, action: 'user.ussd_pin_remove' });
    return tx.user.findUniqueOrThrow({ where: { id: user.id } });
  });
  ctx.jobs.nudge();
  return toAdminUser(user, ctx.now());
}
