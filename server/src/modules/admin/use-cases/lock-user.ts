/** Shared by the admin's account actions: lock the account row, and record what was done and by whom. */
import type { Tx } from '../../../db/prisma.ts';
import { notFound } from '../../../lib/app-error.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account, locked (SELECT … FOR UPDATE) so two admins acting at once do one thing each, in turn. */
export async function lockUser(tx: Tx, userId: string) {
  if (!UUID.test(userId)) throw notFound('User');
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
  if (locked.length === 0) throw notFound('User');
  return tx.user.findUniqueOrThrow({ where: { id: userId } });
}

export interface AdminAction {
  adminId: string;
  userId: string;
  /** The admin's IP address, for the audit log. */
  ip?: string;
}

export async function auditUserAction(tx: Tx, action: AdminAction & { action: string; data?: Record<string, string | null> }) {
  await tx.auditLog.create({
    data: {
      actorId: action.adminId,
      action: action.action,
      entity: 'user',
      entityId: action.userId,
      ip: action.ip?.slice(0, 64) ?? null,
      ...(action.data ? { data: action.data } : {}),
    },
  });
}
