/**
 * The hourly maintenance sweep: deletes rows whose purpose has passed, so the tables that every
 * request touches stay small — expired rate-limit windows, idempotency records older than a day,
 * USSD sessions older than a day, job workers of nodes gone for a day. (The job queue deletes finished jobs itself; failed ones stay for the admins.)
 */
import type { AppContext } from '../../context.ts';
import { recurringJob } from '../../jobs/recurring.ts';
import { pruneRateLimitBuckets } from '../../lib/rate-limit.ts';

export const maintenanceSweep = recurringJob('maintenance.sweep', '35 * * * *');

const DAY_MS = 24 * 3600_000;

export async function runMaintenance(ctx: AppContext) {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const rateLimits = await pruneRateLimitBuckets(ctx.db, now);
  const idempotency = await ctx.db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: dayAgo } } });
  const ussd = await ctx.db.ussdSession.deleteMany({ where: { updatedAt: { lt: dayAgo } } });
  const jobWorkers = await ctx.db.jobWorker.deleteMany({ where: { lastSeenAt: { lt: dayAgo } } });
  const report = { rateLimits, idempotency: idempotency.count, ussd: ussd.count, jobWorkers: jobWorkers.count };
  ctx.log.info(report, 'maintenance sweep');
  return report;
}
