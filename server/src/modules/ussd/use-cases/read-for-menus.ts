/**
 * The reads the USSD menus need beyond the REST use-cases: the caller's transactions that allow an action
 * now, a lookup by reference for the parties only, what the next M-Pesa prompt asks, the reason of a pending
 * withdrawal request. The flows call these instead of querying the database themselves.
 */
import type { AppContext } from '../../../context.ts';
import type { Cents } from '@escrow/core/domain/money';
import {
  availableActions,
  isWithdrawalOverdue,
  TERMINAL_STATUSES,
  WITHDRAWAL_ANSWERABLE_STATUSES,
  withdrawalFacts,
  type TransactionAction,
  type TransactionStatus,
} from '@escrow/core/domain/transaction-state';
import type { Role } from '../../../plugins/auth.ts';
import { partyRole } from '../../escrow-core/access.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { pendingPaymentOf } from '../../payments/pending-payments.ts';

type Caller = { userId: string; role: Role };

/**
 * The caller's open transactions (newest first, at most 60) on which the engine allows `action` now, and
 * those only a waiting withdrawal request holds: the state table would allow the action with no request
 * waiting and refuses it with this one (the guard run-action.ts refuses it with, `withdrawal_unanswered` or,
 * past the respond-by, `withdrawal_unanswered_lapsed`; the buyer's second request, `withdrawal_already_waiting` or,
 * past the respond-by, `withdrawal_waiting_lapsed`),
 * with the waiting request's respond-by. `overdue` tells whether it has passed.
 */
export async function transactionsForAction(ctx: AppContext, caller: Caller, action: TransactionAction) {
  const rows = await ctx.db.transaction.findMany({
    where: { OR: [{ buyerId: caller.userId }, { sellerId: caller.userId }], status: { notIn: [...TERMINAL_STATUSES] } },
    include: {
      buyer: { select: { firstName: true, lastName: true, phoneNumber: true } },
      seller: { select: { firstName: true, lastName: true, phoneNumber: true } },
      withdrawals: { where: { status: 'pending' }, take: 1, select: { respondBy: true } },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 60,
  });
  const now = ctx.now();
  const allowed: typeof rows = [];
  const held: { referenceNumber: string; respondBy: Date; overdue: boolean }[] = [];
  for (const row of rows) {
    const role = partyRole(row, caller);
    if (role !== 'buyer' && role !== 'seller') continue;
    const allows = (respondBy: Date | null) =>
      availableActions(row.status, role, row.transactionType, withdrawalFacts(respondBy, now)).includes(action);
    const respondBy = row.withdrawals[0]?.respondBy ?? null;
    if (allows(respondBy)) allowed.push(row);
    else if (respondBy && allows(null)) {
      held.push({ referenceNumber: row.referenceNumber, respondBy, overdue: isWithdrawalOverdue(respondBy, now) });
    }
  }
  return { allowed, held };
}

/**
 * The references of the seller's plans whose withdrawal request still waits past its respond-by: no longer
 * the seller's to answer (the state table offers nothing), the lapse sweep hands them to the mediators.
 */
export async function withdrawalsPastAnswer(ctx: AppContext, sellerId: string): Promise<string[]> {
  const requests = await ctx.db.withdrawalRequest.findMany({
    where: { status: 'pending', transaction: { sellerId, status: { in: [...WITHDRAWAL_ANSWERABLE_STATUSES] } } },
    select: { respondBy: true, transaction: { select: { referenceNumber: true } } },
    orderBy: [{ respondBy: 'asc' }, { id: 'asc' }],
    take: 60,
  });
  const now = ctx.now();
  return requests.filter((request) => isWithdrawalOverdue(request.respondBy, now)).map((request) => request.transaction.referenceNumber);
}

/**
 * The caller's disputed transactions whose open dispute waits for the caller's answer: the other party
 * opened it and nobody has answered (respond-to-dispute.ts refuses the rest).
 */
export async function disputesAwaitingAnswer(ctx: AppContext, userId: string) {
  return ctx.db.transaction.findMany({
    where: {
      status: 'disputed',
      OR: [{ buyerId: userId }, { sellerId: userId }],
      disputes: { some: { status: 'open', respondedAt: null, openedById: { not: userId } } },
    },
    select: { id: true, referenceNumber: true, productName: true, amountCents: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 60,
  });
}

/** The id of the transaction with this reference when `userId` is one of its parties; to anyone else it does not exist. */
export async function partyTransactionIdByReference(ctx: AppContext, reference: string, userId: string): Promise<string | null> {
  const found = await ctx.db.transaction.findUnique({
    where: { referenceNumber: reference },
    select: { id: true, buyerId: true, sellerId: true },
  });
  return found && partyRole(found, { userId, role: 'buyer' }) ? found.id : null;
}

/** What the next STK push for the transaction asks: the quote's next payment. */
export async function amountToPay(ctx: AppContext, transactionId: string): Promise<Cents> {
  return (await loadQuote(ctx.db, transactionId)).nextPayment?.total ?? 0n;
}

/**
 * Minutes until a prompt already sent for the transaction is settled, or null when none is waiting. While a
 * payment is pending, initiatePayment sends no second prompt (one prompt at a time): a menu must not promise
 * one. The rail is asked for the result STK_RECONCILE_AFTER_SECONDS after the prompt (reconcile-payment.ts).
 */
export async function minutesUntilPromptSettles(ctx: AppContext, transactionId: string): Promise<number | null> {
  const pending = await pendingPaymentOf(ctx.db, transactionId);
  if (!pending) return null;
  const settlesAt = pending.createdAt.getTime() + ctx.config.STK_RECONCILE_AFTER_SECONDS * 1000;
  return Math.max(1, Math.ceil((settlesAt - ctx.now().getTime()) / 60_000));
}

/**
 * What leaving a plan gives back (the quote): the price paid so far comes back, the buyer's fee share is
 * kept (respond-to-withdrawal.ts). After an accepted withdrawal, `refund` is what was refunded.
 */
export async function withdrawalMoney(ctx: AppContext, transactionId: string): Promise<{ refund: Cents; feeKept: Cents }> {
  const quote = await loadQuote(ctx.db, transactionId);
  return { refund: quote.held > 0n ? quote.held : quote.refunded, feeKept: quote.feePaid };
}

/** The transaction's pending withdrawal request, if there is one: the buyer's reason and when the seller must answer by. */
export async function pendingWithdrawal(ctx: AppContext, transactionId: string): Promise<{ reason: string; respondBy: Date } | null> {
  const request = await ctx.db.withdrawalRequest.findFirst({
    where: { transactionId, status: 'pending' },
    orderBy: { createdAt: 'desc' },
    select: { reason: true, respondBy: true },
  });
  return request;
}

/** The transaction's status now (to explain a refused action), or null when there is no such transaction. */
export async function transactionStatus(ctx: AppContext, transactionId: string): Promise<TransactionStatus | null> {
  const txn = await ctx.db.transaction.findUnique({ where: { id: transactionId }, select: { status: true } });
  return txn?.status ?? null;
}
