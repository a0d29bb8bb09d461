/**
 * GET /monitoring/dashboard (docs/product-rules.md §3 "Dashboard response"). Totals over whole tables come from the
 * cached groupings; the counts of what is in flight (open disputes, payouts and payments, the last
 * day's events) are index range counts, cached the same short while (at a million transactions they
 * still read tens of thousands of index entries); the newest transactions are always live.
 */
import type { DashboardData } from '@escrow/core/contract/admin';
import type { AppContext } from '../../../context.ts';
import { formatCents } from '@escrow/core/domain/money';
import { listLatestTransactions } from './latest.ts';
import { ACTIVE_STATUSES, adminCache, nairobiMidnight, platformRevenue, sumGroups, transactionGroups, userGroups } from './shared.ts';

/** The Overview's Recent Transactions table shows 10 rows (docs/product-rules.md §9). */
export const DASHBOARD_LATEST_LIMIT = 10;

interface LiveCounts {
  active_disputes: bigint;
  pending_withdrawals: bigint;
  completed_withdrawals_today: bigint;
  pending_payments: bigint;
  failed_payments: bigint;
  last_hour: bigint;
  last_24h: bigint;
}

async function liveCounts(ctx: AppContext): Promise<LiveCounts> {
  const { value } = await adminCache(ctx).get('dashboard:in-flight', () => countInFlight(ctx));
  return value;
}

async function countInFlight(ctx: AppContext): Promise<LiveCounts> {
  const now = ctx.now();
  const hourAgo = new Date(now.getTime() - 3600_000);
  const dayAgo = new Date(now.getTime() - 24 * 3600_000);
  const [row] = await ctx.db.$queryRaw<LiveCounts[]>`
    SELECT
      (SELECT COUNT(*) FROM disputes WHERE status IN ('open', 'awaiting_return')) AS active_disputes,
      (SELECT COUNT(*) FROM payouts WHERE status IN ('pending', 'processing')) AS pending_withdrawals,
      (SELECT COUNT(*) FROM payouts WHERE status = 'completed' AND completed_at >= ${nairobiMidnight(now)}) AS completed_withdrawals_today,
      (SELECT COUNT(*) FROM payments WHERE status = 'pending') AS pending_payments,
      (SELECT COUNT(*) FROM payments WHERE status = 'failed' AND created_at >= ${dayAgo}) AS failed_payments,
      (SELECT COUNT(*) FROM timeline_events WHERE created_at >= ${hourAgo}) AS last_hour,
      (SELECT COUNT(*) FROM timeline_events WHERE created_at >= ${dayAgo}) AS last_24h`;
  return row!;
}

export async function getDashboard(ctx: AppContext): Promise<DashboardData> {
  const [groups, users, revenue, live, latest] = await Promise.all([
    transactionGroups(ctx),
    userGroups(ctx),
    platformRevenue(ctx),
    liveCounts(ctx),
    listLatestTransactions(ctx, { limit: DASHBOARD_LATEST_LIMIT }),
  ]);
  const pendingWithdrawals = Number(live.pending_withdrawals);
  return {
    quick_stats: {
      total_transactions: sumGroups(groups).count,
      total_users: users.reduce((total, group) => total + group.count, 0),
      total_revenue: formatCents(revenue),
      active_disputes: Number(live.active_disputes),
      pending_withdrawals: pendingWithdrawals,
    },
    health: {
      active_transactions: sumGroups(groups, { status: ACTIVE_STATUSES }).count,
      pending_payments: Number(live.pending_payments),
      disputed_transactions: sumGroups(groups, { status: 'disputed' }).count,
      failed_payments: Number(live.failed_payments),
      recent_activity: { last_hour: Number(live.last_hour), last_24h: Number(live.last_24h) },
      withdrawal_metrics: {
        pending_withdrawals: pendingWithdrawals,
        completed_withdrawals_today: Number(live.completed_withdrawals_today),
      },
    },
    latest_transactions: latest,
  };
}
