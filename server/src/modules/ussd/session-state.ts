/**
 * What a USSD session remembers between requests, as types and as the zod schemas that check it when it
 * is read back from `ussd_sessions.state` (JSON). A session written by an older release, or damaged, does
 * not decode: the caller is shown the home screen instead of a crash.
 *
 * `SCREEN_FIELDS` is the list of screens: for each, the fields of the draft it needs (gathered on the
 * screens before it). `ScreenState` is the resulting discriminated union. To add a screen to a flow: add
 * its line here, its `Screen` in `flows/<flow>.ts`, and push it from the screen before.
 */
import { z } from 'zod';
import { DISPUTE_REASONS } from '@escrow/core/contract/transactions';
import { RAIL_CHOICES } from '@escrow/core/domain/rail-choice';
import { TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';

export const ACCOUNT_TYPES = ['buyer', 'seller', 'both'] as const;
/** The dispute reasons offered over USSD, in menu order (a subset of the contract's). */
export const USSD_DISPUTE_REASONS = [
  'non_delivery',
  'not_as_described',
  'quality_issue',
  'other',
] as const satisfies readonly (typeof DISPUTE_REASONS)[number][];
/** Main-menu entries that show the caller's transactions: the PIN is asked once a session before them. */
export const TRANSACTION_READING_SCREENS = [
  'list',
  'pick_release',
  'pick_dispatch',
  'pick_pay',
  'disputes',
  'find_ref',
  'pick_code_release',
] as const;

/** Whole cents as decimal digits (JSON has no bigint). */
const centsDigits = z.string().regex(/^\d{1,15}$/);

/** Every field a flow gathers, with its type; a screen needs some of them. */
const draftFields = {
  // registration, PINs
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  userType: z.enum(ACCOUNT_TYPES),
  /** argon2id of the PIN typed on the screen before (never the PIN itself). */
  pinHash: z.string().min(1),
  currentPinOk: z.literal(true),
  /** Where the PIN prompt leads once the PIN is right. */
  after: z.enum(TRANSACTION_READING_SCREENS),
  // paged lists of transactions
  page: z.number().int().min(1),
  /** The transactions the list shows now, in order: the keys 1..n pick them. */
  ids: z.array(z.string()),
  hasMore: z.boolean(),
  txnId: z.string().min(1),
  /** The money rail the payer chose for this payment. */
  rail: z.enum(RAIL_CHOICES),
  // buy
  sellerPhone: z.string().min(1),
  item: z.string().min(1),
  type: z.enum(TRANSACTION_TYPES),
  amount: centsDigits,
  total: centsDigits,
  months: z.number().int().min(1),
  // disputes and withdrawals
  disputeReason: z.enum(USSD_DISPUTE_REASONS),
  description: z.string().min(1),
  withdrawalReason: z.string().min(1),
  /** The respondent's side of a dispute, as typed. */
  response: z.string().min(1),
  accept: z.boolean(),
};

const draftSchema = z.object(draftFields);
export const sessionDraft = draftSchema.partial();
export type SessionDraft = z.infer<typeof sessionDraft>;

type DraftField = keyof typeof draftFields;
/** The fields a screen cannot be shown without. */
const needs = <K extends DraftField>(...fields: K[]) =>
  z.object(Object.fromEntries(fields.map((field) => [field, draftFields[field]])) as Pick<typeof draftFields, K>);
const none = z.object({});
const buyBasics = needs('sellerPhone', 'item', 'type');
const page = needs('page').partial();

export const SCREEN_FIELDS = {
  home: none,
  unlock: needs('after'),
  help: none,
  language: none,
  // register
  reg_first: none,
  reg_last: needs('firstName'),
  reg_type: needs('firstName', 'lastName'),
  reg_pin: needs('firstName', 'lastName', 'userType'),
  reg_pin_again: needs('firstName', 'lastName', 'userType', 'pinHash'),
  // a web account's first PIN
  first_pin: none,
  first_pin_again: needs('pinHash'),
  // settings
  account: none,
  pin_current: none,
  pin_new: needs('currentPinOk'),
  pin_new_again: needs('currentPinOk', 'pinHash'),
  // buy
  buy_seller: none,
  buy_item: needs('sellerPhone'),
  buy_type: needs('sellerPhone', 'item'),
  buy_amount: buyBasics,
  buy_total: buyBasics,
  buy_deposit: buyBasics.extend({ total: draftFields.total }),
  buy_term: buyBasics.extend({ total: draftFields.total, amount: draftFields.amount }),
  buy_confirm: buyBasics.extend({ amount: draftFields.amount, total: draftFields.total.optional(), months: draftFields.months.optional() }),
  // my transactions
  list: page,
  detail: needs('txnId'),
  find_ref: none,
  confirm_new_code: needs('txnId'),
  // delivery and payment
  pick_release: page,
  confirm_release: needs('txnId'),
  pick_dispatch: page,
  confirm_dispatch: needs('txnId'),
  pick_pay: page,
  choose_rail: needs('txnId'),
  confirm_pay: needs('txnId', 'rail'),
  // disputes
  disputes: none,
  pick_dispute: page,
  dispute_reason: needs('txnId'),
  dispute_text: needs('txnId', 'disputeReason'),
  // A reason picked from the list has no description: the dispute keeps only its type.
  confirm_dispute: needs('txnId', 'disputeReason').extend({ description: draftFields.description.optional() }),
  pick_respond: page,
  respond_text: needs('txnId'),
  confirm_respond: needs('txnId', 'response'),
  // leaving an installment plan
  pick_withdraw: page,
  withdraw_reason: needs('txnId'),
  confirm_withdraw: needs('txnId', 'withdrawalReason'),
  pick_withdrawal: page,
  withdrawal_answer: needs('txnId'),
  confirm_withdrawal_answer: needs('txnId', 'accept'),
  // sell: release codes and payment links
  sell: none,
  pick_code_release: page,
  enter_release_code: needs('txnId'),
  link_item: none,
  link_amount: needs('item'),
  link_confirm: needs('item', 'amount'),
} satisfies Record<string, z.ZodObject>;

export type ScreenId = keyof typeof SCREEN_FIELDS;
export const SCREEN_IDS = Object.keys(SCREEN_FIELDS) as [ScreenId, ...ScreenId[]];
/** What the screen `K` knows: the fields gathered before it. */
export type ScreenData<K extends ScreenId> = z.infer<(typeof SCREEN_FIELDS)[K]>;
/** The screen on top of the stack with what it knows. */
export type ScreenState = { [K in ScreenId]: { screen: K; data: ScreenData<K> } }[ScreenId];

export const sessionState = z.object({
  /** Screens walked, the current one last; `0` pops it. Empty once the session ended. */
  stack: z.array(z.enum(SCREEN_IDS)),
  /** Inputs gathered so far; `00` clears them. */
  draft: sessionDraft,
  /** How many `*`-separated parts of `text` have been answered. */
  consumed: z.number().int().min(0),
  /** The last request's text and answer, replayed if the gateway repeats a request. */
  lastText: z.string(),
  lastReply: z.string(),
  ended: z.boolean().optional(),
  /** The account's PIN was entered right in this session: its transactions may be read. */
  pinProven: z.boolean().optional(),
  /** A web account proved the phone (SMS code or password) and may set its first PIN. */
  firstPinProof: z.enum(['code', 'password']).nullable().optional(),
  /** The first-PIN code was asked for in this session. */
  codeSent: z.boolean().optional(),
  /** When the first-PIN code could not be sent (its limits): the ISO time the next one may be sent. */
  codeRetryAt: z.string().nullable().optional(),
});
export type SessionState = z.infer<typeof sessionState>;

/** A session at the home screen with nothing gathered. */
export function newSessionState(consumed = 0): SessionState {
  return { stack: ['home'], draft: {}, consumed, lastText: '', lastReply: '' };
}

/** The stored state, or null when it is missing, from an older release or damaged. */
export function decodeSessionState(stored: unknown): SessionState | null {
  const result = sessionState.safeParse(stored);
  return result.success ? result.data : null;
}

/** The screen on top of the stack with its fields; null when the draft lacks what the screen needs. */
export function currentScreen(state: Pick<SessionState, 'stack' | 'draft'>): ScreenState | null {
  const screen = state.stack.at(-1) ?? 'home';
  const data = SCREEN_FIELDS[screen].safeParse(state.draft);
  return data.success ? ({ screen, data: data.data } as ScreenState) : null;
}
