import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { invalidState } from '../../../lib/app-error.ts';
import { toAdminUser } from '../queries/users.ts';
import { auditUserAction, lockUser, type AdminAction } from './lock-user.ts';

/** Lifts a suspension: the account can sign in again (its old sessions stay ended). */
export async function reactivateUser(ctx: AppContext, action: AdminAction) {
  const user = await inTransaction(ctx.db, async (tx) => {
    const user = await lockUser(tx, action.userId);
    if (user.status === 'active') throw invalidState('This account is already active');
    const updated = await tx.user.update({ where: { id: user.id }, data: { status: 'active' } });
    await auditUserAction(tx, { ...action, action: 'user.reactivate' });
    return updated;
  });
  return toAdminUser(user, ctx.now());
}
