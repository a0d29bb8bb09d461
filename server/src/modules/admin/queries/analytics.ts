/**
 * GET /monitoring/analytics?from&to&interval: time series for the Analytics page. Periods are Nairobi
 * calendar days, ISO weeks (from Monday) or months; every period in the range appears, empty or not.
 * Each metric is one GROUP BY over a created_at index range.
 */
import { MAX_ANALYTICS_PERIODS, type AnalyticsData, type AnalyticsQuery } from '@escrow/core/contract/admin';
import type { AppContext } from '../../../context.ts';
import { Prisma } from '../../../db/prisma.ts';
import { formatCents } from '@escrow/core/domain/money';
import { validationError } from '../../../lib/app-error.ts';
import { adminCache, NAIROBI_OFFSET_MS, NAIROBI_TZ, nairobiToday } from './shared.ts';

type Interval = AnalyticsData['interval'];

const DEFAULT_PERIODS: Record<Interval, number> = { day: 30, week: 12, month: 12 };

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first day of the period that contains `day`. */
export function periodStart(day: string, interval: Interval): string {
  const date = toDate(day);
  if (interval === 'week') date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  if (interval === 'month') date.setUTCDate(1);
  return toDay(date);
}

/** The first day of the period `count` periods after the one starting on `start`. */
export function addPeriods(start: string, interval: Interval, count: number): string {
  const date = toDate(start);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  return toDay(date);
}

/** Nairobi midnight at the start of `day`, as an instant. */
const nairobiStartOf = (day: string) => new Date(toDate(day).getTime() - NAIROBI_OFFSET_MS);

interface Bucket {
  count: number;
  volume: bigint;
  revenue: bigint;
  disputes: number;
  started: number;
  completed: number;
}

const emptyBucket = (): Bucket => ({ count: 0, volume: 0n, revenue: 0n, disputes: 0, started: 0, completed: 0 });

function toPoint(bucket: Bucket) {
  return {
    count: bucket.count,
    volume: formatCents(bucket.volume),
    revenue: formatCents(bucket.revenue),
    disputes: bucket.disputes,
    installment_plans_started: bucket.started,
    installment_plans_completed: bucket.completed,
    installment_completion_rate: bucket.started === 0 ? null : Math.round((bucket.completed / bucket.started) * 10_000) / 100,
  };
}

export async function getAnalytics(ctx: AppContext, query: AnalyticsQuery): Promise<AnalyticsData> {
  const { interval } = query;
  const to = query.to ?? nairobiToday(ctx.now());
  const lastPeriod = periodStart(to, interval);
  const from = query.from ?? addPeriods(lastPeriod, interval, 1 - DEFAULT_PERIODS[interval]);
  const firstPeriod = periodStart(from, interval);

  const periods: string[] = [];
  for (let period = firstPeriod; period <= lastPeriod; period = addPeriods(period, interval, 1)) {
    periods.push(period);
    if (periods.length > MAX_ANALYTICS_PERIODS[interval]) {
      throw validationError(
        'from',
        `At most ${MAX_ANALYTICS_PERIODS[interval]} ${interval}s per request: narrow the range or use a longer interval`,
      );
    }
  }
  const start = nairobiStartOf(firstPeriod);
  const end = nairobiStartOf(addPeriods(lastPeriod, interval, 1));

  const { value: buckets } = await adminCache(ctx).get(`analytics:${interval}:${firstPeriod}:${lastPeriod}`, async () => {
    // `interval` is one of three literals (validated by the schema), never user text.
    const unit = Prisma.raw(`'${interval}'`);
    const periodOf = (column: Prisma.Sql) => Prisma.sql`to_char(date_trunc(${unit}, ${column} AT TIME ZONE ${NAIROBI_TZ}), 'YYYY-MM-DD')`;
    const [transactions, fees, disputes, plans] = await Promise.all([
      ctx.db.$queryRaw<{ period: string; count: bigint; volume: bigint }[]>`
        SELECT ${periodOf(Prisma.sql`created_at`)} AS period, COUNT(*)::bigint AS count, SUM(amount_cents)::bigint AS volume
        FROM transactions WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`,
      ctx.db.$queryRaw<{ period: string; revenue: bigint }[]>`
        SELECT ${periodOf(Prisma.sql`j.created_at`)} AS period, (-SUM(p.amount_cents))::bigint AS revenue
        FROM ledger_journals j JOIN ledger_postings p ON p.journal_id = j.id AND p.account_code = 'platform_fees'
        WHERE j.created_at >= ${start} AND j.created_at < ${end} GROUP BY 1`,
      ctx.db.$queryRaw<{ period: string; count: bigint }[]>`
        SELECT ${periodOf(Prisma.sql`created_at`)} AS period, COUNT(*)::bigint AS count
        FROM disputes WHERE created_at >= ${start} AND created_at < ${end} GROUP BY 1`,
      ctx.db.$queryRaw<{ period: string; started: bigint; completed: bigint }[]>`
        SELECT ${periodOf(Prisma.sql`t.created_at`)} AS period, COUNT(*)::bigint AS started,
               COUNT(*) FILTER (WHERE p.status = 'completed')::bigint AS completed
        FROM transactions t JOIN installment_plans p ON p.transaction_id = t.id
        WHERE t.transaction_type = 'lipa_mdogo_mdogo' AND t.created_at >= ${start} AND t.created_at < ${end} GROUP BY 1`,
    ]);
    const byPeriod = new Map<string, Bucket>();
    const bucket = (period: string) => {
      let found = byPeriod.get(period);
      if (!found) byPeriod.set(period, (found = emptyBucket()));
      return found;
    };
    for (const row of transactions) Object.assign(bucket(row.period), { count: Number(row.count), volume: row.volume });
    for (const row of fees) bucket(row.period).revenue = row.revenue;
    for (const row of disputes) bucket(row.period).disputes = Number(row.count);
    for (const row of plans) Object.assign(bucket(row.period), { started: Number(row.started), completed: Number(row.completed) });
    return byPeriod;
  });

  const totals = emptyBucket();
  const series = periods.map((period) => {
    const found = buckets.get(period) ?? emptyBucket();
    totals.count += found.count;
    totals.volume += found.volume;
    totals.revenue += found.revenue;
    totals.disputes += found.disputes;
    totals.started += found.started;
    totals.completed += found.completed;
    return { period, ...toPoint(found) };
  });
  // The range actually covered: whole periods, from the first day of the first to the last day of the last.
  const lastDay = toDay(new Date(toDate(addPeriods(lastPeriod, interval, 1)).getTime() - 24 * 3600_000));
  return { from: firstPeriod, to: lastDay, interval, series, totals: toPoint(totals) };
}
