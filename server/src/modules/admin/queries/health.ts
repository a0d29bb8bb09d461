/**
 * GET /monitoring/health: is each part of the platform doing its job? The database answers, the job
 * queue drains, the M-Pesa rail completes payments and payouts, the SMS outbox empties, and the ledger
 * balances with no account overdrawn and no transaction refunded beyond what was paid in (ledger/invariants.ts). Each part reports ok / warning / critical; the page shows the worst.
 */
import type { HealthData } from '@escrow/core/contract/admin';
import type { AppContext } from '../../../context.ts';
import { Prisma } from '../../../db/prisma.ts';
import { formatCents } from '@escrow/core/domain/money';
import { RAIL_CASH_ACCOUNTS } from '@escrow/core/domain/posting-rules';
import { RAIL_CHOICES } from '@escrow/core/domain/rail-choice';
import { checkLedgerInvariants } from '../../ledger/invariants.ts';
import { adminCache } from './shared.ts';

/** An STK push unanswered this long is stale: the reconciliation job should have settled it. */
export const STALE_STK_MINUTES = 5;
/** A payout pending or processing this long needs a person to look at it. */
export const STUCK_PAYOUT_MINUTES = 30;
/**
 * Since when a pending or processing payout has been waiting: a pending one since it was created or
 * queued again (an admin's retry, an automatic one after a failed request), a processing one since its
 * current request went to the rail. Not its creation: a payout retried days later is not stuck at once.
 */
export const payoutWaitingSince = (table = 'payouts') =>
  `(CASE WHEN ${table}.status = 'pending' THEN ${table}.updated_at ELSE COALESCE(${table}.sent_at, ${table}.updated_at) END)`;
/** A due job waiting this long means no worker is draining the queue. */
const JOB_BACKLOG_WARNING_SECONDS = 120;
const SMS_BACKLOG_WARNING_SECONDS = 300;
const DATABASE_SLOW_MS = 250;

type Level = HealthData['status'];
const worst = (...levels: Level[]): Level => (levels.includes('critical') ? 'critical' : levels.includes('warning') ? 'warning' : 'ok');

interface RailRow {
  jobs_queued: bigint;
  jobs_scheduled: bigint;
  jobs_running: bigint;
  jobs_failed: bigint;
  oldest_due_seconds: number | null;
  stale_stk: bigint;
  failed_payments_24h: bigint;
  failed_payouts: bigint;
  stuck_payouts: bigint;
  sms_queued: bigint;
  sms_failed: bigint;
  sms_failed_24h: bigint;
  oldest_sms_seconds: number | null;
}

export async function getSystemHealth(ctx: AppContext): Promise<HealthData> {
  const now = ctx.now();
  const started = performance.now();
  await ctx.db.$queryRaw`SELECT 1`;
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;

  const staleBefore = new Date(now.getTime() - STALE_STK_MINUTES * 60_000);
  const stuckBefore = new Date(now.getTime() - STUCK_PAYOUT_MINUTES * 60_000);
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const [[rails], failedByQueue, ledger] = await Promise.all([
    ctx.db.$queryRaw<RailRow[]>`
      SELECT
        -- Due now: jobs still in the outbox (jobs/queue.ts) are too, they move into the queue within moments.
        -- Those whose run_at is ahead (an auto-release, a reminder, a retry's backoff) are counted apart:
        -- counted as queued, a healthy system looked backed up.
        (SELECT COUNT(*) FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= ${now})
          + (SELECT COUNT(*) FROM job_outbox) AS jobs_queued,
        (SELECT COUNT(*) FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts < max_attempts AND run_at > ${now}) AS jobs_scheduled,
        (SELECT COUNT(*) FROM graphile_worker.jobs WHERE locked_at IS NOT NULL) AS jobs_running,
        (SELECT COUNT(*) FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts >= max_attempts) AS jobs_failed,
        (SELECT EXTRACT(EPOCH FROM (${now}::timestamptz - LEAST(
          (SELECT MIN(run_at) FROM graphile_worker.jobs WHERE locked_at IS NULL AND attempts < max_attempts AND run_at <= ${now}),
          (SELECT MIN(created_at) FROM job_outbox))))::float8) AS oldest_due_seconds,
        (SELECT COUNT(*) FROM payments WHERE status = 'pending' AND created_at < ${staleBefore}) AS stale_stk,
        (SELECT COUNT(*) FROM payments WHERE status = 'failed' AND created_at >= ${dayAgo}) AS failed_payments_24h,
        (SELECT COUNT(*) FROM payouts WHERE status = 'failed') AS failed_payouts,
        (SELECT COUNT(*) FROM payouts WHERE status IN ('pending', 'processing') AND ${Prisma.raw(payoutWaitingSince())} < ${stuckBefore}) AS stuck_payouts,
        (SELECT COUNT(*) FROM sms_messages WHERE status = 'queued') AS sms_queued,
        (SELECT COUNT(*) FROM sms_messages WHERE status = 'failed') AS sms_failed,
        (SELECT COUNT(*) FROM sms_messages WHERE status = 'failed' AND created_at >= ${dayAgo}) AS sms_failed_24h,
        (SELECT EXTRACT(EPOCH FROM (${now}::timestamptz - MIN(created_at)))::float8 FROM sms_messages WHERE status = 'queued') AS oldest_sms_seconds`,
    ctx.db.$queryRaw<{ queue: string; failed: bigint }[]>`
      SELECT task_identifier AS queue, COUNT(*)::bigint AS failed FROM graphile_worker.jobs
      WHERE locked_at IS NULL AND attempts >= max_attempts GROUP BY task_identifier ORDER BY failed DESC, task_identifier`,
    // The invariant check reads the whole ledger: on a large one it is reused like the other aggregates.
    adminCache(ctx).get('ledger:invariants', () => checkLedgerInvariants(ctx.db), {
      ttlMs: ctx.config.ADMIN_STATS_CACHE_SECONDS * 4000,
    }),
  ]);
  const r = rails!;
  const oldestDue = Math.max(0, Math.round(r.oldest_due_seconds ?? 0));
  const oldestSms = Math.max(0, Math.round(r.oldest_sms_seconds ?? 0));

  const database = { status: (latencyMs > DATABASE_SLOW_MS ? 'warning' : 'ok') as Level, latency_ms: latencyMs };
  const jobs = {
    status: worst(oldestDue > JOB_BACKLOG_WARNING_SECONDS ? 'warning' : 'ok', r.jobs_failed > 0n ? 'warning' : 'ok'),
    queued: Number(r.jobs_queued),
    scheduled: Number(r.jobs_scheduled),
    running: Number(r.jobs_running),
    failed: Number(r.jobs_failed),
    oldest_due_seconds: oldestDue,
    failed_by_queue: failedByQueue.map((row) => ({ queue: row.queue, failed: Number(row.failed) })),
  };
  const mpesa = {
    status: worst(r.stuck_payouts > 0n || r.failed_payouts > 0n ? 'critical' : 'ok', r.stale_stk > 0n ? 'warning' : 'ok'),
    stale_stk_pushes: Number(r.stale_stk),
    failed_payments_24h: Number(r.failed_payments_24h),
    failed_payouts: Number(r.failed_payouts),
    stuck_payouts: Number(r.stuck_payouts),
  };
  const sms = {
    status: worst(oldestSms > SMS_BACKLOG_WARNING_SECONDS ? 'warning' : 'ok', r.sms_failed_24h > 0n ? 'warning' : 'ok'),
    queued: Number(r.sms_queued),
    failed: Number(r.sms_failed),
    failed_24h: Number(r.sms_failed_24h),
    oldest_queued_seconds: oldestSms,
  };
  const report = ledger.value;
  const ledgerHealth = {
    status: (report.isHealthy ? 'ok' : 'critical') as Level,
    unbalanced_journals: report.unbalancedJournals,
    overdrawn_balances: report.overdrawnBalances,
    refund_bound_violations: report.refundBoundViolations,
    platform_fees: formatCents(report.platformFees),
    rail_cash: Object.fromEntries(RAIL_CHOICES.map((rail) => [rail, formatCents(report.cashBalances[RAIL_CASH_ACCOUNTS[rail]])])) as Record<
      (typeof RAIL_CHOICES)[number],
      string
    >,
    journals: report.journals,
    checked_at: ledger.computedAt.toISOString(),
  };
  return {
    status: worst(database.status, jobs.status, mpesa.status, sms.status, ledgerHealth.status),
    checked_at: now.toISOString(),
    database,
    jobs,
    mpesa,
    sms,
    ledger: ledgerHealth,
  };
}
