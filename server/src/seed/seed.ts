/**
 * Start-up data: the admin account from ADMIN_PHONE / ADMIN_PASSWORD (created or updated at every
 * start), and — once, on an empty database — demo buyers and sellers with transactions in every state.
 */
import type { AppContext } from '../context.ts';
import { normalizePhone } from '@escrow/core/domain/phone';
import { hashSecret } from '../lib/password.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.ts';

export { DEMO_PASSWORD, DEMO_USERS };

export async function ensureAdmin(ctx: AppContext): Promise<{ phone: string }> {
  const phone = normalizePhone(ctx.config.ADMIN_PHONE);
  if (!phone) throw new Error(`ADMIN_PHONE ${ctx.config.ADMIN_PHONE} is not a Kenyan mobile number`);
  const passwordHash = await hashSecret(ctx.config.ADMIN_PASSWORD);
  await ctx.db.user.upsert({
    where: { phoneNumber: phone },
    create: {
      firstName: 'Platform',
      lastName: 'Admin',
      phoneNumber: phone,
      email: 'admin@escrow.co.ke',
      userType: 'admin',
      passwordHash,
      phoneVerifiedAt: ctx.now(),
    },
    update: { userType: 'admin', passwordHash, status: 'active', phoneVerifiedAt: ctx.now() },
  });
  return { phone };
}

/** Seeds demo users (and, through the demo scenario, transactions in every state) once. */
export async function seedDemoData(ctx: AppContext): Promise<boolean> {
  const existing = await ctx.db.user.count({ where: { userType: { not: 'admin' } } });
  if (existing > 0) return false;
  const passwordHash = await hashSecret(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    await ctx.db.user.create({
      data: {
        firstName: user.firstName,
        lastName: user.lastName,
        phoneNumber: user.phone,
        email: user.email,
        userType: user.userType,
        passwordHash,
        phoneVerifiedAt: ctx.now(),
      },
    });
  }
  const { seedDemoTransactions } = await import('./demo-transactions.ts');
  await seedDemoTransactions(ctx);
  return true;
}
