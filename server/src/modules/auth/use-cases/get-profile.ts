import type { AppContext } from '../../../context.ts';
import type { UserWire } from '@escrow/core/contract/auth';
import { notFound } from '../../../lib/app-error.ts';
import { toUserWire, USER_WIRE_SELECT } from '../user-wire.ts';

/** The signed-in user's account. */
export async function getProfile({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<{ user: UserWire }> {
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: USER_WIRE_SELECT });
  if (!user) throw notFound('User');
  return { user: toUserWire(user) };
}
