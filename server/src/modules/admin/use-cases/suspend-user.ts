import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { businessRule, invalidState } from '../../../lib/app-error.ts';
import { revokeAllSessions } from '../../auth/accounts.ts';
import { toAdminUser } from '../queries/users.ts';
import { auditUserAction, lockUser, type AdminAction } from './lock-user.ts';

/**
 * Suspends an account: it can no longer sign in, and every session it holds ends now (its tokens answer
 * 401 on every server process). An admin cannot suspend their own account.
 */
export async function suspendUser(ctx: AppContext, action: AdminAction & { reason?: string }) {
  if (action.userId === action.adminId) throw businessRule('You cannot suspend your own account', 'id');
  const user = await inTransaction(ctx.db, async (tx) => {
    const user = await lockUser(tx, action.userId);
    if (user.status === 'suspended') throw invalidState('This account is already suspended');
    const now = ctx.now();
    const updated = await tx.user.update({ where: { id: user.id }, data: { status: 'suspended' } });
    await revokeAllSessions(tx, user.id, now);
    await auditUserAction(tx, { ...action, action: 'user.suspend', data: { reason: action.reason ?? null } });
    return updated;
  });
  return toAdminUser(user, ctx.now());
}
