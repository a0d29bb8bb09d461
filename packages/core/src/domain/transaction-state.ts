/**
 * The transaction state machine as one table, with the guards (sub-states such as a pending withdrawal
 * or a refund ruling awaiting the item's return) in its rows. Use-cases call `checkTransition()` inside
 * the database transaction, with the row locked; every channel asks `availableActions()` which actions
 * to offer, so the web client, USSD and the server can never disagree.
 */
export const TRANSACTION_STATUSES = [
  'pending',
  'installment',
  'funded',
  'dispatched',
  'completed',
  'cancelled',
  'disputed',
  'refunded',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const TRANSACTION_TYPES = ['standard', 'protected', 'lipa_mdogo_mdogo'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export type Actor = 'buyer' | 'seller' | 'admin' | 'system';

export type TransactionAction =
  /** The buyer starts an M-Pesa payment; the callback then funds the transaction (`fund` / `pay_part`). */
  | 'pay'
  /** A payment covered the whole price (system, on the M-Pesa callback). */
  | 'fund'
  /** A Lipa Mdogo Mdogo payment that leaves part of the price unpaid. */
  | 'pay_part'
  | 'dispatch'
  | 'release'
  /**
   * The seller enters the buyer's release code at hand-over: released as if the buyer confirmed,
   * dispatching first when the item was not marked dispatched (docs/product-rules.md "Release codes").
   */
  | 'release_with_code'
  /** The inspection window passed after dispatch with no dispute. */
  | 'auto_release'
  | 'cancel'
  | 'dispute'
  | 'request_withdrawal'
  | 'accept_withdrawal'
  | 'decline_withdrawal'
  | 'rule_release_seller'
  | 'rule_refund_buyer'
  | 'rule_split'
  /** After a refund ruling on a dispatched item: the item came back, the refund is paid. */
  | 'confirm_return';

/** Facts of a transaction's sub-state that some rows require; a fact left out is not checked. */
export interface SubState {
  /** A buyer's withdrawal request waits for the seller's answer. */
  hasPendingWithdrawal?: boolean;
  /**
   * The waiting request's respond-by has passed (`isWithdrawalOverdue`): the answer is no longer the
   * seller's but the system's, whose lapse sweep declines for them within minutes.
   */
  isWithdrawalOverdue?: boolean;
  /** A refund ruling waits for the seller to confirm the dispatched item came back. */
  isAwaitingReturn?: boolean;
  /** The seller dispatched the item (a refund then waits for its return). */
  wasDispatched?: boolean;
  /** A Lipa Mdogo Mdogo plan disputed before it was fully paid (a ruling for the seller lets it go on). */
  isPartPaidPlan?: boolean;
}

/** The sub-state a row requires: each named fact must have this value. */
export type Guard = { readonly [K in keyof SubState]?: boolean };

export interface Transition {
  from: TransactionStatus;
  action: TransactionAction;
  actors: readonly Actor[];
  to: TransactionStatus;
  /** Restricts the row to some transaction types; all types when absent. */
  types?: readonly TransactionType[];
  /** Restricts the row to a sub-state; any sub-state when absent. */
  guard?: Guard;
}

const LMM = ['lipa_mdogo_mdogo'] as const;
const PARTIES = ['buyer', 'seller'] as const;
/** A withdrawal request waits and its respond-by has not passed: the seller may answer it. */
const SELLER_MAY_ANSWER: Guard = { hasPendingWithdrawal: true, isWithdrawalOverdue: false };
/** A withdrawal request waits past its respond-by: only the system's decline (the lapse sweep) is left. */
const ANSWER_LAPSED: Guard = { hasPendingWithdrawal: true, isWithdrawalOverdue: true };

export const TRANSITIONS: readonly Transition[] = [
  { from: 'pending', action: 'pay', actors: ['buyer'], to: 'pending' },
  { from: 'installment', action: 'pay', actors: ['buyer'], to: 'installment', types: LMM },
  { from: 'pending', action: 'fund', actors: ['system'], to: 'funded' },
  { from: 'pending', action: 'pay_part', actors: ['system'], to: 'installment', types: LMM },
  { from: 'installment', action: 'pay_part', actors: ['system'], to: 'installment', types: LMM },
  { from: 'installment', action: 'fund', actors: ['system'], to: 'funded', types: LMM },

  // A fully paid plan whose buyer asked to withdraw: the seller answers (accept or decline) before dispatching,
  // and past the request's respond-by neither happens until the mediation team has reviewed it.
  { from: 'funded', action: 'dispatch', actors: ['seller'], to: 'dispatched', guard: { hasPendingWithdrawal: false } },
  { from: 'dispatched', action: 'release', actors: ['buyer'], to: 'completed' },
  { from: 'dispatched', action: 'auto_release', actors: ['system'], to: 'completed' },
  // The code proves the buyer has the item; a pending withdrawal of a funded plan is answered first, as for dispatch.
  { from: 'funded', action: 'release_with_code', actors: ['seller'], to: 'completed', guard: { hasPendingWithdrawal: false } },
  { from: 'dispatched', action: 'release_with_code', actors: ['seller'], to: 'completed' },

  // Nothing paid: nothing to give back.
  { from: 'pending', action: 'cancel', actors: PARTIES, to: 'cancelled' },
  // Funded but not dispatched: the buyer gets everything back. A Lipa Mdogo Mdogo buyer withdraws
  // instead (the seller accepts or declines, docs/product-rules.md §4); only the seller cancels a funded plan.
  { from: 'funded', action: 'cancel', actors: PARTIES, to: 'refunded', types: ['standard', 'protected'] },
  { from: 'funded', action: 'cancel', actors: ['seller'], to: 'refunded', types: LMM },
  // A seller may end a Lipa Mdogo Mdogo plan at any time before dispatch, refunding in full (docs/product-rules.md §4).
  { from: 'installment', action: 'cancel', actors: ['seller'], to: 'refunded', types: LMM },

  { from: 'installment', action: 'dispute', actors: PARTIES, to: 'disputed', types: LMM },
  { from: 'funded', action: 'dispute', actors: PARTIES, to: 'disputed' },
  { from: 'dispatched', action: 'dispute', actors: PARTIES, to: 'disputed' },

  // Withdrawal from a plan: before the final installment, or before dispatch (docs/product-rules.md §4).
  {
    from: 'installment',
    action: 'request_withdrawal',
    actors: ['buyer'],
    to: 'installment',
    types: LMM,
    guard: { hasPendingWithdrawal: false },
  },
  { from: 'funded', action: 'request_withdrawal', actors: ['buyer'], to: 'funded', types: LMM, guard: { hasPendingWithdrawal: false } },
  // The seller answers until the request's respond-by; after it the system declines for them (the
  // withdrawal-lapse sweep), and no channel offers the seller an answer the server would refuse.
  { from: 'installment', action: 'accept_withdrawal', actors: ['seller'], to: 'refunded', types: LMM, guard: SELLER_MAY_ANSWER },
  { from: 'funded', action: 'accept_withdrawal', actors: ['seller'], to: 'refunded', types: LMM, guard: SELLER_MAY_ANSWER },
  { from: 'installment', action: 'decline_withdrawal', actors: ['seller'], to: 'disputed', types: LMM, guard: SELLER_MAY_ANSWER },
  { from: 'funded', action: 'decline_withdrawal', actors: ['seller'], to: 'disputed', types: LMM, guard: SELLER_MAY_ANSWER },
  { from: 'installment', action: 'decline_withdrawal', actors: ['system'], to: 'disputed', types: LMM, guard: ANSWER_LAPSED },
  { from: 'funded', action: 'decline_withdrawal', actors: ['system'], to: 'disputed', types: LMM, guard: ANSWER_LAPSED },

  // Rulings: for the seller on a part-paid plan the plan goes on; for the buyer on a dispatched item the
  // refund waits for the item to come back (`confirm_return`).
  { from: 'disputed', action: 'rule_release_seller', actors: ['admin'], to: 'completed', guard: { isPartPaidPlan: false } },
  { from: 'disputed', action: 'rule_release_seller', actors: ['admin'], to: 'installment', types: LMM, guard: { isPartPaidPlan: true } },
  { from: 'disputed', action: 'rule_refund_buyer', actors: ['admin'], to: 'refunded', guard: { wasDispatched: false } },
  { from: 'disputed', action: 'rule_refund_buyer', actors: ['admin'], to: 'disputed', guard: { wasDispatched: true } },
  { from: 'disputed', action: 'rule_split', actors: ['admin'], to: 'completed' },
  { from: 'disputed', action: 'confirm_return', actors: ['seller', 'admin'], to: 'refunded', guard: { isAwaitingReturn: true } },
];

export type TransitionCheck = { ok: true; to: TransactionStatus } | { ok: false; reason: 'INVALID_STATE' | 'FORBIDDEN' };

/**
 * Finds the row for this action; INVALID_STATE when the state, type or sub-state does not allow it,
 * FORBIDDEN for the wrong party. A sub-state fact not given is not checked (the caller checks it
 * itself); with several rows for one action, the first whose guard holds decides.
 */
export function checkTransition(
  from: TransactionStatus,
  action: TransactionAction,
  actor: Actor,
  type: TransactionType,
  sub?: SubState,
): TransitionCheck {
  const rows = TRANSITIONS.filter(
    (row) => row.from === from && row.action === action && appliesTo(row, type) && guardHolds(row, sub ?? {}, 'unknown_holds'),
  );
  if (rows.length === 0) return { ok: false, reason: 'INVALID_STATE' };
  const row = rows.find((candidate) => candidate.actors.includes(actor));
  return row ? { ok: true, to: row.to } : { ok: false, reason: 'FORBIDDEN' };
}

/**
 * Whether some row of the action names this actor, for this transaction type, in any state: who may act at
 * all, before what the state allows. An action's own checks speak only to such an actor; any other is
 * answered by the state table (403 "The buyer cannot …" where the action is open to someone else).
 */
export function isActorOf(action: TransactionAction, actor: Actor, type: TransactionType): boolean {
  return TRANSITIONS.some((row) => row.action === action && row.actors.includes(actor) && appliesTo(row, type));
}

/** The actions this actor may take now, in this sub-state: what every channel offers. */
export function availableActions(status: TransactionStatus, actor: Actor, type: TransactionType, sub: SubState = {}): TransactionAction[] {
  const actions = TRANSITIONS.filter(
    (row) => row.from === status && row.actors.includes(actor) && appliesTo(row, type) && guardHolds(row, sub, 'unknown_is_false'),
  ).map((row) => row.action);
  return [...new Set(actions)];
}

/** Whether the row's guard holds; a fact the caller did not give holds or fails as `unknown` says. */
function guardHolds(row: Transition, sub: SubState, unknown: 'unknown_holds' | 'unknown_is_false'): boolean {
  if (!row.guard) return true;
  return Object.entries(row.guard).every(([fact, expected]) => {
    const actual = sub[fact as keyof SubState];
    if (actual === undefined) return unknown === 'unknown_holds' || expected === false;
    return actual === expected;
  });
}

function appliesTo(row: Transition, type: TransactionType): boolean {
  return !row.types || row.types.includes(type);
}

/**
 * Where the seller can answer a buyer's withdrawal request: the states its accept and decline rows leave
 * from. A request still waiting when its transaction leaves them (a dispute, the seller cancelling the plan)
 * ends unanswered, `closed` (escrow-core/run-action.ts): a ruling that lets the plan go on does not revive it.
 */
const WITHDRAWAL_ANSWERS = TRANSITIONS.filter((row) => row.action === 'accept_withdrawal' || row.action === 'decline_withdrawal');
export const WITHDRAWAL_ANSWERABLE_STATUSES: readonly TransactionStatus[] = [...new Set(WITHDRAWAL_ANSWERS.map((row) => row.from))];

/** Whether the action is the seller's (or, past the respond-by, the system's) answer to a waiting withdrawal request. */
export function answersWithdrawal(action: TransactionAction): boolean {
  return WITHDRAWAL_ANSWERS.some((row) => row.action === action);
}

/**
 * Whether a waiting withdrawal request is past its respond-by at `now`: from that instant the seller's answer
 * is refused (respond-to-withdrawal.ts) and the lapse sweep may decline for them; every read decides its
 * `isWithdrawalOverdue` with this, on the same clock, so that none offers an answer the server refuses.
 */
export function isWithdrawalOverdue(respondBy: Date, now: Date): boolean {
  return respondBy.getTime() <= now.getTime();
}

/** The state table's withdrawal facts from the waiting request's respond-by (null when none waits), at `now`. */
export function withdrawalFacts(
  respondBy: Date | null,
  now: Date,
): Required<Pick<SubState, 'hasPendingWithdrawal' | 'isWithdrawalOverdue'>> {
  return { hasPendingWithdrawal: respondBy !== null, isWithdrawalOverdue: respondBy !== null && isWithdrawalOverdue(respondBy, now) };
}

/** Whether a transaction of this type in this status is one where the seller can answer a withdrawal request. */
export function isWithdrawalAnswerable(status: TransactionStatus, type: TransactionType): boolean {
  return WITHDRAWAL_ANSWERS.some((row) => row.from === status && appliesTo(row, type));
}

/**
 * No party's action leaves these. One money event does: a seller payout the rail could not make, which
 * the mediation team returns to the buyer, turns `completed` into `refunded` (payouts/resolve-failed-payout.ts).
 */
export const TERMINAL_STATUSES: readonly TransactionStatus[] = ['completed', 'cancelled', 'refunded'];

/** A list summary's `pending`: the deal still under way, neither completed, cancelled nor refunded. */
export const IN_PROGRESS_STATUSES: readonly TransactionStatus[] = TRANSACTION_STATUSES.filter(
  (status) => !TERMINAL_STATUSES.includes(status),
);
/** A list summary's `total_value` adds up these amounts: all but `cancelled`, called off before it was paid. */
export const VALUED_STATUSES: readonly TransactionStatus[] = TRANSACTION_STATUSES.filter((status) => status !== 'cancelled');

export function isTerminal(status: TransactionStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
