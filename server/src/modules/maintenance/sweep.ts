/**
 * The hourly maintenance sweep: deletes rows whose purpose has passed, so the tables that every
 * request touches stay small — expired rate-limit windows, idempotency records older than a day,
 * USSD sessions older than a day, job workers of nodes gone for a day (the job queue deletes finished
 * jobs itself; failed ones stay for the admins). It also queues again any auto-release overdue after its
 * inspection window (a job that failed for good).
 */
import type { AppContext } from '../../context.ts';
import { recurringJob } from '../../jobs/recurring.ts';
import { pruneRateLimitBuckets } from '../../lib/rate-limit.ts';
import { requeueOverdueReleases } from '../transactions/use-cases/release-payment.ts';

export const maintenanceSweep = recurringJob('maintenance.sweep', '35 * * * *');

const DAY_MS = 24 * 3600_000;

export async function runMaintenance(ctx: AppContext) {
  const now = ctx.now();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const rateLimits = await pruneRateLimitBuckets(ctx.db, now);
  const idempotency = await ctx.db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: dayAgo } } });
  const ussd = await ctx.db.ussdSession.deleteMany({ where: { updatedAt: { lt: dayAgo } } });
  const jobWorkers = await ctx.db.jobWorker.deleteMany({ where: { lastSeenAt: { lt: dayAgo } } });
  const overdueReleases = await requeueOverdueReleases(ctx);
  const report = { rateLimits, idempotency: idempotency.count, ussd: ussd.count, jobWorkers: jobWorkers.count, overdueReleases };
  ctx.log.info(report, 'maintenance sweep');
  return report;
}
