import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { invalidState } from '../../../lib/app-error.ts';
import { markPhoneVerified } from '../../auth/accounts.ts';
import { toAdminUser } from '../queries/users.ts';
import { auditUserAction, lockUser, type AdminAction } from './lock-user.ts';

/**
 * An admin vouches for an account's phone (e.g. checked by a support call): the account is verified as
 * if the SMS code had been entered, so transactions waiting for that seller phone attach to it.
 */
export async function verifyUser(ctx: AppContext, action: AdminAction) {
  const user = await inTransaction(ctx.db, async (tx) => {
    const user = await lockUser(tx, action.userId);
    if (user.phoneVerifiedAt) throw invalidState('This account is already verified');
    // The admin checked the person, who holds the password they chose.
    await markPhoneVerified(tx, user, ctx.now(), { keepsPassword: true });
    await auditUserAction(tx, { ...action, action: 'user.verify' });
    return tx.user.findUniqueOrThrow({ where: { id: user.id } });
  });
  return toAdminUser(user, ctx.now());
}
