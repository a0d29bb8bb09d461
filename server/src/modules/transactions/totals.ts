/**
 * Exact count and value of transactions per status, kept by the database (migration `transaction_totals`,
 * docs/adr/0012-hot-paths.md "Lists at a million"): a statement-level trigger appends what each statement on
 * `transactions` changed to `transaction_total_deltas`; `foldTransactionTotals` (a recurring job) moves the
 * deltas into `transaction_totals`. A read sums both tables in one statement, so it is exact at any moment
 * and costs a few rows per (status, type) plus the deltas written since the last fold.
 */
import type { Db } from '../../db/prisma.ts';
import { recurringJob } from '../../jobs/recurring.ts';
import type { TransactionStatus, TransactionType } from '@escrow/core/domain/transaction-state';

/** The `user_id` of the totals over every transaction (scope 'all'). */
export const ALL_USERS_ID = '00000000-0000-0000-0000-000000000000';

export interface TotalsKey {
  /** Whose transactions: null for every one. */
  userId: string | null;
  /** One side of the user's transactions; both sides when absent. */
  side?: 'buyer' | 'seller';
  status?: TransactionStatus;
  transactionType?: TransactionType;
}

/**
 * One statement giving `status` (and `transaction_type` with `byType`), `count` (int) and `amount_cents`
 * (text) per group of the key's transactions, in status order, empty groups left out; `param` numbers its
 * parameters.
 */
export function totalsSql(key: TotalsKey, param: (value: unknown) => string, options: { byType?: boolean } = {}): string {
  const parts = [`user_id = ${param(key.userId ?? ALL_USERS_ID)}::uuid`];
  // Either side: a transaction whose buyer is also its seller is in both 'buyer' and 'seller', once in 'both'.
  const scopes = key.userId === null ? ['all'] : key.side ? [key.side] : ['buyer', 'seller', 'both'];
  parts.push(scopes.length === 1 ? `scope = '${scopes[0]}'` : `scope IN (${scopes.map((scope) => `'${scope}'`).join(', ')})`);
  if (key.status) parts.push(`status = ${param(key.status)}::"TransactionStatus"`);
  if (key.transactionType) parts.push(`transaction_type = ${param(key.transactionType)}::"TransactionType"`);
  const where = parts.join(' AND ');
  const signed = (column: string) => (scopes.includes('both') ? `CASE WHEN scope = 'both' THEN -${column} ELSE ${column} END` : column);
  const groups = options.byType ? 'status, transaction_type' : 'status';
  return `SELECT ${groups}, sum(${signed('count')})::int AS count, sum(${signed('amount_cents')})::text AS amount_cents
            FROM (SELECT scope, status, transaction_type, count, amount_cents FROM transaction_totals WHERE ${where}
                  UNION ALL
                  SELECT scope, status, transaction_type, count, amount_cents FROM transaction_total_deltas WHERE ${where}) k
           GROUP BY ${groups}
          HAVING sum(${signed('count')}) > 0
           ORDER BY ${groups}`;
}

/** Folds the deltas into the totals every minute; between folds a read also sums that minute's deltas. */
export const transactionTotalsFold = recurringJob('transactions.totals-fold', '* * * * *');

/** Moves every committed delta into the totals (one folder at a time); returns how many it moved. */
export async function foldTransactionTotals(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ moved: bigint }[]>`SELECT transaction_totals_fold() AS moved`;
  return Number(row?.moved ?? 0);
}
