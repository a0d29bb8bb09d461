/** GET /monitoring/stats: platform totals by status and type, users, money held and moved. */
import type { StatsData } from '@escrow/core/contract/admin';
import type { AppContext } from '../../../context.ts';
import { divideRoundHalfUp, formatCents } from '@escrow/core/domain/money';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import { adminCache, platformRevenue, sumGroups, transactionGroups, userGroups } from './shared.ts';

interface MoneyRow {
  in_escrow: bigint | null;
  paid_out: bigint | null;
  refunded: bigint | null;
}

function countsBy<K extends string>(keys: readonly K[], rows: { key: string; count: bigint }[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) if ((keys as readonly string[]).includes(row.key)) counts[row.key as K] = Number(row.count);
  return counts;
}

export async function getPlatformStats(ctx: AppContext): Promise<StatsData> {
  const [groups, users, revenue, rest] = await Promise.all([
    transactionGroups(ctx),
    userGroups(ctx),
    platformRevenue(ctx),
    adminCache(ctx).get('stats:rest', async () => {
      const [[money], payments, payouts, disputes] = await Promise.all([
        ctx.db.$queryRaw<MoneyRow[]>`
          SELECT
            (SELECT (-SUM(amount_cents))::bigint FROM ledger_postings WHERE account_code = 'escrow_holding') AS in_escrow,
            (SELECT SUM(amount_cents)::bigint FROM payouts WHERE status = 'completed' AND kind = 'seller_payout') AS paid_out,
            (SELECT SUM(amount_cents)::bigint FROM payouts WHERE status = 'completed' AND kind = 'buyer_refund') AS refunded`,
        ctx.db.$queryRaw<{ key: string; count: bigint }[]>`SELECT status::text AS key, COUNT(*)::bigint AS count FROM payments GROUP BY 1`,
        ctx.db.$queryRaw<{ key: string; count: bigint }[]>`SELECT status::text AS key, COUNT(*)::bigint AS count FROM payouts GROUP BY 1`,
        ctx.db.$queryRaw<{ key: string; count: bigint }[]>`SELECT status::text AS key, COUNT(*)::bigint AS count FROM disputes GROUP BY 1`,
      ]);
      return {
        money: money!,
        payments: countsBy(['pending', 'completed', 'failed', 'cancelled'] as const, payments),
        payouts: countsBy(['pending', 'processing', 'completed', 'failed'] as const, payouts),
        disputes: countsBy(['open', 'awaiting_return', 'resolved'] as const, disputes),
      };
    }),
  ]);

  const total = sumGroups(groups);
  const byStatus = Object.fromEntries(
    TRANSACTION_STATUSES.map((status) => {
      const group = sumGroups(groups, { status });
      return [status, { count: group.count, value: formatCents(group.cents) }];
    }),
  ) as StatsData['transactions']['by_status'];
  const byType = Object.fromEntries(
    TRANSACTION_TYPES.map((type) => {
      const group = sumGroups(groups, { type });
      return [type, { count: group.count, value: formatCents(group.cents) }];
    }),
  ) as StatsData['transactions']['by_type'];
  const usersByType = { buyer: 0, seller: 0, both: 0, admin: 0 };
  for (const group of users) usersByType[group.userType] += group.count;
  const { money, payments, payouts, disputes } = rest.value;

  return {
    transactions: {
      total: total.count,
      total_value: formatCents(total.cents),
      average_value: formatCents(total.count === 0 ? 0n : divideRoundHalfUp(total.cents, BigInt(total.count))),
      by_status: byStatus,
      by_type: byType,
    },
    users: {
      total: users.reduce((sum, group) => sum + group.count, 0),
      verified: users.filter((group) => group.isVerified).reduce((sum, group) => sum + group.count, 0),
      suspended: users.filter((group) => group.status === 'suspended').reduce((sum, group) => sum + group.count, 0),
      by_type: usersByType,
    },
    money: {
      revenue: formatCents(revenue),
      in_escrow: formatCents(money.in_escrow ?? 0n),
      paid_out: formatCents(money.paid_out ?? 0n),
      refunded: formatCents(money.refunded ?? 0n),
    },
    payments,
    payouts,
    disputes,
    computed_at: rest.computedAt.toISOString(),
  };
}
