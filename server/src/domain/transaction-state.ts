/**
 * The transaction state machine (CONTRACT.md "States") as one table. Use-cases call
 * `assertTransition()` inside the database transaction, with the row locked; the clients ask
 * `allowedActions()` which buttons to show, so the UI and the server can never disagree.
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
  /** A payment covered the whole price (system, on the M-Pesa callback). */
  | 'fund'
  /** A Lipa Mdogo Mdogo payment that leaves part of the price unpaid. */
  | 'pay_part'
  | 'dispatch'
  | 'release'
  /** The inspection window passed after dispatch with no dispute. */
  | 'auto_release'
  | 'cancel'
  | 'dispute'
  | 'request_withdrawal'
  | 'accept_withdrawal'
  | 'decline_withdrawal'
  | 'rule_release_seller'
  | 'rule_refund_buyer'
  | 'rule_split';

export interface Transition {
  from: TransactionStatus;
  action: TransactionAction;
  actors: readonly Actor[];
  to: TransactionStatus;
  /** Restricts the row to some transaction types; all types when absent. */
  types?: readonly TransactionType[];
}

const LMM = ['lipa_mdogo_mdogo'] as const;
const PARTIES = ['buyer', 'seller'] as const;

export const TRANSITIONS: readonly Transition[] = [
  { from: 'pending', action: 'fund', actors: ['system'], to: 'funded' },
  { from: 'pending', action: 'pay_part', actors: ['system'], to: 'installment', types: LMM },
  { from: 'installment', action: 'pay_part', actors: ['system'], to: 'installment', types: LMM },
  { from: 'installment', action: 'fund', actors: ['system'], to: 'funded', types: LMM },

  { from: 'funded', action: 'dispatch', actors: ['seller'], to: 'dispatched' },
  { from: 'dispatched', action: 'release', actors: ['buyer'], to: 'completed' },
  { from: 'dispatched', action: 'auto_release', actors: ['system'], to: 'completed' },

  // Nothing paid: nothing to give back.
  { from: 'pending', action: 'cancel', actors: PARTIES, to: 'cancelled' },
  // Funded but not dispatched: the buyer gets everything back. A Lipa Mdogo Mdogo buyer withdraws
  // instead (the seller accepts or declines, spec §4); only the seller cancels a funded plan.
  { from: 'funded', action: 'cancel', actors: PARTIES, to: 'refunded', types: ['standard', 'protected'] },
  { from: 'funded', action: 'cancel', actors: ['seller'], to: 'refunded', types: LMM },
  // A seller may end a Lipa Mdogo Mdogo plan at any time before dispatch, refunding in full (spec §4).
  { from: 'installment', action: 'cancel', actors: ['seller'], to: 'refunded', types: LMM },

  { from: 'installment', action: 'dispute', actors: PARTIES, to: 'disputed', types: LMM },
  { from: 'funded', action: 'dispute', actors: PARTIES, to: 'disputed' },
  { from: 'dispatched', action: 'dispute', actors: PARTIES, to: 'disputed' },

  // Withdrawal from a plan: before the final installment, or before dispatch (spec §4).
  { from: 'installment', action: 'request_withdrawal', actors: ['buyer'], to: 'installment', types: LMM },
  { from: 'funded', action: 'request_withdrawal', actors: ['buyer'], to: 'funded', types: LMM },
  { from: 'installment', action: 'accept_withdrawal', actors: ['seller'], to: 'refunded', types: LMM },
  { from: 'funded', action: 'accept_withdrawal', actors: ['seller'], to: 'refunded', types: LMM },
  { from: 'installment', action: 'decline_withdrawal', actors: ['seller'], to: 'disputed', types: LMM },
  { from: 'funded', action: 'decline_withdrawal', actors: ['seller'], to: 'disputed', types: LMM },

  { from: 'disputed', action: 'rule_release_seller', actors: ['admin'], to: 'completed' },
  { from: 'disputed', action: 'rule_refund_buyer', actors: ['admin'], to: 'refunded' },
  { from: 'disputed', action: 'rule_split', actors: ['admin'], to: 'completed' },
];

export type TransitionCheck = { ok: true; to: TransactionStatus } | { ok: false; reason: 'INVALID_STATE' | 'FORBIDDEN' };

/** Finds the row for this action; INVALID_STATE when the state or type does not allow it, FORBIDDEN for the wrong party. */
export function checkTransition(from: TransactionStatus, action: TransactionAction, actor: Actor, type: TransactionType): TransitionCheck {
  const rows = TRANSITIONS.filter((row) => row.from === from && row.action === action && (!row.types || row.types.includes(type)));
  if (rows.length === 0) return { ok: false, reason: 'INVALID_STATE' };
  const row = rows.find((candidate) => candidate.actors.includes(actor));
  return row ? { ok: true, to: row.to } : { ok: false, reason: 'FORBIDDEN' };
}

/** The actions this actor may take now: what the web client and USSD menu offer. */
export function allowedActions(status: TransactionStatus, actor: Actor, type: TransactionType): TransactionAction[] {
  return TRANSITIONS.filter((row) => row.from === status && row.actors.includes(actor) && (!row.types || row.types.includes(type))).map(
    (row) => row.action,
  );
}

export const TERMINAL_STATUSES: readonly TransactionStatus[] = ['completed', 'cancelled', 'refunded'];

export function isTerminal(status: TransactionStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
