import type { AppContext } from '../../../context.ts';

/** Revokes the session behind the caller's token; that token answers 401 from now on, on every server. */
export async function logOut({ ctx, sessionId }: { ctx: AppContext; sessionId: string }): Promise<Record<string, never>> {
  await ctx.db.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: ctx.now() } });
  return {};
}
