/**
 * The transaction detail read, two ways that return the same rows: Prisma's `findUnique` with its
 * includes (the reference), and one hand-written statement over the same pg pool, prepared once per
 * connection (the hot path: docs/adr/0012-hot-paths.md). `detail-query.int.test.ts` checks that both give
 * the same answer for transactions in every state; the row kinds below make the hand-written read list
 * every column Prisma returns (server/src/db/json-rows.ts).
 */
import { poolOf, type Db, type Prisma } from '../../db/prisma.ts';
import { reviveRow, type RowKinds } from '../../db/json-rows.ts';
import { DETAIL_SQL } from './detail-sql.ts';

const party = { select: { firstName: true, lastName: true, phoneNumber: true } } as const;

export const DETAIL_INCLUDE = {
  buyer: party,
  seller: party,
  plan: { include: { installments: { orderBy: { sequence: 'asc' } } } },
  // Events written in one database transaction share their created_at: the id (UUIDv7) keeps their order.
  timeline: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
  disputes: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1 },
  withdrawals: { where: { status: 'pending' }, take: 1, select: { id: true, reason: true, createdAt: true, respondBy: true } },
  payouts: {
    where: { kind: 'seller_payout' },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 1,
    select: { amountCents: true, status: true, rail: true, railReceipt: true, completedAt: true },
  },
  payments: { select: { status: true, amountCents: true, feeCents: true } },
  refunds: { select: { amountCents: true, feeCents: true, reason: true } },
} satisfies Prisma.TransactionInclude;

export type DetailRow = Prisma.TransactionGetPayload<{ include: typeof DETAIL_INCLUDE }>;

type Scalars<Row, Relations extends keyof Row> = Omit<Row, Relations>;
type PlanRow = NonNullable<DetailRow['plan']>;

const TRANSACTION: RowKinds<Scalars<DetailRow, keyof typeof DETAIL_INCLUDE>> = {
  id: 'plain',
  referenceNumber: 'plain',
  transactionType: 'plain',
  status: 'plain',
  buyerId: 'plain',
  sellerId: 'plain',
  sellerPhone: 'plain',
  productName: 'plain',
  amountCents: 'bigint',
  buyerFeeCents: 'bigint',
  sellerFeeCents: 'bigint',
  paidCents: 'bigint',
  refundedCents: 'bigint',
  channel: 'plain',
  statusBeforeDispute: 'plain',
  fundedAt: 'date',
  dispatchedAt: 'date',
  inspectionEndsAt: 'date',
  completedAt: 'date',
  releasedBy: 'plain',
  paymentLinkCode: 'plain',
  dispatchCourier: 'plain',
  dispatchTracking: 'plain',
  dispatchNote: 'plain',
  cancelledAt: 'date',
  createdAt: 'date',
  updatedAt: 'date',
};
const PARTY: RowKinds<DetailRow['buyer']> = { firstName: 'plain', lastName: 'plain', phoneNumber: 'plain' };
const PLAN: RowKinds<Scalars<PlanRow, 'installments'>> = {
  id: 'plain',
  transactionId: 'plain',
  totalCents: 'bigint',
  depositCents: 'bigint',
  monthlyCents: 'bigint',
  months: 'plain',
  graceDays: 'plain',
  status: 'plain',
  flaggedAt: 'date',
  createdAt: 'date',
  updatedAt: 'date',
};
const INSTALLMENT: RowKinds<PlanRow['installments'][number]> = {
  id: 'plain',
  planId: 'plain',
  sequence: 'plain',
  dueDate: 'date',
  amountCents: 'bigint',
  paidCents: 'bigint',
  status: 'plain',
  paidAt: 'date',
  reminderSentAt: 'date',
  missedNoticeAt: 'date',
};
const EVENT: RowKinds<DetailRow['timeline'][number]> = {
  id: 'plain',
  transactionId: 'plain',
  eventType: 'plain',
  description: 'plain',
  actorId: 'plain',
  data: 'plain',
  createdAt: 'date',
};
const DISPUTE: RowKinds<DetailRow['disputes'][number]> = {
  id: 'plain',
  transactionId: 'plain',
  openedById: 'plain',
  reason: 'plain',
  description: 'plain',
  status: 'plain',
  respondBy: 'date',
  outcome: 'plain',
  buyerAmountCents: 'bigint',
  sellerAmountCents: 'bigint',
  rulingNote: 'plain',
  response: 'plain',
  respondedAt: 'date',
  resolvedById: 'plain',
  resolvedAt: 'date',
  createdAt: 'date',
  updatedAt: 'date',
};
const WITHDRAWAL: RowKinds<DetailRow['withdrawals'][number]> = { id: 'plain', reason: 'plain', createdAt: 'date', respondBy: 'date' };
const PAYMENT: RowKinds<DetailRow['payments'][number]> = { status: 'plain', amountCents: 'bigint', feeCents: 'bigint' };
const REFUND: RowKinds<DetailRow['refunds'][number]> = { amountCents: 'bigint', feeCents: 'bigint', reason: 'plain' };
const PAYOUT: RowKinds<DetailRow['payouts'][number]> = {
  amountCents: 'bigint',
  status: 'plain',
  rail: 'plain',
  railReceipt: 'plain',
  completedAt: 'date',
};

type JsonRow = Record<string, unknown>;
interface DetailSqlRow {
  txn: JsonRow;
  buyer: JsonRow;
  seller: JsonRow | null;
  plan: JsonRow | null;
  installments: JsonRow[];
  timeline: JsonRow[];
  dispute: JsonRow | null;
  pending_withdrawal: JsonRow | null;
  payments: JsonRow[];
  refunds: JsonRow[];
  payout: JsonRow | null;
}

export function loadDetailWithPrisma(db: Db, transactionId: string): Promise<DetailRow | null> {
  return db.transaction.findUnique({ where: { id: transactionId }, include: DETAIL_INCLUDE });
}

/** One statement on the pool under `db` (Prisma's when it has none, e.g. a client made elsewhere). */
export async function loadDetail(db: Db, transactionId: string): Promise<DetailRow | null> {
  const pool = poolOf(db);
  if (!pool) return loadDetailWithPrisma(db, transactionId);
  const { rows } = await pool.query<DetailSqlRow>({ name: 'transaction_detail', text: DETAIL_SQL, values: [transactionId] });
  const row = rows[0];
  if (!row) return null;
  return {
    ...reviveRow(TRANSACTION, row.txn),
    buyer: reviveRow(PARTY, row.buyer),
    seller: row.seller ? reviveRow(PARTY, row.seller) : null,
    plan: row.plan ? { ...reviveRow(PLAN, row.plan), installments: row.installments.map((json) => reviveRow(INSTALLMENT, json)) } : null,
    timeline: row.timeline.map((json) => reviveRow(EVENT, json)),
    disputes: row.dispute ? [reviveRow(DISPUTE, row.dispute)] : [],
    withdrawals: row.pending_withdrawal ? [reviveRow(WITHDRAWAL, row.pending_withdrawal)] : [],
    payments: row.payments.map((json) => reviveRow(PAYMENT, json)),
    refunds: row.refunds.map((json) => reviveRow(REFUND, json)),
    payouts: row.payout ? [reviveRow(PAYOUT, row.payout)] : [],
  };
}
