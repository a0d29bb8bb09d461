/**
 * The *384*40# menu: one entry per screen, each with `render` (the words shown) and `handle` (what the
 * user's answer does). Screens only gather input and call the same use-cases as the REST API; fees,
 * states, plan rules and access are decided there (or in domain/), and their errors are mapped to short
 * screens here.
 */
import { RAIL_DISPLAY_NAMES, railForPhone, type RailChoice } from '../../domain/rail-choice.ts';
import type { AppContext } from '../../context.ts';
import { withdrawalRequestBody } from '../../contract/disputes.ts';
import { createTransactionBody, disputeBody } from '../../contract/transactions.ts';
import { calculateFee, FEE_TYPE_FOR_TRANSACTION, MAX_CHARGEABLE, MIN_CHARGEABLE } from '../../domain/fees.ts';
import {
  buildPlan,
  checkPlanRules,
  DEFAULT_PLAN_TERM,
  MIN_PLAN_TOTAL_EXCLUSIVE,
  minimumDeposit,
  PLAN_TERMS,
} from '../../domain/installment-plan.ts';
import { type Cents, formatKes, parseAmount } from '../../domain/money.ts';
import { displayPhone } from '../../domain/phone.ts';
import { TERMINAL_STATUSES, type TransactionType } from '../../domain/transaction-state.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashSecret, verifySecret } from '../../lib/password.ts';
import type { Role } from '../../plugins/auth.ts';
import { nextPayment } from '../payments/amounts.ts';
import { partyRole } from '../transactions/access.ts';
import { createTransaction } from '../transactions/use-cases/create-transaction.ts';
import { dispatchTransaction } from '../transactions/use-cases/dispatch-transaction.ts';
import { type DisputeReason, openDispute } from '../transactions/use-cases/open-dispute.ts';
import { getTransactionDetail, listTransactions, transactionForCaller } from '../transactions/use-cases/read-transactions.ts';
import { releasePayment } from '../transactions/use-cases/release-payment.ts';
import { requestWithdrawal } from '../transactions/use-cases/request-withdrawal.ts';
import { respondToWithdrawal } from '../transactions/use-cases/respond-to-withdrawal.ts';
import { toTransactionWire } from '../transactions/wire.ts';
import { USSD_MESSAGES, type UssdLanguage, type UssdMessages } from './messages.ts';
import { normalizeReference, personName } from './keypad-input.ts';
import { clip, options } from './screen.ts';
import { queueUssdStkPush } from './stk-push-job.ts';
import { registerUssdUser } from './use-cases/register-ussd-user.ts';
import { changeUssdPin, setFirstUssdPin } from './use-cases/set-ussd-pin.ts';
import { setUssdLanguage } from './use-cases/set-ussd-language.ts';
import { displayTime, verifyUssdPin } from './use-cases/verify-ussd-pin.ts';
import { type FirstPinProof, proveFirstPin, sendFirstPinCode } from './use-cases/prove-first-pin.ts';
import type { UssdOrigin } from './answer-ussd-request.ts';

export interface UssdUser {
  id: string;
  firstName: string;
  userType: Role;
  hasPin: boolean;
}

export interface MenuContext {
  ctx: AppContext;
  sessionId: string;
  phone: string;
  origin: UssdOrigin;
  lang: UssdLanguage;
  m: UssdMessages;
  user: UssdUser | null;
  draft: Record<string, string>;
  /** What this session has proven so far (kept until the session ends; `00` does not forget it). */
  session: { pinProven: boolean; firstPinProof: FirstPinProof | null; codeSent: boolean };
}

export type ScreenId =
  | 'home'
  | 'reg_first'
  | 'reg_last'
  | 'reg_type'
  | 'reg_pin'
  | 'reg_pin_again'
  | 'first_pin'
  | 'first_pin_again'
  | 'unlock'
  | 'account'
  | 'pin_current'
  | 'pin_new'
  | 'pin_new_again'
  | 'language'
  | 'help'
  | 'buy_seller'
  | 'buy_item'
  | 'buy_type'
  | 'buy_amount'
  | 'buy_total'
  | 'buy_deposit'
  | 'buy_term'
  | 'buy_confirm'
  | 'list'
  | 'detail'
  | 'find_ref'
  | 'pick_release'
  | 'pick_dispatch'
  | 'pick_pay'
  | 'pick_dispute'
  | 'confirm_release'
  | 'confirm_dispatch'
  | 'choose_rail'
  | 'confirm_pay'
  | 'disputes'
  | 'dispute_reason'
  | 'dispute_text'
  | 'confirm_dispute'
  | 'pick_withdraw'
  | 'withdraw_reason'
  | 'confirm_withdraw'
  | 'pick_withdrawal'
  | 'withdrawal_answer'
  | 'confirm_withdrawal_answer';

export type Outcome =
  | { kind: 'push'; screen: ScreenId }
  /** Shows `screen` in place of the current one (`0` then skips it). */
  | { kind: 'replace'; screen: ScreenId }
  | { kind: 'stay'; notice?: string }
  | { kind: 'back'; notice?: string }
  | { kind: 'home'; notice?: string }
  | { kind: 'end'; text: string };

interface Screen {
  /** Screens past registration: without an account (and PIN) the user is sent home. */
  needsAccount?: boolean;
  render(c: MenuContext, notice?: string): Promise<string> | string;
  handle(c: MenuContext, input: string): Promise<Outcome> | Outcome;
}

const push = (screen: ScreenId): Outcome => ({ kind: 'push', screen });
const stay = (notice?: string): Outcome => ({ kind: 'stay', notice });
const endWith = (text: string): Outcome => ({ kind: 'end', text });

const lines = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).join('\n');
/** A menu: the notice (an error) takes the title's place so the screen keeps its size. */
const menu = (title: string, items: readonly string[], notice?: string, nav?: string) => lines(notice ?? title, options(items), nav);
/** An input prompt with the navigation line. */
const ask = (c: MenuContext, notice: string | undefined, ...text: string[]) => lines(notice, ...text, c.m.nav);

function choice(input: string, count: number): number | null {
  if (!/^\d{1,2}$/.test(input)) return null;
  const picked = Number(input);
  return picked >= 1 && picked <= count ? picked : null;
}

const PIN = /^\d{4}$/;
const PAGE_SIZE = 3;

const callerOf = (c: MenuContext) => ({ userId: c.user!.id, role: c.user!.userType });
const kes = (cents: Cents) => formatKes(cents);
/** "65000.00" (wire) → "KES 65,000". */
const kesFromWire = (amount: string) => formatKes(parseAmount(amount) ?? 0n);
/** References on crowded lines: ESC-7KQ2-9HDX → 7KQ2-9HDX (lookups accept either). */
const shortRef = (reference: string) => reference.replace(/^ESC-/, '');

/** Maps a use-case's refusal to a closing screen; anything that is not an AppError is a bug and propagates. */
export async function refusal(c: MenuContext, error: unknown): Promise<Outcome> {
  if (!(error instanceof AppError)) throw error;
  const { m } = c;
  switch (error.code) {
    case 'NOT_FOUND':
      return endWith(m.notFound);
    case 'INVALID_STATE': {
      const txn = c.draft.txnId ? await c.ctx.db.transaction.findUnique({ where: { id: c.draft.txnId }, select: { status: true } }) : null;
      return endWith(txn ? m.notAllowedNow(m.status[txn.status]) : m.failed(clip(error.message, 150)));
    }
    case 'FORBIDDEN':
      return endWith(m.forbidden);
    case 'ACCOUNT_SUSPENDED':
      return endWith(m.suspended);
    case 'ALREADY_EXISTS':
      return endWith(m.alreadyRegistered);
    case 'BUSINESS_RULE':
      if (error.errors?.seller_phone) return endWith(m.selfSeller);
      return endWith(m.failed(clip(error.message, 150)));
    default:
      return endWith(m.failed(clip(error.message, 150)));
  }
}

/** Checks the PIN typed on a confirmation screen; null when it is right, else the screen to show. */
async function pinRefusal(c: MenuContext, input: string): Promise<Outcome | null> {
  if (!PIN.test(input)) return stay(c.m.pinFormat);
  const check = await verifyUssdPin(c.ctx, { userId: c.user!.id, pin: input });
  if (check.ok) {
    c.session.pinProven = true;
    return null;
  }
  if (check.reason === 'locked') return endWith(c.m.pinLocked(displayTime(check.until)));
  return stay(c.m.wrongPin(check.triesLeft));
}

/** Runs a money-moving step after the PIN is right; a use-case's refusal becomes a closing screen. */
async function withPin(c: MenuContext, input: string, run: () => Promise<Outcome>): Promise<Outcome> {
  const refused = await pinRefusal(c, input);
  if (refused) return refused;
  try {
    return await run();
  } catch (error) {
    return refusal(c, error);
  }
}

// ── transactions as the menus show them ──

type MenuAction = 'release' | 'dispatch' | 'pay' | 'dispute' | 'request_withdrawal' | 'accept_withdrawal';

/** The caller's open transactions on which the engine allows `action` now (its `allowed_actions`). */
async function transactionsAllowing(c: MenuContext, action: MenuAction) {
  const caller = callerOf(c);
  const rows = await c.ctx.db.transaction.findMany({
    where: { OR: [{ buyerId: caller.userId }, { sellerId: caller.userId }], status: { notIn: [...TERMINAL_STATUSES] } },
    include: {
      buyer: { select: { firstName: true, lastName: true, phoneNumber: true } },
      seller: { select: { firstName: true, lastName: true, phoneNumber: true } },
      plan: { select: { depositCents: true, months: true } },
      withdrawals: { where: { status: 'pending' }, take: 1, select: { id: true } },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 60,
  });
  return rows.filter((row) => {
    const role = partyRole(row, caller);
    if (role !== 'buyer' && role !== 'seller') return false;
    const wire = toTransactionWire(row, { role, feePaid: 0n, latestEvent: null, hasPendingWithdrawal: row.withdrawals.length > 0 });
    return wire.allowed_actions.includes(action);
  });
}

function page(c: MenuContext): number {
  return Math.max(1, Number(c.draft.page ?? '1') || 1);
}

/** Chooses one transaction on a paged list (3 a screen, `9` for more). */
/** The rails to offer, the phone's own network first. */
const railsFor = (phone: string): RailChoice[] => (railForPhone(phone) === 'airtel' ? ['airtel', 'mpesa'] : ['mpesa', 'airtel']);
const chosenRail = (c: MenuContext): RailChoice =>
  c.draft.rail === 'airtel' || c.draft.rail === 'mpesa' ? c.draft.rail : railForPhone(c.phone);
const chosenRailName = (c: MenuContext) => RAIL_DISPLAY_NAMES[chosenRail(c)];

function pickScreen(action: MenuAction, next: ScreenId): Screen {
  return {
    needsAccount: true,
    async render(c, notice) {
      const rows = await transactionsAllowing(c, action);
      if (rows.length === 0) {
        c.draft.ids = '';
        return ask(c, notice, c.m.nothingTo[action]);
      }
      const pages = Math.ceil(rows.length / PAGE_SIZE);
      const current = Math.min(page(c), pages);
      const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
      c.draft.ids = shown.map((row) => row.id).join(',');
      c.draft.more = current < pages ? '1' : '';
      const items = shown.map((row) => `${shortRef(row.referenceNumber)} ${clip(row.productName, 12)} ${kes(row.amountCents).slice(4)}`);
      return lines(notice ?? c.m.pickTitle[action], options(items), current < pages && c.m.more, c.m.nav);
    },
    handle(c, input) {
      const ids = (c.draft.ids ?? '').split(',').filter(Boolean);
      if (input === '9' && c.draft.more) {
        c.draft.page = String(page(c) + 1);
        return stay();
      }
      const picked = choice(input, ids.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.txnId = ids[picked - 1]!;
      return push(next);
    },
  };
}

/** The selected transaction as the caller sees it (404 for strangers, from the same read as the web). */
async function selected(c: MenuContext) {
  return transactionForCaller(c.ctx, c.draft.txnId!, callerOf(c));
}

async function transactionDetailText(c: MenuContext, transactionId: string): Promise<string> {
  const { m } = c;
  const { transaction: t } = await getTransactionDetail(c.ctx, { transactionId, caller: callerOf(c) });
  const other = t.my_role === 'seller' ? ('buyer' as const) : ('seller' as const);
  const party = other === 'buyer' ? t.buyer : t.seller;
  const isOwing = t.status === 'pending' || t.status === 'installment';
  return lines(
    m.detail(t.reference_number, clip(t.product_name, 24), kesFromWire(t.amount), m.status[t.status]),
    isOwing && m.paidDue(kesFromWire(t.amount_paid), kesFromWire(t.amount_due)),
    m.otherParty(other, `${clip(party.display_name, 20)} ${displayPhone(party.phone_number)}`),
    m.nav,
  );
}

// ── the screens ──

const ACCOUNT_TYPES = ['buyer', 'seller', 'both'] as const;
const TYPES: readonly TransactionType[] = ['standard', 'protected', 'lipa_mdogo_mdogo'];
const DISPUTE_REASONS: readonly DisputeReason[] = ['non_delivery', 'not_as_described', 'quality_issue', 'other'];
/** What mediators read for a reason picked from the list (they work in English). */
const DISPUTE_DESCRIPTIONS: Record<DisputeReason, string> = {
  non_delivery: 'Item not delivered (reported over USSD)',
  not_as_described: 'Item not as described (reported over USSD)',
  quality_issue: 'Quality problem (reported over USSD)',
  payment_delay: 'Payment delay (reported over USSD)',
  withdrawal_declined: 'Withdrawal declined (reported over USSD)',
  other: 'Other problem (reported over USSD)',
};

const nameInput = createTransactionBody.shape.product_name;

const AMOUNT_RULES = { amount: createTransactionBody.shape.amount, total_cost: createTransactionBody.shape.total_cost.unwrap() };

/** Whole shillings typed on a keypad, within the range the contract allows for `field`. */
function shillingsInput(input: string, field: keyof typeof AMOUNT_RULES): Cents | null {
  if (!/^\d{1,7}$/.test(input)) return null;
  const result = AMOUNT_RULES[field].safeParse(input);
  return result.success ? result.data : null;
}

const rangeMin = () => formatKes(MIN_CHARGEABLE).slice(4);
const rangeMax = () => formatKes(MAX_CHARGEABLE).slice(4);

/** Main-menu entries that show the caller's transactions: the PIN is asked first. */
const READS_TRANSACTIONS: ReadonlySet<ScreenId> = new Set(['list', 'pick_release', 'pick_dispatch', 'pick_pay', 'disputes', 'find_ref']);

const SCREENS: Record<ScreenId, Screen> = {
  home: {
    async render(c, notice) {
      const { m } = c;
      if (!c.user) return menu(m.welcome, m.guestMenu, notice);
      if (!c.user.hasPin) {
        if (!c.session.codeSent) {
          c.session.codeSent = true;
          await sendFirstPinCode(c.ctx, c.phone);
        }
        return lines(notice ?? m.proveFirstPin(clip(c.user.firstName, 12)));
      }
      return menu(m.hello(clip(c.user.firstName, 12)), m.mainMenu, notice);
    },
    async handle(c, input) {
      if (!c.user) {
        const picked = choice(input, 3);
        if (picked === 1) return push('reg_first');
        if (picked === 2) return push('language');
        if (picked === 3) return push('help');
        return stay(c.m.invalidChoice);
      }
      if (!c.user.hasPin) {
        // The dialling number alone does not prove the person: the SMS code or the web password does.
        const check = await proveFirstPin(c.ctx, { userId: c.user.id, phone: c.phone, answer: input });
        if (!check.ok) return check.reason === 'too_many' ? endWith(c.m.tooManyProofs) : stay(c.m.wrongProof);
        c.session.firstPinProof = check.proof;
        return push('first_pin');
      }
      const targets: ScreenId[] = ['buy_seller', 'list', 'pick_release', 'pick_dispatch', 'pick_pay', 'disputes', 'find_ref', 'account'];
      const picked = choice(input, targets.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.page = '1';
      const target = targets[picked - 1]!;
      // Screens that show the caller's transactions need the PIN once per session.
      if (READS_TRANSACTIONS.has(target) && !c.session.pinProven) {
        c.draft.after = target;
        return push('unlock');
      }
      return push(target);
    },
  },

  // ── registration (guests) ──
  reg_first: {
    render: (c, notice) => ask(c, notice, c.m.firstName),
    handle(c, input) {
      const name = personName(input);
      if (!name) return stay(c.m.invalidName);
      c.draft.firstName = name;
      return push('reg_last');
    },
  },
  reg_last: {
    render: (c, notice) => ask(c, notice, c.m.lastName),
    handle(c, input) {
      const name = personName(input);
      if (!name) return stay(c.m.invalidName);
      c.draft.lastName = name;
      return push('reg_type');
    },
  },
  reg_type: {
    render: (c, notice) => menu(c.m.accountType, c.m.accountTypes, notice, c.m.nav),
    handle(c, input) {
      const picked = choice(input, ACCOUNT_TYPES.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.userType = ACCOUNT_TYPES[picked - 1]!;
      return push('reg_pin');
    },
  },
  reg_pin: {
    render: (c, notice) => ask(c, notice, c.m.newPin),
    async handle(c, input) {
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      c.draft.pinHash = await hashSecret(input);
      return push('reg_pin_again');
    },
  },
  reg_pin_again: {
    render: (c, notice) => ask(c, notice, c.m.confirmPin),
    async handle(c, input) {
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      if (!(await verifySecret(c.draft.pinHash ?? '', input))) return { kind: 'back', notice: c.m.pinMismatch };
      const { firstName, lastName, userType, pinHash } = c.draft;
      if (!firstName || !lastName || !userType || !pinHash) return { kind: 'home' };
      try {
        await registerUssdUser(c.ctx, {
          phone: c.phone,
          firstName,
          lastName,
          userType: userType as (typeof ACCOUNT_TYPES)[number],
          pinHash,
          language: c.lang,
          isPhoneVouched: c.origin === 'gateway',
        });
      } catch (error) {
        if (error instanceof AppError && error.code === 'RATE_LIMITED') return endWith(c.m.tooManyRegistrations);
        return refusal(c, error);
      }
      return endWith(c.m.registered(clip(firstName, 20)));
    },
  },

  // ── a web account's first PIN (the proof is asked on the home screen) ──
  first_pin: {
    render: (c, notice) => ask(c, notice, c.m.newPin),
    async handle(c, input) {
      if (!c.user || c.user.hasPin || !c.session.firstPinProof) return { kind: 'home' };
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      c.draft.pinHash = await hashSecret(input);
      return push('first_pin_again');
    },
  },
  first_pin_again: {
    render: (c, notice) => ask(c, notice, c.m.confirmPin),
    async handle(c, input) {
      if (!c.user || c.user.hasPin || !c.session.firstPinProof) return { kind: 'home' };
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      if (!(await verifySecret(c.draft.pinHash ?? '', input))) return { kind: 'back', notice: c.m.pinMismatch };
      try {
        // The phone itself is proven by the SMS code, or by the network when the gateway calls.
        const isPhoneProven = c.session.firstPinProof === 'code' || c.origin === 'gateway';
        await setFirstUssdPin(c.ctx, { userId: c.user.id, pinHash: c.draft.pinHash!, isPhoneProven });
      } catch (error) {
        return refusal(c, error);
      }
      c.user.hasPin = true;
      c.session.pinProven = true;
      return { kind: 'home', notice: c.m.pinSet };
    },
  },
  unlock: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.unlockPin),
    async handle(c, input) {
      const refused = await pinRefusal(c, input);
      if (refused) return refused;
      const after = c.draft.after as ScreenId | undefined;
      return after && READS_TRANSACTIONS.has(after) ? { kind: 'replace', screen: after } : { kind: 'home' };
    },
  },

  // ── settings ──
  account: {
    needsAccount: true,
    render: (c, notice) => menu(c.m.accountTitle, c.m.accountMenu, notice, c.m.nav),
    handle(c, input) {
      const picked = choice(input, 3);
      if (picked === 1) return push('pin_current');
      if (picked === 2) return push('language');
      if (picked === 3) return push('help');
      return stay(c.m.invalidChoice);
    },
  },
  pin_current: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.currentPin),
    async handle(c, input) {
      const refused = await pinRefusal(c, input);
      if (refused) return refused;
      c.draft.currentPinOk = '1';
      return push('pin_new');
    },
  },
  pin_new: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.newPin),
    async handle(c, input) {
      if (!c.draft.currentPinOk) return { kind: 'home' };
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      c.draft.pinHash = await hashSecret(input);
      return push('pin_new_again');
    },
  },
  pin_new_again: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.confirmPin),
    async handle(c, input) {
      if (!c.draft.currentPinOk || !c.draft.pinHash) return { kind: 'home' };
      if (!PIN.test(input)) return stay(c.m.pinFormat);
      if (!(await verifySecret(c.draft.pinHash, input))) return { kind: 'back', notice: c.m.pinMismatch };
      await changeUssdPin(c.ctx, { userId: c.user!.id, pinHash: c.draft.pinHash });
      return endWith(c.m.pinChanged);
    },
  },
  language: {
    render: (c, notice) => menu(c.m.chooseLanguage, c.m.languages, notice, c.m.nav),
    async handle(c, input) {
      const picked = choice(input, 2);
      if (!picked) return stay(c.m.invalidChoice);
      c.lang = picked === 1 ? 'en' : 'sw';
      c.m = USSD_MESSAGES[c.lang];
      await setUssdLanguage(c.ctx, { userId: c.user?.id ?? null, language: c.lang });
      return { kind: 'home', notice: c.m.languageSaved };
    },
  },
  help: {
    render: (c) => ask(c, undefined, c.m.help),
    handle: () => stay(),
  },

  // ── buy: a new escrow, then the M-Pesa prompt after the session ends ──
  buy_seller: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.sellerPhone),
    handle(c, input) {
      const phone = createTransactionBody.shape.seller_phone.safeParse(input);
      if (!phone.success) return stay(c.m.invalidPhone);
      c.draft.sellerPhone = phone.data;
      return push('buy_item');
    },
  },
  buy_item: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.itemName),
    handle(c, input) {
      const item = nameInput.safeParse(input);
      if (!item.success) return stay(c.m.invalidItem);
      c.draft.item = item.data;
      return push('buy_type');
    },
  },
  buy_type: {
    needsAccount: true,
    render: (c, notice) => menu(c.m.chooseType, c.m.types, notice, c.m.nav),
    handle(c, input) {
      const picked = choice(input, TYPES.length);
      if (!picked) return stay(c.m.invalidChoice);
      const type = TYPES[picked - 1]!;
      c.draft.type = type;
      return push(type === 'lipa_mdogo_mdogo' ? 'buy_total' : 'buy_amount');
    },
  },
  buy_amount: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.amount(rangeMin(), rangeMax())),
    handle(c, input) {
      const amount = shillingsInput(input, 'amount');
      if (amount === null) return stay(c.m.invalidAmount(rangeMin(), rangeMax()));
      c.draft.amount = String(amount);
      return push('buy_confirm');
    },
  },
  buy_total: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.totalCost(formatKes(MIN_PLAN_TOTAL_EXCLUSIVE).slice(4))),
    handle(c, input) {
      const total = shillingsInput(input, 'total_cost');
      if (total === null) return stay(c.m.invalidAmount(rangeMin(), rangeMax()));
      const violation = checkPlanRules({ total, deposit: minimumDeposit(total), months: DEFAULT_PLAN_TERM });
      if (violation?.rule === 'TOTAL_TOO_LOW') return stay(c.m.planTotalTooLow(kes(MIN_PLAN_TOTAL_EXCLUSIVE)));
      c.draft.total = String(total);
      return push('buy_deposit');
    },
  },
  buy_deposit: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.deposit(kes(minimumDeposit(BigInt(c.draft.total ?? '0'))).slice(4))),
    handle(c, input) {
      const total = BigInt(c.draft.total ?? '0');
      const deposit = shillingsInput(input, 'amount');
      if (deposit === null) return stay(c.m.invalidAmount(rangeMin(), rangeMax()));
      const violation = checkPlanRules({ total, deposit, months: DEFAULT_PLAN_TERM });
      if (violation?.rule === 'DEPOSIT_TOO_LOW') return stay(c.m.planDepositTooLow(kes(minimumDeposit(total))));
      if (violation?.rule === 'DEPOSIT_NOT_BELOW_TOTAL') return stay(c.m.planDepositTooHigh);
      c.draft.amount = String(deposit);
      return push('buy_term');
    },
  },
  buy_term: {
    needsAccount: true,
    render: (c, notice) => menu(c.m.term, PLAN_TERMS.map(c.m.months), notice, c.m.nav),
    handle(c, input) {
      const picked = choice(input, PLAN_TERMS.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.months = String(PLAN_TERMS[picked - 1]);
      return push('buy_confirm');
    },
  },
  buy_confirm: {
    needsAccount: true,
    render(c, notice) {
      const { m, draft } = c;
      if (notice) return ask(c, notice, m.enterPin);
      const type = draft.type as TransactionType;
      const amount = BigInt(draft.amount ?? '0');
      const item = clip(draft.item ?? '', 20);
      const seller = displayPhone(draft.sellerPhone ?? '');
      if (type === 'lipa_mdogo_mdogo') {
        const total = BigInt(draft.total ?? '0');
        const months = Number(draft.months ?? DEFAULT_PLAN_TERM);
        const plan = buildPlan({ total, deposit: amount, months });
        const fee = calculateFee(total, FEE_TYPE_FOR_TRANSACTION[type]).buyerShare;
        return ask(c, undefined, m.confirmPlan(item, seller, kes(total), kes(amount), months, kes(plan.monthly), kes(fee)), m.enterPin);
      }
      const fee = calculateFee(amount, FEE_TYPE_FOR_TRANSACTION[type]).buyerShare;
      return ask(c, undefined, m.confirmEscrow(item, seller, kes(amount), kes(fee)), m.enterPin);
    },
    handle(c, input) {
      return withPin(c, input, async () => {
        const { draft } = c;
        const type = draft.type as TransactionType;
        const txn = await createTransaction(c.ctx, {
          buyerId: c.user!.id,
          sellerPhone: draft.sellerPhone!,
          productName: draft.item!,
          transactionType: type,
          amount: BigInt(draft.amount!),
          ...(type === 'lipa_mdogo_mdogo' ? { totalCost: BigInt(draft.total!), installmentMonths: Number(draft.months) } : {}),
          channel: 'ussd',
        });
        const due = await nextPayment(c.ctx.db, txn);
        await queueUssdStkPush(c.ctx, { transactionId: txn.id, userId: c.user!.id });
        return endWith(c.m.created(txn.referenceNumber, kes(due.total)));
      });
    },
  },

  // ── my transactions, and a lookup by reference ──
  list: {
    needsAccount: true,
    async render(c, notice) {
      const { m } = c;
      const data = await listTransactions(c.ctx, { caller: callerOf(c), page: page(c), perPage: PAGE_SIZE });
      if (data.pagination.total_count === 0) {
        c.draft.ids = '';
        return ask(c, notice, m.noTransactions);
      }
      const { current_page: current, total_pages: pages } = data.pagination;
      c.draft.ids = data.transactions.map((t) => t.id).join(',');
      c.draft.more = current < pages ? '1' : '';
      const items = data.transactions.map(
        (t) => `${shortRef(t.reference_number)} ${clip(t.product_name, 9)} ${kesFromWire(t.amount).slice(4)} ${m.shortStatus[t.status]}`,
      );
      return lines(notice ?? m.myTransactions(current, pages), options(items), current < pages && m.more, m.nav);
    },
    handle(c, input) {
      const ids = (c.draft.ids ?? '').split(',').filter(Boolean);
      if (input === '9' && c.draft.more) {
        c.draft.page = String(page(c) + 1);
        return stay();
      }
      const picked = choice(input, ids.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.txnId = ids[picked - 1]!;
      return push('detail');
    },
  },
  detail: {
    needsAccount: true,
    render: (c) => transactionDetailText(c, c.draft.txnId ?? ''),
    handle: () => stay(),
  },
  find_ref: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.enterReference),
    async handle(c, input) {
      const reference = normalizeReference(input);
      const found = reference
        ? await c.ctx.db.transaction.findUnique({
            where: { referenceNumber: reference },
            select: { id: true, buyerId: true, sellerId: true },
          })
        : null;
      // Only the parties see a transaction; to anyone else it does not exist.
      if (!found || !partyRole(found, { userId: c.user!.id, role: 'buyer' })) return stay(c.m.notFound);
      c.draft.txnId = found.id;
      return push('detail');
    },
  },

  // ── actions on one transaction ──
  pick_release: pickScreen('release', 'confirm_release'),
  pick_dispatch: pickScreen('dispatch', 'confirm_dispatch'),
  pick_pay: pickScreen('pay', 'choose_rail'),
  // The payer's own network is offered first (domain/rail-choice.ts); either may be chosen.
  choose_rail: {
    needsAccount: true,
    render: (c, notice) =>
      menu(
        c.m.payWith,
        railsFor(c.phone).map((rail) => RAIL_DISPLAY_NAMES[rail]),
        notice,
        c.m.nav,
      ),
    handle(c, input) {
      const rails = railsFor(c.phone);
      const picked = choice(input, rails.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.rail = rails[picked - 1]!;
      return push('confirm_pay');
    },
  },
  pick_dispute: pickScreen('dispute', 'dispute_reason'),
  pick_withdraw: pickScreen('request_withdrawal', 'withdraw_reason'),
  pick_withdrawal: pickScreen('accept_withdrawal', 'withdrawal_answer'),
  disputes: {
    needsAccount: true,
    render: (c, notice) => menu(c.m.disputesTitle, c.m.disputesMenu, notice, c.m.nav),
    handle(c, input) {
      const targets: ScreenId[] = ['pick_dispute', 'pick_withdraw', 'pick_withdrawal'];
      const picked = choice(input, targets.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.page = '1';
      return push(targets[picked - 1]!);
    },
  },
  confirm_release: {
    needsAccount: true,
    async render(c, notice) {
      if (notice) return ask(c, notice, c.m.enterPin);
      const t = await selected(c);
      return ask(
        c,
        undefined,
        c.m.confirmRelease(kesFromWire(t.amount), clip(t.seller.display_name, 20), t.reference_number),
        c.m.enterPin,
      );
    },
    handle: (c, input) =>
      withPin(c, input, async () => {
        await releasePayment(c.ctx, { transactionId: c.draft.txnId!, caller: callerOf(c) });
        const t = await selected(c);
        return endWith(c.m.released(t.reference_number));
      }),
  },
  confirm_dispatch: {
    needsAccount: true,
    async render(c, notice) {
      if (notice) return ask(c, notice, c.m.enterPin);
      const t = await selected(c);
      return ask(c, undefined, c.m.confirmDispatch(clip(t.product_name, 30), t.reference_number), c.m.enterPin);
    },
    handle: (c, input) =>
      withPin(c, input, async () => {
        await dispatchTransaction(c.ctx, { transactionId: c.draft.txnId!, caller: callerOf(c), note: 'Marked dispatched over USSD' });
        const t = await selected(c);
        return endWith(c.m.dispatched(t.reference_number));
      }),
  },
  confirm_pay: {
    needsAccount: true,
    async render(c, notice) {
      if (notice) return ask(c, notice, c.m.enterPin);
      const due = await amountToPay(c);
      const t = await selected(c);
      return ask(c, undefined, c.m.confirmPay(kes(due), t.reference_number, clip(t.product_name, 20), chosenRailName(c)), c.m.enterPin);
    },
    handle: (c, input) =>
      withPin(c, input, async () => {
        const t = await selected(c);
        if (!t.allowed_actions.includes('pay')) return endWith(c.m.notAllowedNow(c.m.status[t.status]));
        const due = await amountToPay(c);
        await queueUssdStkPush(c.ctx, { transactionId: t.id, userId: c.user!.id, rail: chosenRail(c) });
        return endWith(c.m.payPrompt(kes(due), t.reference_number, chosenRailName(c)));
      }),
  },
  dispute_reason: {
    needsAccount: true,
    render: (c, notice) => menu(c.m.disputeReason, c.m.disputeReasons, notice, c.m.nav),
    handle(c, input) {
      const picked = choice(input, DISPUTE_REASONS.length);
      if (!picked) return stay(c.m.invalidChoice);
      const reason = DISPUTE_REASONS[picked - 1]!;
      c.draft.reason = reason;
      c.draft.reasonLabel = String(picked);
      if (reason === 'other') return push('dispute_text');
      c.draft.description = DISPUTE_DESCRIPTIONS[reason];
      return push('confirm_dispute');
    },
  },
  dispute_text: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.disputeDescribe),
    handle(c, input) {
      const text = disputeBody.shape.reason.safeParse(input);
      if (!text.success) return stay(c.m.invalidText);
      c.draft.description = `${text.data.slice(0, 500)} (reported over USSD)`;
      return push('confirm_dispute');
    },
  },
  confirm_dispute: {
    needsAccount: true,
    async render(c, notice) {
      if (notice) return ask(c, notice, c.m.enterPin);
      const t = await selected(c);
      const label = c.m.disputeReasons[Number(c.draft.reasonLabel ?? '4') - 1] ?? '';
      return ask(c, undefined, c.m.confirmDispute(t.reference_number, label), c.m.enterPin);
    },
    handle: (c, input) =>
      withPin(c, input, async () => {
        await openDispute(c.ctx, {
          transactionId: c.draft.txnId!,
          caller: callerOf(c),
          description: c.draft.description ?? DISPUTE_DESCRIPTIONS.other,
          reason: (c.draft.reason ?? 'other') as DisputeReason,
        });
        const t = await selected(c);
        return endWith(c.m.disputeOpened(t.reference_number));
      }),
  },

  // ── leaving a Lipa Mdogo Mdogo plan: the buyer asks, the seller answers ──
  withdraw_reason: {
    needsAccount: true,
    render: (c, notice) => ask(c, notice, c.m.withdrawReason),
    handle(c, input) {
      const reason = withdrawalRequestBody.shape.reason.safeParse(input);
      if (!reason.success) return stay(c.m.invalidText);
      c.draft.reason = reason.data;
      return push('confirm_withdraw');
    },
  },
  confirm_withdraw: {
    needsAccount: true,
    async render(c, notice) {
      if (notice) return ask(c, notice, c.m.enterPin);
      const t = await selected(c);
      return ask(c, undefined, c.m.confirmWithdraw(t.reference_number), c.m.enterPin);
    },
    handle: (c, input) =>
      withPin(c, input, async () => {
        await requestWithdrawal(c.ctx, {
          transactionId: c.draft.txnId!,
          caller: callerOf(c),
          reason: c.draft.reason ?? '',
        });
        const t = await selected(c);
        return endWith(c.m.withdrawRequested(t.reference_number));
      }),
  },
  withdrawal_answer: {
    needsAccount: true,
    async render(c, notice) {
      const t = await selected(c);
      const request = await c.ctx.db.withdrawalRequest.findFirst({
        where: { transactionId: t.id, status: 'pending' },
        orderBy: { createdAt: 'desc' },
        select: { reason: true },
      });
      return menu(c.m.withdrawalAsk(t.reference_number, clip(request?.reason ?? '', 50)), c.m.withdrawalOptions, notice, c.m.nav);
    },
    handle(c, input) {
      const picked = choice(input, 2);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.accept = picked === 1 ? '1' : '';
      return push('confirm_withdrawal_answer');
    },
  },
  confirm_withdrawal_answer: {
    needsAccount: true,
    async render(c, notice) {
      if (notice) return ask(c, notice, c.m.enterPin);
      const t = await selected(c);
      const question = c.draft.accept ? c.m.confirmAccept(t.reference_number) : c.m.confirmDecline(t.reference_number);
      return ask(c, undefined, question, c.m.enterPin);
    },
    handle: (c, input) =>
      withPin(c, input, async () => {
        const accept = c.draft.accept === '1';
        await respondToWithdrawal(c.ctx, { transactionId: c.draft.txnId!, caller: callerOf(c), accept });
        const t = await selected(c);
        return endWith(accept ? c.m.withdrawalAccepted(t.reference_number) : c.m.withdrawalDeclined(t.reference_number));
      }),
  },
};

export function screenOf(id: string): Screen {
  return Object.hasOwn(SCREENS, id) ? SCREENS[id as ScreenId] : SCREENS.home;
}

/** What the next STK push for the selected transaction asks: the engine's `nextPayment`. */
async function amountToPay(c: MenuContext): Promise<Cents> {
  const txn = await c.ctx.db.transaction.findUniqueOrThrow({
    where: { id: c.draft.txnId! },
    select: { id: true, transactionType: true, amountCents: true, paidCents: true, buyerFeeCents: true },
  });
  return (await nextPayment(c.ctx.db, txn)).total;
}
