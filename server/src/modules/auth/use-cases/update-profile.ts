import type { AppContext } from '../../../context.ts';
import type { UserWire } from '@escrow/core/contract/auth';
import { Prisma } from '../../../db/prisma.ts';
import { AppError } from '../../../lib/app-error.ts';
import { toUserWire, USER_WIRE_SELECT } from '../user-wire.ts';

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  /** Lower-cased; null removes it. */
  email?: string | null;
}

const emailTaken = () =>
  new AppError('ALREADY_EXISTS', 'Another account already uses this email.', {
    errors: { email: ['Another account already uses this email'] },
  });

/** Changes the signed-in user's names or email (the phone is the identity and does not change here). */
export async function updateProfile({
  ctx,
  userId,
  changes,
}: {
  ctx: AppContext;
  userId: string;
  changes: ProfileChanges;
}): Promise<{ user: UserWire }> {
  if (changes.email) {
    const owner = await ctx.db.user.findUnique({ where: { email: changes.email }, select: { id: true } });
    if (owner && owner.id !== userId) throw emailTaken();
  }
  try {
    const user = await ctx.db.user.update({
      where: { id: userId },
      data: {
        ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
        ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
        ...(changes.email !== undefined ? { email: changes.email } : {}),
      },
      select: USER_WIRE_SELECT,
    });
    return { user: toUserWire(user) };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw emailTaken();
    throw error;
  }
}
