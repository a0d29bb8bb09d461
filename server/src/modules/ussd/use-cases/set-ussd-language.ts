/**
 * The language a phone's USSD screens and SMS use. An account keeps it in `users.language` (SMS follow
 * it too); an unregistered phone keeps it on its USSD session row, which outlives the session
 * (session-store.ts) and is copied to the account at registration.
 */
import type { AppContext } from '../../../context.ts';
import type { UssdLanguage } from '../messages.ts';

export async function setUssdLanguage(
  ctx: AppContext,
  { userId, language }: { userId: string | null; language: UssdLanguage },
): Promise<void> {
  if (userId) await ctx.db.user.update({ where: { id: userId }, data: { language } });
}
