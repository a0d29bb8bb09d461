/** `admin.*`: the monitoring queries and account actions of the dashboard, shared with the REST routes. */
import { z } from 'zod';
import { adminTransactionsQuery, adminUsersQuery, analyticsQuery, latestQuery, suspendReason } from '@escrow/core/contract/admin';
import { getAlerts } from '../../modules/admin/queries/alerts.ts';
import { getAnalytics } from '../../modules/admin/queries/analytics.ts';
import { getDashboard } from '../../modules/admin/queries/dashboard.ts';
import { getSystemHealth } from '../../modules/admin/queries/health.ts';
import { getLatestActivity } from '../../modules/admin/queries/latest.ts';
import { getPlatformStats } from '../../modules/admin/queries/stats.ts';
import { getTransactionTimeline, listAdminTransactions } from '../../modules/admin/queries/transactions.ts';
import { listAdminUsers } from '../../modules/admin/queries/users.ts';
import { reactivateUser } from '../../modules/admin/use-cases/reactivate-user.ts';
import { removeUserUssdPin } from '../../modules/admin/use-cases/remove-ussd-pin.ts';
import { suspendUser } from '../../modules/admin/use-cases/suspend-user.ts';
import { verifyUser } from '../../modules/admin/use-cases/verify-user.ts';
import { listPaymentLinksForAdmin, listReleasesByCode } from '../../modules/payment-links/queries/admin-queries.ts';
import { paginationQuery } from '@escrow/core/contract/common';
import { adminProcedure, createTRPCRouter } from '../init.ts';

const byId = z.object({ id: z.uuid({ message: 'Invalid id' }) });

export const adminRouter = createTRPCRouter({
  dashboard: adminProcedure.query(({ ctx }) => getDashboard(ctx.ctx)),
  health: adminProcedure.query(({ ctx }) => getSystemHealth(ctx.ctx)),
  stats: adminProcedure.query(({ ctx }) => getPlatformStats(ctx.ctx)),
  analytics: adminProcedure.input(analyticsQuery).query(({ ctx, input }) => getAnalytics(ctx.ctx, input)),
  alerts: adminProcedure.query(({ ctx }) => getAlerts(ctx.ctx)),
  latest: adminProcedure.input(latestQuery).query(({ ctx, input }) => getLatestActivity(ctx.ctx, input)),
  transactions: adminProcedure.input(adminTransactionsQuery).query(({ ctx, input }) => listAdminTransactions(ctx.ctx, input)),
  transactionTimeline: adminProcedure
    .input(byId)
    .query(({ ctx, input }) => getTransactionTimeline(ctx.ctx, { transactionId: input.id, adminId: ctx.auth.userId })),
  users: adminProcedure.input(adminUsersQuery).query(({ ctx, input }) => listAdminUsers(ctx.ctx, input)),
  verifyUser: adminProcedure
    .input(byId)
    .mutation(({ ctx, input }) => verifyUser(ctx.ctx, { adminId: ctx.auth.userId, userId: input.id, ip: ctx.ip })),
  suspendUser: adminProcedure.input(byId.extend({ reason: suspendReason })).mutation(async ({ ctx, input }) => {
    const user = await suspendUser(ctx.ctx, { adminId: ctx.auth.userId, userId: input.id, ip: ctx.ip, reason: input.reason });
    // As the REST route: answer once the other nodes have heard the sessions end, so "suspended" on the
    // dashboard means the account's tokens are refused everywhere.
    await ctx.sessionsEnded?.();
    return user;
  }),
  reactivateUser: adminProcedure
    .input(byId)
    .mutation(({ ctx, input }) => reactivateUser(ctx.ctx, { adminId: ctx.auth.userId, userId: input.id, ip: ctx.ip })),
  removeUssdPin: adminProcedure
    .input(byId)
    .mutation(({ ctx, input }) => removeUserUssdPin(ctx.ctx, { adminId: ctx.auth.userId, userId: input.id, ip: ctx.ip })),
  paymentLinks: adminProcedure
    .input(paginationQuery.extend({ search: z.string().trim().max(100).optional() }))
    .query(({ ctx, input }) => listPaymentLinksForAdmin(ctx.ctx, input)),
  releasesByCode: adminProcedure.input(paginationQuery).query(({ ctx, input }) => listReleasesByCode(ctx.ctx, input)),
});
