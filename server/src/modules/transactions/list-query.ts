/**
 * The transaction list's page and summary in hand-written SQL on Prisma's pool (docs/adr/0012-hot-paths.md):
 * the same rows as `transactionFilter` + `findMany`/`groupBy` in use-cases/read-transactions.ts, which
 * still serves a search (its phone and text matching stays in one place). The summary reads the totals the
 * database keeps (totals.ts) unless an amount range asks for a count of the matching rows.
 * `list-query.int.test.ts` compares the two on every filter.
 */
import type { Db } from '../../db/prisma.ts';
import { poolOf } from '../../db/prisma.ts';
import type { PayoutStatus } from '@escrow/core/domain/payout-progress';
import type { TransactionStatus, TransactionType } from '@escrow/core/domain/transaction-state';
import type { AuthUser } from '../../plugins/auth.ts';
import { totalsSql } from './totals.ts';

export interface ListTransactionsInput {
  caller: Pick<AuthUser, 'userId' | 'role'>;
  status?: TransactionStatus;
  transactionType?: TransactionType;
  amountMin?: bigint;
  amountMax?: bigint;
  search?: string;
  role?: 'buyer' | 'seller';
  page: number;
  perPage: number;
}

export interface ListPageRow {
  id: string;
  referenceNumber: string;
  amountCents: bigint;
  status: TransactionStatus;
  transactionType: 'standard' | 'protected' | 'lipa_mdogo_mdogo';
  productName: string;
  sellerPhone: string;
  createdAt: Date;
  buyer: { firstName: string; lastName: string; phoneNumber: string };
  seller: { firstName: string; lastName: string; phoneNumber: string } | null;
  latestEvent: { eventType: string; createdAt: Date } | null;
  /** A completed transaction's latest seller payout, as the detail reads it (detail-query.ts); else null. */
  sellerPayoutStatus: PayoutStatus | null;
}

export interface StatusGroup {
  status: TransactionStatus;
  count: number;
  amountCents: bigint;
}

type ListFilter = Omit<ListTransactionsInput, 'page' | 'perPage' | 'search'>;

/** Whose rows a list shows: the caller's own (a party, or an admin asking for one side), or null for every one. */
const partyOf = (input: ListFilter) => (input.caller.role !== 'admin' || input.role ? input.caller.userId : null);

/** `$n` placeholders for the values they push. */
function parameters() {
  const values: unknown[] = [];
  return { values, param: (value: unknown) => `$${values.push(value)}` };
}

/** The per-status summary: from the kept totals, or by counting the rows when an amount range filters them. */
function summaryOf(input: ListFilter): { sql: string; values: unknown[] } {
  if (input.amountMin !== undefined || input.amountMax !== undefined) {
    const where = whereOf(input);
    return {
      sql: `SELECT t.status, count(*)::int AS count, coalesce(sum(t.amount_cents), 0)::text AS amount_cents
              FROM transactions t ${where.sql} GROUP BY t.status ORDER BY t.status`,
      values: where.values,
    };
  }
  const { values, param } = parameters();
  const key = { userId: partyOf(input), side: input.role, status: input.status, transactionType: input.transactionType };
  return { sql: totalsSql(key, param), values };
}

/** The WHERE of a list without a search, and its parameters. */
function whereOf(input: ListFilter): { sql: string; values: unknown[] } {
  const { values, param } = parameters();
  const parts: string[] = [];
  const party = partyOf(input);
  if (party !== null) {
    const me = param(party);
    if (input.role === 'buyer') parts.push(`t.buyer_id = ${me}::uuid`);
    else if (input.role === 'seller') parts.push(`t.seller_id = ${me}::uuid`);
    else parts.push(`(t.buyer_id = ${me}::uuid OR t.seller_id = ${me}::uuid)`);
  }
  if (input.status) parts.push(`t.status = ${param(input.status)}::"TransactionStatus"`);
  if (input.transactionType) parts.push(`t.transaction_type = ${param(input.transactionType)}::"TransactionType"`);
  if (input.amountMin !== undefined) parts.push(`t.amount_cents >= ${param(String(input.amountMin))}::bigint`);
  if (input.amountMax !== undefined) parts.push(`t.amount_cents <= ${param(String(input.amountMax))}::bigint`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values };
}

interface PageSqlRow {
  id: string;
  reference_number: string;
  amount_cents: string;
  status: TransactionStatus;
  transaction_type: ListPageRow['transactionType'];
  product_name: string;
  seller_phone: string;
  created_at: Date;
  b_first: string;
  b_last: string;
  b_phone: string;
  s_first: string | null;
  s_last: string | null;
  s_phone: string | null;
  event_type: string | null;
  event_at: Date | null;
  payout_status: PayoutStatus | null;
}

/** A page and the per-status summary of a list without a search, or null when there is no pool to use. */
export async function listWithSql(
  db: Db,
  input: Omit<ListTransactionsInput, 'search'>,
): Promise<{ rows: ListPageRow[]; groups: StatusGroup[] } | null> {
  const pool = poolOf(db);
  if (!pool) return null;
  const where = whereOf(input);
  const summary = summaryOf(input);
  const limit = `$${where.values.length + 1}`;
  const offset = `$${where.values.length + 2}`;
  // Unnamed on purpose: a page's best plan depends on how many rows stand behind it (db/prisma.ts). The page
  // is chosen before the joins: joined first, the planner sized its user lookups' caches for every matching
  // row (half a million for an admin at a million transactions) and filling them cost more than the page.
  const [page, groups] = await Promise.all([
    pool.query<PageSqlRow>(
      `SELECT t.id, t.reference_number, t.amount_cents, t.status, t.transaction_type, t.product_name, t.seller_phone, t.created_at,
              b.first_name AS b_first, b.last_name AS b_last, b.phone_number AS b_phone,
              s.first_name AS s_first, s.last_name AS s_last, s.phone_number AS s_phone,
              e.event_type, e.created_at AS event_at, p.status AS payout_status
         FROM (SELECT t.id, t.reference_number, t.amount_cents, t.status, t.transaction_type, t.product_name, t.seller_phone, t.created_at,
                      t.buyer_id, t.seller_id
                 FROM transactions t ${where.sql}
                ORDER BY t.created_at DESC, t.id DESC
                LIMIT ${limit} OFFSET ${offset}) t
         JOIN users b ON b.id = t.buyer_id
         LEFT JOIN users s ON s.id = t.seller_id
         LEFT JOIN LATERAL (SELECT event_type, created_at FROM timeline_events
                             WHERE transaction_id = t.id ORDER BY created_at DESC, id DESC LIMIT 1) e ON true
         LEFT JOIN LATERAL (SELECT o.status FROM payouts o
                             WHERE o.transaction_id = t.id AND o.kind = 'seller_payout' AND t.status = 'completed'
                             ORDER BY o.created_at DESC, o.id DESC LIMIT 1) p ON true
        ORDER BY t.created_at DESC, t.id DESC`,
      [...where.values, input.perPage, (input.page - 1) * input.perPage],
    ),
    pool.query<{ status: TransactionStatus; count: number; amount_cents: string }>(summary.sql, summary.values),
  ]);
  return {
    rows: page.rows.map((row) => ({
      id: row.id,
      referenceNumber: row.reference_number,
      amountCents: BigInt(row.amount_cents),
      status: row.status,
      transactionType: row.transaction_type,
      productName: row.product_name,
      sellerPhone: row.seller_phone,
      createdAt: row.created_at,
      buyer: { firstName: row.b_first, lastName: row.b_last, phoneNumber: row.b_phone },
      seller: row.s_phone === null ? null : { firstName: row.s_first!, lastName: row.s_last!, phoneNumber: row.s_phone },
      latestEvent: row.event_type === null ? null : { eventType: row.event_type, createdAt: row.event_at! },
      sellerPayoutStatus: row.payout_status,
    })),
    groups: groups.rows.map((row) => ({ status: row.status, count: row.count, amountCents: BigInt(row.amount_cents) })),
  };
}
