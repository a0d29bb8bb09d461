/**
 * Pieces every admin query shares: the per-app aggregate cache, the cached whole-table groupings that
 * several screens derive their totals from, Nairobi day boundaries and search-term parsing.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { Prisma } from '../../../db/prisma.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import type { TransactionStatus, TransactionType } from '@escrow/core/domain/transaction-state';
import { totalsSql } from '../../transactions/totals.ts';
import { createAggregateCache, type AggregateCache } from '../aggregate-cache.ts';

const caches = new WeakMap<AppContext, AggregateCache>();

/** The aggregate cache of one running app (REST and tRPC share it). */
export function adminCache(ctx: AppContext): AggregateCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createAggregateCache({
      ttlMs: ctx.config.ADMIN_STATS_CACHE_SECONDS * 1000,
      onRefreshError: (key, error) => ctx.log.error({ err: error, key }, 'admin aggregate refresh failed'),
    });
    caches.set(ctx, cache);
  }
  return cache;
}

/** Each node LISTENs on it (over the session cache's connection) and forgets its aggregates when it is heard. */
const AGGREGATES_CHANNEL = 'admin_aggregates_changed';

/** What every node shares to hear of a write: the session cache's LISTEN connection (plugins/session-cache.ts). */
export interface NodeChannels {
  onChannel(channel: string, heard: (payload: string | null) => void): void;
  barrier(): Promise<void>;
}

/**
 * An admin's write that succeeded (a ruling, a return confirmed for the seller, a failed payout sent again
 * or returned, an account suspended or verified; REST or tRPC) forgets every cached aggregate on every
 * node: the admin who just acted reads totals that include it, on whichever node the next request lands,
 * not those of up to ADMIN_STATS_CACHE_SECONDS before. The one place the cache is cleared; installed on
 * every route that takes a write (app.ts). The node that wrote forgets at once, NOTIFYs the others after
 * the write committed and answers once every live node has heard it (the session cache's barrier). Admins
 * write rarely, so it costs little; everyone else's activity still shows within the cache time.
 *
 * A node whose LISTEN connection is lost, or dead without knowing it (its heartbeat notices within
 * seconds), misses these notifications: it forgets its aggregates when the connection is lost and again
 * when it listens anew, and in between its totals are no older than ADMIN_STATS_CACHE_SECONDS, as every
 * node's were before writes were shared. A NOTIFY that fails leaves the other nodes within that same bound.
 */
export function forgetAggregatesAfterAdminWrite(ctx: AppContext, nodes: NodeChannels) {
  nodes.onChannel(AGGREGATES_CHANNEL, () => adminCache(ctx).invalidate(''));
  const tellEveryNode = async () => {
    try {
      await ctx.db.$executeRaw`SELECT pg_notify(${AGGREGATES_CHANNEL}, '')`;
      await nodes.barrier();
    } catch (error) {
      ctx.log.warn({ err: error }, 'admin aggregates: other nodes not told of a write; theirs refresh within the cache time');
    }
  };
  // A callback hook, not an async one: every write's answer passes through it, creates included, and
  // only an admin's waits.
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD';
    if (!isWrite || request.auth?.role !== 'admin' || reply.statusCode < 200 || reply.statusCode >= 300) return done(null, payload);
    adminCache(ctx).invalidate('');
    void tellEveryNode().then(() => done(null, payload));
  };
}

/** Kenya has no daylight saving: East Africa Time is always UTC+3. */
export const NAIROBI_OFFSET_MS = 3 * 3600_000;
export const NAIROBI_TZ = 'Africa/Nairobi';
const DAY_MS = 24 * 3600_000;

/** The instant of the last midnight in Nairobi. */
export function nairobiMidnight(now: Date): Date {
  const local = now.getTime() + NAIROBI_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - NAIROBI_OFFSET_MS);
}

/** Today's date in Nairobi as YYYY-MM-DD. */
export function nairobiToday(now: Date): string {
  return new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

// ───────────────────────────── cached groupings ─────────────────────────────

export interface GroupTotal {
  count: number;
  cents: bigint;
}

export type TransactionGroups = Map<`${TransactionStatus}:${TransactionType}`, GroupTotal>;

/**
 * Count and value of transactions per (status, type): at most 24 rows of the totals the database keeps
 * (transactions/totals.ts), from which the dashboard, the stats and every list filtered only by
 * status/type read their totals.
 */
export async function transactionGroups(ctx: AppContext): Promise<TransactionGroups> {
  const { value } = await adminCache(ctx).get('transactions:groups', () => readTransactionGroups(ctx));
  return value;
}

/** The groups as they are now, not cached: a list's pages are counted from them (a count that lags hides rows). */
export async function readTransactionGroups(ctx: AppContext): Promise<TransactionGroups> {
  const values: unknown[] = [];
  const text = totalsSql({ userId: null }, (value) => `$${values.push(value)}`, { byType: true });
  const rows = await ctx.db.$queryRawUnsafe<
    { status: TransactionStatus; transaction_type: TransactionType; count: number; amount_cents: string }[]
  >(text, ...values);
  const groups: TransactionGroups = new Map();
  for (const row of rows) groups.set(`${row.status}:${row.transaction_type}`, { count: row.count, cents: BigInt(row.amount_cents) });
  return groups;
}

/** Sum of the groups that pass the filter. */
export function sumGroups(
  groups: TransactionGroups,
  filter: { status?: TransactionStatus | readonly TransactionStatus[]; type?: TransactionType } = {},
): GroupTotal {
  const statuses = filter.status === undefined ? TRANSACTION_STATUSES : typeof filter.status === 'string' ? [filter.status] : filter.status;
  const types = filter.type ? [filter.type] : TRANSACTION_TYPES;
  let count = 0;
  let cents = 0n;
  for (const status of statuses) {
    for (const type of types) {
      const group = groups.get(`${status}:${type}`);
      if (group) {
        count += group.count;
        cents += group.cents;
      }
    }
  }
  return { count, cents };
}

/** Money in escrow and the deal under way. */
export const ACTIVE_STATUSES: readonly TransactionStatus[] = ['installment', 'funded', 'dispatched'];

export interface UserGroup {
  userType: 'buyer' | 'seller' | 'both' | 'admin';
  status: 'active' | 'suspended';
  isVerified: boolean;
  count: number;
}

/** Users per (type, status, verified): at most 16 rows, the totals of the Users page and the dashboard. */
export async function userGroups(ctx: AppContext): Promise<UserGroup[]> {
  const { value } = await adminCache(ctx).get('users:groups', async () => {
    const rows = await ctx.db.$queryRaw<
      { user_type: UserGroup['userType']; status: UserGroup['status']; verified: boolean; count: bigint }[]
    >`
      SELECT user_type::text AS user_type, status::text AS status, (phone_verified_at IS NOT NULL) AS verified, COUNT(*)::bigint AS count
      FROM users GROUP BY 1, 2, 3`;
    return rows.map((row) => ({ userType: row.user_type, status: row.status, isVerified: row.verified, count: Number(row.count) }));
  });
  return value;
}

/** Net platform fees: the platform_fees account is credit-normal, so revenue is minus its posting sum. */
export async function platformRevenue(ctx: AppContext): Promise<bigint> {
  const { value } = await adminCache(ctx).get('ledger:revenue', async () => {
    const [row] = await ctx.db.$queryRaw<{ revenue: bigint | null }[]>`
      SELECT (-SUM(amount_cents))::bigint AS revenue FROM ledger_postings WHERE account_code = 'platform_fees'`;
    return row?.revenue ?? 0n;
  });
  return value;
}

// ───────────────────────────── search ─────────────────────────────

/** Escapes LIKE wildcards so user input matches literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The phone digits to look for in a search term, in stored form where the start is known:
 * "0722 123" → "254722123", "+254722" → "254722", "123 456" → "123456". Null when the term is not
 * phone-like.
 */
export function phoneFragment(term: string): string | null {
  if (!/^\+?[\d\s-]{3,20}$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  if (digits.length < 3) return null;
  if (/^0[17]/.test(digits)) return `254${digits.slice(1)}`;
  return digits;
}

export const sql = Prisma.sql;
export const join = Prisma.join;
export const empty = Prisma.empty;
export type Sql = Prisma.Sql;

/** `a AND b AND …`, or TRUE for no conditions. */
export function whereAll(conditions: Sql[]): Sql {
  return conditions.length === 0 ? sql`TRUE` : join(conditions, ' AND ');
}
