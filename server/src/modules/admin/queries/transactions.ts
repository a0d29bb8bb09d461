/**
 * GET /monitoring/transactions (every transaction, filtered, searched, paginated, with a summary) and
 * GET /monitoring/transactions/{id}/timeline.
 *
 * At a million rows: a page is an index scan in created_at order (per status or type when filtered)
 * followed by `per_page` lookups of the parties and the newest event. Searches go through trigram
 * indexes on the reference number and the phones. Totals for filters on status and type alone come
 * from the cached (status, type) grouping; other filters count live, cached per filter.
 */
import type { AdminTransactionsData, AdminTransactionsQuery, TransactionTimelineData } from '@escrow/core/contract/admin';
import { paginationOf } from '@escrow/core/contract/common';
import type { AppContext } from '../../../context.ts';
import { formatCents } from '@escrow/core/domain/money';
import { normalizePhone } from '@escrow/core/domain/phone';
import {
  IN_PROGRESS_STATUSES,
  TRANSACTION_STATUSES,
  VALUED_STATUSES,
  type TransactionStatus,
  type TransactionType,
} from '@escrow/core/domain/transaction-state';
import { getTransactionDetail } from '../../transactions/use-cases/read-transactions.ts';
import { partyWire } from '../../transactions/wire.ts';
import { adminCache, likeEscape, phoneFragment, readTransactionGroups, sql, sumGroups, whereAll, type Sql } from './shared.ts';

/** How many matching accounts a phone search looks at (their transactions are then found by index). */
const MAX_MATCHING_BUYERS = 2000;

export type TransactionFilters = Omit<AdminTransactionsQuery, 'page' | 'per_page'>;

/** The SQL conditions on `t` (transactions) for the filters; a search first looks up matching buyers. */
export async function transactionConditions(ctx: AppContext, filters: TransactionFilters): Promise<Sql[]> {
  const conditions: Sql[] = [];
  if (filters.status) conditions.push(sql`t.status = ${filters.status}::"TransactionStatus"`);
  if (filters.transaction_type) conditions.push(sql`t.transaction_type = ${filters.transaction_type}::"TransactionType"`);
  if (filters.amount_min !== undefined) conditions.push(sql`t.amount_cents >= ${filters.amount_min}`);
  if (filters.amount_max !== undefined) conditions.push(sql`t.amount_cents <= ${filters.amount_max}`);
  const term = filters.search?.trim();
  if (term) conditions.push(await searchCondition(ctx, term));
  return conditions;
}

async function searchCondition(ctx: AppContext, term: string): Promise<Sql> {
  const alternatives: Sql[] = [];
  const reference = term.toUpperCase().replace(/\s+/g, '');
  if (/^[0-9A-Z-]{2,16}$/.test(reference)) alternatives.push(sql`t.reference_number LIKE ${`%${likeEscape(reference)}%`}`);
  const exactPhone = normalizePhone(term);
  const fragment = exactPhone ?? phoneFragment(term);
  if (fragment) {
    const pattern = `%${likeEscape(fragment)}%`;
    // Buyers are found first (trigram index on users.phone_number), so the transactions side can
    // combine the reference, seller-phone and buyer-id indexes in one bitmap scan.
    const buyers = exactPhone
      ? await ctx.db.$queryRaw<{ id: string }[]>`SELECT id::text FROM users WHERE phone_number = ${exactPhone}`
      : await ctx.db.$queryRaw<
          { id: string }[]
        >`SELECT id::text FROM users WHERE phone_number LIKE ${pattern} LIMIT ${MAX_MATCHING_BUYERS}`;
    alternatives.push(exactPhone ? sql`t.seller_phone = ${exactPhone}` : sql`t.seller_phone LIKE ${pattern}`);
    if (buyers.length > 0) alternatives.push(sql`t.buyer_id = ANY(${buyers.map((buyer) => buyer.id)}::uuid[])`);
  }
  if (alternatives.length === 0) return sql`FALSE`;
  return sql`(${alternatives.reduce((all, next) => sql`${all} OR ${next}`)})`;
}

interface ListRow {
  id: string;
  reference_number: string;
  amount_cents: bigint;
  status: TransactionStatus;
  transaction_type: TransactionType;
  product_name: string;
  seller_phone: string;
  created_at: Date;
  buyer_first_name: string;
  buyer_last_name: string;
  buyer_phone: string;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_account_phone: string | null;
  latest_event_type: string | null;
  latest_event_at: Date | null;
}

/** One page of transactions, newest first, with parties and newest event. */
export async function transactionPage(
  ctx: AppContext,
  { conditions, limit, offset }: { conditions: Sql[]; limit: number; offset: number },
): Promise<AdminTransactionsData['transactions']> {
  const rows = await ctx.db.$queryRaw<ListRow[]>`
    WITH page AS (
      SELECT t.id, t.reference_number, t.amount_cents, t.status, t.transaction_type, t.product_name, t.buyer_id, t.seller_id,
             t.seller_phone, t.created_at
      FROM transactions t
      WHERE ${whereAll(conditions)}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${limit} OFFSET ${offset})
    SELECT p.id::text, p.reference_number, p.amount_cents, p.status::text AS status, p.transaction_type::text AS transaction_type,
           p.product_name, p.seller_phone, p.created_at,
           b.first_name AS buyer_first_name, b.last_name AS buyer_last_name, b.phone_number AS buyer_phone,
           s.first_name AS seller_first_name, s.last_name AS seller_last_name, s.phone_number AS seller_account_phone,
           e.event_type AS latest_event_type, e.created_at AS latest_event_at
    FROM page p
    JOIN users b ON b.id = p.buyer_id
    LEFT JOIN users s ON s.id = p.seller_id
    LEFT JOIN LATERAL (
      SELECT event_type, created_at FROM timeline_events WHERE transaction_id = p.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) e ON TRUE
    ORDER BY p.created_at DESC, p.id DESC`;
  return rows.map((row) => ({
    id: row.id,
    reference_number: row.reference_number,
    amount: formatCents(row.amount_cents),
    status: row.status,
    transaction_type: row.transaction_type,
    product_name: row.product_name,
    buyer: partyWire({ firstName: row.buyer_first_name, lastName: row.buyer_last_name, phoneNumber: row.buyer_phone }, row.buyer_phone),
    seller: partyWire(
      row.seller_first_name === null
        ? null
        : {
            firstName: row.seller_first_name,
            lastName: row.seller_last_name ?? '',
            phoneNumber: row.seller_account_phone ?? row.seller_phone,
          },
      row.seller_phone,
    ),
    latest_event:
      row.latest_event_type && row.latest_event_at
        ? { event_type: row.latest_event_type, created_at: row.latest_event_at.toISOString() }
        : null,
    created_at: row.created_at.toISOString(),
  }));
}

interface SummaryTotals {
  total: number;
  completed: number;
  pending: number;
  totalCents: bigint;
}

/** Count, completed, in progress and value of the filtered transactions. */
async function summarize(ctx: AppContext, filters: TransactionFilters, conditions: Sql[]): Promise<SummaryTotals> {
  const needsLiveCount = filters.amount_min !== undefined || filters.amount_max !== undefined || !!filters.search?.trim();
  if (!needsLiveCount) {
    // Read fresh, not from the dashboard's cache: the pages are counted from this total, and one that lags
    // behind new transactions showed "Showing 1–9 of 9" over ten rows, with no next page.
    const groups = await readTransactionGroups(ctx);
    const inScope = (statuses: readonly TransactionStatus[]) =>
      sumGroups(groups, {
        status: statuses.filter((status) => !filters.status || status === filters.status),
        ...(filters.transaction_type ? { type: filters.transaction_type } : {}),
      });
    const all = inScope(TRANSACTION_STATUSES);
    return {
      total: all.count,
      completed: inScope(['completed']).count,
      pending: inScope(IN_PROGRESS_STATUSES).count,
      totalCents: inScope(VALUED_STATUSES).cents,
    };
  }
  const key = `transactions:summary:${JSON.stringify(filters, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`;
  const { value } = await adminCache(ctx).get(key, async () => {
    const [row] = await ctx.db.$queryRaw<{ total: bigint; completed: bigint; pending: bigint; cents: bigint | null }[]>`
      SELECT COUNT(*)::bigint AS total,
             COUNT(*) FILTER (WHERE t.status = 'completed')::bigint AS completed,
             COUNT(*) FILTER (WHERE t.status NOT IN ('completed', 'cancelled', 'refunded'))::bigint AS pending,
             SUM(t.amount_cents) FILTER (WHERE t.status <> 'cancelled')::bigint AS cents
      FROM transactions t WHERE ${whereAll(conditions)}`;
    return { total: Number(row!.total), completed: Number(row!.completed), pending: Number(row!.pending), totalCents: row!.cents ?? 0n };
  });
  return value;
}

export async function listAdminTransactions(ctx: AppContext, query: AdminTransactionsQuery): Promise<AdminTransactionsData> {
  const { page, per_page: perPage, ...filters } = query;
  const conditions = await transactionConditions(ctx, filters);
  const offset = (page - 1) * perPage;
  // One row more than the page: whether another page follows, whatever the count says.
  const [rows, totals] = await Promise.all([
    transactionPage(ctx, { conditions, limit: perPage + 1, offset }),
    summarize(ctx, filters, conditions),
  ]);
  const transactions = rows.slice(0, perPage);
  // A searched count may be up to ADMIN_STATS_CACHE_SECONDS old (a live COUNT per keystroke costs a scan at a
  // million); the pages never count fewer rows than this one shows and the next one starts with.
  const total = Math.max(totals.total, offset + rows.length);
  return {
    transactions,
    pagination: paginationOf(page, perPage, total),
    summary: { total: totals.total, completed: totals.completed, pending: totals.pending, total_value: formatCents(totals.totalCents) },
  };
}

/** The timeline answer of docs/contract.md "Admin": the detail every party sees, trimmed to the admin modal's fields. */
export async function getTransactionTimeline(
  ctx: AppContext,
  { transactionId, adminId }: { transactionId: string; adminId: string },
): Promise<TransactionTimelineData> {
  const detail = await getTransactionDetail(ctx, { transactionId, caller: { userId: adminId, role: 'admin' } });
  const { transaction } = detail;
  return {
    transaction: {
      reference_number: transaction.reference_number,
      amount: transaction.amount,
      status: transaction.status,
      transaction_type: transaction.transaction_type,
      product_name: transaction.product_name,
      charges: detail.charges,
      buyer: { display_name: detail.buyer.display_name, phone_number: detail.buyer.phone_number },
      seller: { display_name: detail.seller.display_name, phone_number: detail.seller.phone_number },
      payment_status: detail.payment_status,
    },
    timeline: detail.timeline,
  };
}
