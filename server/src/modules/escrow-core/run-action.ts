/**
 * The shape every transaction action shares: one database transaction that locks the row, finds the
 * caller's role (404 for strangers), asks the state table (409 wrong state, 403 wrong party; 409 naming the
 * withdrawal request when only its guard refuses), then lets the action write status, timeline, ledger and
 * outbox before commit. A move out of the states where the seller can answer a withdrawal request ends a
 * request still waiting there, with a timeline line saying why just before the action's own (closeWaitingWithdrawal).
 */
import type { AppContext } from '../../context.ts';
import { inTransaction, type Tx } from '../../db/prisma.ts';
import {
  answersWithdrawal,
  checkTransition,
  isActorOf,
  isWithdrawalAnswerable,
  withdrawalFacts,
  type Actor,
  type SubState,
  type TransactionAction,
  type TransactionStatus,
} from '@escrow/core/domain/transaction-state';
import { AppError, invalidState, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { lockTransaction, partyRole, type LockedTransaction } from './access.ts';
import { appendEvent } from './timeline.ts';

export type Caller = Pick<AuthUser, 'userId' | 'role'> | { system: true };

export interface ActionContext {
  tx: Tx;
  txn: LockedTransaction;
  actor: Actor;
  actorId: string | null;
  to: TransactionStatus;
}

const STATE_MESSAGES: Partial<Record<TransactionAction, string>> = {
  dispatch: 'Only a fully paid transaction can be dispatched',
  release: 'Payment can be released only after the seller has dispatched',
  cancel: 'This transaction can no longer be cancelled',
  dispute: 'A dispute can be opened only while money is held in escrow',
};

/** What each action does, for "The buyer cannot …": the action's name with spaces is not a sentence ("release with code this transaction"). */
const ACTION_PHRASES: Record<TransactionAction, string> = {
  pay: 'pay for this transaction',
  fund: 'fund this transaction',
  pay_part: 'pay part of this transaction',
  dispatch: 'dispatch this transaction',
  release: 'release this transaction',
  release_with_code: 'release this transaction with a release code',
  auto_release: 'auto-release this transaction',
  cancel: 'cancel this transaction',
  dispute: 'dispute this transaction',
  request_withdrawal: 'ask to withdraw from this plan',
  accept_withdrawal: 'accept the withdrawal from this plan',
  decline_withdrawal: 'decline the withdrawal from this plan',
  rule_release_seller: 'rule on this dispute',
  rule_refund_buyer: 'rule on this dispute',
  rule_split: 'rule on this dispute',
  confirm_return: 'confirm the return of this item',
};

/** What the seller must answer first, by action, while the buyer's withdrawal request may still be answered. */
const ANSWER_WITHDRAWAL_FIRST: Partial<Record<TransactionAction, string>> = {
  dispatch: "Answer the buyer's withdrawal request before dispatching",
  release_with_code: "Answer the buyer's withdrawal request before releasing",
};

/**
 * The refusal of an action the state table refuses only for its withdrawal guard, named by its reason for
 * the channels that word it themselves. Past the request's respond-by the seller can no longer answer it
 * (respond-to-withdrawal.ts): the seller is told that the mediation team reviews it, not to answer it, and
 * the buyer asking again that it no longer waits for the seller but for the mediators.
 */
function withdrawalRefusal(action: TransactionAction, status: TransactionStatus, overdue: boolean): AppError {
  if (action === 'request_withdrawal') {
    return overdue
      ? invalidState('The seller did not answer your withdrawal request in time: our mediators will review it', 'withdrawal_waiting_lapsed')
      : invalidState('A withdrawal request is already waiting for the seller', 'withdrawal_already_waiting');
  }
  if (overdue) {
    return invalidState(
      "The time to answer the buyer's withdrawal request has passed: our mediators will review it",
      'withdrawal_unanswered_lapsed',
    );
  }
  const answerFirst = ANSWER_WITHDRAWAL_FIRST[action];
  return answerFirst
    ? invalidState(answerFirst, 'withdrawal_unanswered')
    : new AppError('INVALID_STATE', `This action is not allowed now (status: ${status})`);
}

const ACTOR_NAMES: Record<Actor, string> = { buyer: 'buyer', seller: 'seller', admin: 'mediation team', system: 'system' };

export async function runTransactionAction<T>(
  ctx: AppContext,
  options: {
    transactionId: string;
    caller: Caller;
    action: TransactionAction;
    /**
     * The action's own check under the row lock, before the state table's: a request that lost the race
     * to the same action is told that (a ruling already made), not that the status it left forbids it.
     * It runs only for an actor the action's rows name: who may act is checked before what the state
     * allows, so a party of the wrong role reads the state table's 403, not the action's 409.
     * `waiting` is the withdrawal request waiting on the transaction, read once under the lock for the
     * precheck and the state table's withdrawal guard alike.
     */
    precheck?: (tx: Tx, txn: LockedTransaction, waiting: () => Promise<WaitingWithdrawal | null>) => Promise<void>;
  },
  apply: (action: ActionContext) => Promise<T>,
): Promise<T> {
  return inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, options.transactionId);
    const actor: Actor | null = 'system' in options.caller ? 'system' : partyRole(txn, options.caller);
    if (!actor) throw notFound();
    let waitingRead: Promise<WaitingWithdrawal | null> | undefined;
    const waiting = () => (waitingRead ??= waitingWithdrawal(tx, txn.id));
    if (options.precheck && isActorOf(options.action, actor, txn.transactionType)) await options.precheck(tx, txn, waiting);
    const status = txn.status as TransactionStatus;
    const sub = subStateOf(txn);
    const check = checkTransition(status, options.action, actor, txn.transactionType, sub);
    if (!check.ok) {
      if (check.reason === 'FORBIDDEN') {
        throw new AppError('FORBIDDEN', `The ${ACTOR_NAMES[actor]} cannot ${ACTION_PHRASES[options.action]}`);
      }
      throw new AppError('INVALID_STATE', `${STATE_MESSAGES[options.action] ?? 'This action is not allowed now'} (status: ${txn.status})`);
    }
    // The withdrawal facts, as every read gives them to `availableActions` (read-transactions.ts): the rows'
    // guards refuse here what no channel offers. Asked second, so that a wrong state or party is answered as such.
    if (isWithdrawalAnswerable(status, txn.transactionType)) {
      const facts = withdrawalFacts((await waiting())?.respondBy ?? null, ctx.now());
      if (!checkTransition(status, options.action, actor, txn.transactionType, { ...sub, ...facts }).ok) {
        throw withdrawalRefusal(options.action, status, facts.isWithdrawalOverdue);
      }
    }
    // Before the action writes anything: the closing line then sits just before the action's own lines, and
    // every read that orders the timeline by time (the detail, each list's latest event) names the dispute
    // or the cancel as what happened last, not the line it caused.
    if (leavesWithdrawalAnswerable(txn, check.to) && !answersWithdrawal(options.action)) {
      const request = await waiting();
      if (request) await closeWaitingWithdrawal(tx, txn.id, request.id, options.action);
    }
    const actorId = 'system' in options.caller ? null : options.caller.userId;
    return apply({ tx, txn, actor, actorId, to: check.to });
  });
}

/**
 * Every move out of the states where the seller can answer a withdrawal request is an action run here (the
 * payment callback only moves a plan from installment to funded; returns, rulings and payout refunds leave
 * from disputed or completed), so this is the one place a waiting request ends when its plan moves on.
 * `to` is the status the state table moves it to, which the action writes (or it throws, and nothing is
 * written): an action whose row keeps its status (a request, a payment) closes nothing.
 */
function leavesWithdrawalAnswerable(txn: Pick<LockedTransaction, 'status' | 'transactionType'>, to: TransactionStatus): boolean {
  const type = txn.transactionType;
  return isWithdrawalAnswerable(txn.status as TransactionStatus, type) && !isWithdrawalAnswerable(to, type);
}

/**
 * Why a waiting request was closed, by the action that moved its plan on: the timeline line's `closed_by`
 * and its words. Only a dispute and the seller's cancel leave those states with a request still waiting
 * (dispatching and releasing by code are refused while one waits; accepting and declining answer it).
 */
const CLOSED_BY: Partial<Record<TransactionAction, { closedBy: string; words: string }>> = {
  dispute: { closedBy: 'dispute', words: 'The withdrawal request was closed unanswered: the dispute will decide what happens to the plan' },
  cancel: { closedBy: 'cancel', words: 'The withdrawal request was closed unanswered: the plan was cancelled' },
};

/**
 * A request still waiting when its transaction leaves those states (a dispute opened, the seller
 * cancelling the plan) ends unanswered, `closed`: the read stops showing it, the lapse sweep does not
 * decline it later, and once a ruling lets the plan go on the buyer may ask again. The timeline says so,
 * in the same database transaction: without it the request just vanished from both parties' pages. An
 * action that answers the request (accept, decline) is not asked to close it.
 */
async function closeWaitingWithdrawal(tx: Tx, transactionId: string, requestId: string, action: TransactionAction): Promise<void> {
  // The request the guard read under the row lock: no other can be waiting (a second is refused while one waits).
  await tx.withdrawalRequest.update({ where: { id: requestId }, data: { status: 'closed' }, select: { id: true } });
  const cause = CLOSED_BY[action];
  await appendEvent(tx, {
    transactionId,
    eventType: 'withdrawal_closed',
    description: cause?.words ?? 'The withdrawal request was closed unanswered',
    data: { withdrawal_id: requestId, ...(cause ? { closed_by: cause.closedBy } : {}) },
  });
}

export type WaitingWithdrawal = NonNullable<Awaited<ReturnType<typeof waitingWithdrawal>>>;

/** The withdrawal request waiting for the seller on this transaction, or null; read under the row lock. */
export function waitingWithdrawal(tx: Tx, transactionId: string) {
  return tx.withdrawalRequest.findFirst({
    where: { transactionId, status: 'pending' },
    orderBy: { createdAt: 'desc' },
    select: { id: true, reason: true, respondBy: true },
  });
}

/** The sub-state facts the locked row itself records (the state table's guards decide with them). */
export function subStateOf(txn: Pick<LockedTransaction, 'dispatchedAt' | 'statusBeforeDispute' | 'paidCents' | 'amountCents'>): SubState {
  return {
    wasDispatched: txn.dispatchedAt !== null,
    isPartPaidPlan: txn.statusBeforeDispute === 'installment' && txn.paidCents < txn.amountCents,
  };
}
