/** GET /monitoring/latest: the newest transactions and the newest timeline events (the live feed). */
import type { LatestData } from '@escrow/core/contract/admin';
import type { AppContext } from '../../../context.ts';
import { formatCents } from '@escrow/core/domain/money';
import type { TransactionStatus } from '@escrow/core/domain/transaction-state';
import { eventCategory } from '../../escrow-core/timeline.ts';

interface LatestRow {
  id: string;
  reference_number: string;
  amount_cents: bigint;
  status: TransactionStatus;
  buyer_phone: string;
  seller_phone: string;
  latest_event: string | null;
  created_at: Date;
}

/** The `limit` newest transactions with their newest event: an index scan on created_at, then `limit` lookups. */
export async function listLatestTransactions(ctx: AppContext, { limit }: { limit: number }): Promise<LatestData['transactions']> {
  const rows = await ctx.db.$queryRaw<LatestRow[]>`
    WITH newest AS (
      SELECT id, reference_number, amount_cents, status, buyer_id, seller_phone, created_at
      FROM transactions ORDER BY created_at DESC, id DESC LIMIT ${limit})
    SELECT n.id::text, n.reference_number, n.amount_cents, n.status::text AS status, b.phone_number AS buyer_phone,
           n.seller_phone, e.event_type AS latest_event, n.created_at
    FROM newest n
    JOIN users b ON b.id = n.buyer_id
    LEFT JOIN LATERAL (
      SELECT event_type FROM timeline_events WHERE transaction_id = n.id ORDER BY created_at DESC, id DESC LIMIT 1
    ) e ON TRUE
    ORDER BY n.created_at DESC, n.id DESC`;
  return rows.map((row) => ({
    id: row.id,
    reference_number: row.reference_number,
    amount: formatCents(row.amount_cents),
    buyer_phone: row.buyer_phone,
    seller_phone: row.seller_phone,
    status: row.status,
    latest_event: row.latest_event ?? '',
    created_at: row.created_at.toISOString(),
  }));
}

interface EventRow {
  id: string;
  transaction_id: string;
  reference_number: string;
  event_type: string;
  description: string;
  created_at: Date;
}

export async function listLatestEvents(ctx: AppContext, { limit }: { limit: number }): Promise<LatestData['events']> {
  const rows = await ctx.db.$queryRaw<EventRow[]>`
    WITH newest AS (SELECT id, transaction_id, event_type, description, created_at FROM timeline_events ORDER BY created_at DESC, id DESC LIMIT ${limit})
    SELECT n.id::text, n.transaction_id::text, t.reference_number, n.event_type, n.description, n.created_at
    FROM newest n JOIN transactions t ON t.id = n.transaction_id
    ORDER BY n.created_at DESC, n.id DESC`;
  return rows.map((row) => ({
    id: row.id,
    transaction_id: row.transaction_id,
    reference_number: row.reference_number,
    event_type: row.event_type,
    type: eventCategory(row.event_type),
    description: row.description,
    timestamp: row.created_at.toISOString(),
  }));
}

export async function getLatestActivity(ctx: AppContext, { limit }: { limit: number }): Promise<LatestData> {
  const [transactions, events] = await Promise.all([listLatestTransactions(ctx, { limit }), listLatestEvents(ctx, { limit })]);
  return { transactions, events };
}
