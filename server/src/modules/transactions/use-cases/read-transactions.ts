/**
 * Reads: the caller's transaction list (buyer or seller side; admins see all) with filters, search,
 * pagination and a summary, and one transaction's full detail. A stranger's transaction is 404.
 */
import type { AppContext } from '../../../context.ts';
import { Prisma, type Db } from '../../../db/prisma.ts';
import { isInstallmentOwed } from '@escrow/core/domain/installment-plan';
import { paginationOf } from '@escrow/core/contract/common';
import { formatCents } from '@escrow/core/domain/money';
import { normalizePhone } from '@escrow/core/domain/phone';
import { IN_PROGRESS_STATUSES, VALUED_STATUSES, withdrawalFacts, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import { notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { quote } from '@escrow/core/domain/quote';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { partyRole } from '../../escrow-core/access.ts';
import { eventCategory } from '../../escrow-core/timeline.ts';
import { toListItem, toTransactionWire } from '../wire.ts';
import { inspectionWindowSeconds } from '../inspection-window.ts';
import { toDisputeCaseWire } from '../../escrow-core/dispute-wire.ts';
import { DETAIL_INCLUDE, loadDetail, type DetailRow } from '../detail-query.ts';
import { listWithSql, type ListPageRow, type ListTransactionsInput, type StatusGroup } from '../list-query.ts';
import type { CreatedTransaction } from './create-transaction.ts';

export type { ListTransactionsInput };

export function transactionFilter(input: Omit<ListTransactionsInput, 'page' | 'perPage'>): Prisma.TransactionWhereInput {
  const { caller } = input;
  const and: Prisma.TransactionWhereInput[] = [];
  if (caller.role !== 'admin' || input.role) {
    if (input.role === 'buyer') and.push({ buyerId: caller.userId });
    else if (input.role === 'seller') and.push({ sellerId: caller.userId });
    else and.push({ OR: [{ buyerId: caller.userId }, { sellerId: caller.userId }] });
  }
  if (input.status) and.push({ status: input.status });
  if (input.transactionType) and.push({ transactionType: input.transactionType });
  if (input.amountMin !== undefined) and.push({ amountCents: { gte: input.amountMin } });
  if (input.amountMax !== undefined) and.push({ amountCents: { lte: input.amountMax } });
  if (input.search) {
    const term = input.search.trim();
    const phone = normalizePhone(term);
    const digits = term.replace(/\D/g, '');
    const or: Prisma.TransactionWhereInput[] = [
      { referenceNumber: { startsWith: term.toUpperCase() } },
      { productName: { contains: term, mode: 'insensitive' } },
    ];
    if (phone) or.push({ sellerPhone: phone }, { buyer: { phoneNumber: phone } });
    else if (digits.length >= 4) or.push({ sellerPhone: { contains: digits } }, { buyer: { phoneNumber: { contains: digits } } });
    and.push({ OR: or });
  }
  return { AND: and };
}

const listInclude = {
  buyer: { select: { firstName: true, lastName: true, phoneNumber: true } },
  seller: { select: { firstName: true, lastName: true, phoneNumber: true } },
  // Events written in one database transaction share their created_at: the id (UUIDv7) keeps their order.
  timeline: { orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }], take: 1, select: { eventType: true, createdAt: true } },
  // The latest seller payout, as the detail reads it (detail-query.ts).
  payouts: {
    where: { kind: 'seller_payout' as const },
    orderBy: [{ createdAt: 'desc' as const }, { id: 'desc' as const }],
    take: 1,
    select: { status: true },
  },
} satisfies Prisma.TransactionInclude;

const listSelect = {
  id: true,
  referenceNumber: true,
  amountCents: true,
  status: true,
  transactionType: true,
  productName: true,
  sellerPhone: true,
  createdAt: true,
  ...listInclude,
} satisfies Prisma.TransactionSelect;

/** The page and per-status summary through Prisma: the reference, and the path of a search. */
export async function listWithPrisma(
  ctx: AppContext,
  input: ListTransactionsInput,
): Promise<{ rows: ListPageRow[]; groups: StatusGroup[] }> {
  const where = transactionFilter(input);
  const [rows, grouped] = await Promise.all([
    ctx.db.transaction.findMany({
      where,
      select: listSelect,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.perPage,
      take: input.perPage,
    }),
    ctx.db.transaction.groupBy({ by: ['status'], where, _count: { _all: true }, _sum: { amountCents: true }, orderBy: { status: 'asc' } }),
  ]);
  return {
    rows: rows.map(({ timeline, payouts, ...row }) => ({
      ...row,
      latestEvent: timeline[0] ?? null,
      sellerPayoutStatus: row.status === 'completed' ? (payouts[0]?.status ?? null) : null,
    })),
    groups: grouped.map((group) => ({ status: group.status, count: group._count._all, amountCents: group._sum.amountCents ?? 0n })),
  };
}

export async function listTransactions(ctx: AppContext, input: ListTransactionsInput) {
  // Without a search the page and summary are hand-written SQL (list-query.ts); a search goes through Prisma.
  const { rows, groups } = (!input.search && (await listWithSql(ctx.db, input))) || (await listWithPrisma(ctx, input));
  return listAnswer(input, rows, groups);
}

/** The list answer from its rows, whichever way they were read. */
export function listAnswer(input: Pick<ListTransactionsInput, 'page' | 'perPage'>, rows: ListPageRow[], groups: StatusGroup[]) {
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const count = (statuses: readonly TransactionStatus[]) =>
    groups.filter((group) => statuses.includes(group.status)).reduce((sum, group) => sum + group.count, 0);
  // What the listed trade is worth: a cancelled transaction counts in `total` but not here (docs/contract.md "Transactions").
  const totalValue = groups.filter((group) => VALUED_STATUSES.includes(group.status)).reduce((sum, group) => sum + group.amountCents, 0n);
  return {
    transactions: rows.map((row) => ({ ...toListItem(row, row.latestEvent), seller_payout_status: row.sellerPayoutStatus })),
    pagination: paginationOf(input.page, input.perPage, total),
    summary: { total, completed: count(['completed']), pending: count(IN_PROGRESS_STATUSES), total_value: formatCents(totalValue) },
  };
}

export async function getTransactionDetail(ctx: AppContext, options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'> }) {
  if (!/^[0-9a-f-]{36}$/i.test(options.transactionId)) throw notFound();
  return detailWire(await loadDetail(ctx.db, options.transactionId), options.caller, ctx.config, ctx.now());
}

/** The latest seller payout, read as the detail reads it (detail-query.ts), for a screen that shows only it. */
export async function latestSellerPayout(db: Db, transactionId: string) {
  const { where, orderBy, select } = DETAIL_INCLUDE.payouts;
  const payout = await db.payout.findFirst({ where: { transactionId, ...where }, orderBy, select });
  return payout ? toSellerPayoutWire(payout) : null;
}

/** Where the seller's released money is (`seller_payout` of the detail and of an admin's dispute case). */
export function toSellerPayoutWire(
  payout: Pick<DetailRow['payouts'][number], 'amountCents' | 'status' | 'rail' | 'railReceipt' | 'completedAt'>,
) {
  return {
    amount: formatCents(payout.amountCents),
    status: payout.status,
    rail: payout.rail,
    receipt: payout.railReceipt,
    completed_at: payout.completedAt?.toISOString() ?? null,
  };
}

/** The detail answer from its rows, whichever way they were read (detail-query.ts); a stranger's is 404. */
export function detailWire(
  txn: DetailRow | null,
  caller: Pick<AuthUser, 'userId' | 'role'>,
  config: Parameters<typeof inspectionWindowSeconds>[0],
  /** The app's clock: past the waiting withdrawal request's respond-by the seller is offered no answer. */
  now: Date,
) {
  if (!txn) throw notFound();
  const role = partyRole(txn, caller);
  if (!role) throw notFound();

  const latest = txn.timeline.at(-1) ?? null;
  const transaction = toTransactionWire(txn, {
    role,
    quote: quote({
      ...txn,
      payments: txn.payments.filter((payment) => payment.status === 'completed'),
      nextInstallment: txn.plan?.installments.find(isInstallmentOwed) ?? null,
    }),
    latestEvent: latest,
    withdrawal: withdrawalFacts(txn.withdrawals[0]?.respondBy ?? null, now),
    isAwaitingReturn: txn.disputes[0]?.status === 'awaiting_return',
    inspectionWindowSeconds: inspectionWindowSeconds(config, txn.transactionType),
  });
  const dispute = txn.disputes[0];
  const payout = txn.payouts[0];
  const withdrawal = txn.withdrawals[0];
  return {
    transaction,
    charges: {
      buyer_charge: formatCents(txn.buyerFeeCents),
      seller_charge: formatCents(txn.sellerFeeCents),
      total_service_charge: formatCents(txn.buyerFeeCents + txn.sellerFeeCents),
    },
    seller_payout: payout ? toSellerPayoutWire(payout) : null,
    buyer: transaction.buyer,
    seller: transaction.seller,
    payment_status: {
      total_payments: txn.payments.length,
      successful_payments: txn.payments.filter((p) => p.status === 'completed').length,
      failed_payments: txn.payments.filter((p) => p.status === 'failed' || p.status === 'cancelled').length,
    },
    ...(txn.plan
      ? {
          installments: txn.plan.installments.map((installment) => ({
            id: installment.id,
            sequence: installment.sequence,
            due_date: installment.dueDate.toISOString(),
            amount: formatCents(installment.amountCents),
            paid_amount: formatCents(installment.paidCents),
            status: installment.status,
            paid_at: installment.paidAt?.toISOString() ?? null,
          })),
        }
      : {}),
    dispute: dispute ? toDisputeCaseWire(dispute, txn) : null,
    withdrawal_request: withdrawal
      ? {
          reason: withdrawal.reason,
          requested_at: withdrawal.createdAt.toISOString(),
          respond_by: withdrawal.respondBy.toISOString(),
          past_respond_by: withdrawalFacts(withdrawal.respondBy, now).isWithdrawalOverdue,
        }
      : null,
    timeline: txn.timeline.map((event) => ({
      event_type: event.eventType,
      type: eventCategory(event.eventType),
      description: event.description,
      timestamp: event.createdAt.toISOString(),
      ...(event.data && typeof event.data === 'object' ? { data: event.data as Record<string, unknown> } : {}),
    })),
  };
}

/** Re-reads a transaction for an action's response. */
export async function transactionForCaller(ctx: AppContext, transactionId: string, caller: Pick<AuthUser, 'userId' | 'role'>) {
  const txn = await ctx.db.transaction.findUniqueOrThrow({
    where: { id: transactionId },
    include: {
      ...listInclude,
      plan: { select: { depositCents: true, months: true } },
      withdrawals: { where: { status: 'pending' }, take: 1, select: { respondBy: true } },
      disputes: { where: { status: 'awaiting_return' }, take: 1, select: { id: true } },
    },
  });
  const role = partyRole(txn, caller) ?? 'admin';
  return toTransactionWire(txn, {
    role,
    quote: await loadQuote(ctx.db, txn.id),
    latestEvent: txn.timeline[0] ?? null,
    withdrawal: withdrawalFacts(txn.withdrawals[0]?.respondBy ?? null, ctx.now()),
    isAwaitingReturn: txn.disputes.length > 0,
    inspectionWindowSeconds: inspectionWindowSeconds(ctx.config, txn.transactionType),
  });
}

/** The body of a creation's 201 answer (a checkout from a payment link is one too). */
export const createdTransactionBody = (transaction: ReturnType<typeof toTransactionWire>) => ({
  success: true as const,
  message: 'Transaction created successfully',
  data: { transaction },
});

/**
 * A creation's 201 body rebuilt from the transaction it wrote, for a repeat of a creation whose first
 * attempt never answered (plugins/idempotency.ts `answerCreated`): the transaction as it is now.
 */
export const answerCreatedTransaction = (ctx: AppContext) => async (transactionId: string, who: Pick<AuthUser, 'userId' | 'role'>) =>
  createdTransactionBody(await transactionForCaller(ctx, transactionId, who));

/**
 * The answer to a creation, from what was written instead of a re-read: a new transaction is pending,
 * has paid nothing and is answered to its buyer (create-transaction.int.test.ts compares it with
 * `transactionForCaller`).
 */
export function createdTransactionWire(txn: CreatedTransaction, config: Parameters<typeof inspectionWindowSeconds>[0]) {
  return toTransactionWire(txn, {
    role: 'buyer',
    quote: quote({ ...txn, payments: [], refunds: [], nextInstallment: txn.nextInstallment }),
    latestEvent: txn.latestEvent,
    inspectionWindowSeconds: inspectionWindowSeconds(config, txn.transactionType),
  });
}
