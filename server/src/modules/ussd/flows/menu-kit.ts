/**
 * What every flow's screens share: the context a screen sees, the outcomes it returns, the screen shape,
 * and small builders for menus, prompts and PIN-confirmed steps. Screens only gather input and call the
 * same use-cases as the REST API; fees, states, plan rules and access are decided there (or in domain/),
 * and their errors are mapped to short closing screens here.
 */
import type { ZodType } from 'zod';
import { USSD_SCREEN_MAX } from '@escrow/core/contract/ussd';
import type { AppContext } from '../../../context.ts';
import { type Cents, formatKes, parseAmount } from '@escrow/core/domain/money';
import { AppError, type RefusalReason } from '../../../lib/app-error.ts';
import type { Role } from '../../../plugins/auth.ts';
import type { UssdLanguage, UssdMessages } from '../messages.ts';
import { clip, options } from '../screen.ts';
import type { ScreenData, ScreenId, SessionDraft } from '../session-state.ts';
import type { FirstPinProof } from '../use-cases/prove-first-pin.ts';
import { transactionStatus } from '../use-cases/read-for-menus.ts';
import { displayTime, verifyUssdPin } from '../use-cases/verify-ussd-pin.ts';

/**
 * Who speaks for the phone number: the gateway (the mobile network vouches for it; the callback URL
 * carries the shared secret) or the demo simulator (anyone may type any number, nobody vouches).
 */
export type UssdOrigin = 'gateway' | 'simulator';

export interface UssdUser {
  id: string;
  firstName: string;
  userType: Role;
  hasPin: boolean;
  /** Until when wrong PINs locked the PIN (null when it is not locked). */
  pinLockedUntil: Date | null;
}

export interface MenuContext {
  ctx: AppContext;
  sessionId: string;
  phone: string;
  origin: UssdOrigin;
  lang: UssdLanguage;
  m: UssdMessages;
  user: UssdUser | null;
  /** Inputs gathered so far; a screen adds what it asked for before it pushes the next one. */
  draft: SessionDraft;
  /** What this session has proven so far (kept until the session ends; `00` does not forget it). */
  session: {
    pinProven: boolean;
    firstPinProof: FirstPinProof | null;
    /** A first-PIN code was asked for in this session; `codeRetryAt` (ISO) when its sending was refused. */
    codeSent: boolean;
    codeRetryAt: string | null;
  };
}

export type Outcome =
  | { kind: 'push'; screen: ScreenId }
  /** Shows `screen` in place of the current one (`0` then skips it). */
  | { kind: 'replace'; screen: ScreenId }
  | { kind: 'stay'; notice?: string }
  | { kind: 'back'; notice?: string }
  | { kind: 'home'; notice?: string }
  | { kind: 'end'; text: string };

/** The words of a screen, or `{ end }` when there is nothing the caller could answer and the session ends. */
export type Rendered = string | { end: string };

/** One screen: `render` (the words shown) and `handle` (what the user's answer does). */
export interface Screen<K extends ScreenId> {
  /** Screens past registration: without an account (and PIN) the user is sent home. */
  needsAccount?: boolean;
  render(c: MenuContext, data: ScreenData<K>, notice?: string): Promise<Rendered> | Rendered;
  handle(c: MenuContext, data: ScreenData<K>, input: string): Promise<Outcome> | Outcome;
}

/** A flow's screens, each typed with the fields it needs (session-state.ts). */
export type ScreensOf<K extends ScreenId> = { [P in K]: Screen<P> };

export const push = (screen: ScreenId): Outcome => ({ kind: 'push', screen });
export const stay = (notice?: string): Outcome => ({ kind: 'stay', notice });
export const goBack = (notice?: string): Outcome => ({ kind: 'back', notice });
export const goHome = (notice?: string): Outcome => ({ kind: 'home', notice });
export const endWith = (text: string): Outcome => ({ kind: 'end', text });

export const lines = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).join('\n');
/** A menu: the notice (an error) takes the title's place so the screen keeps its size. */
export const menu = (title: string, items: readonly string[], notice?: string, nav?: string) => lines(notice ?? title, options(items), nav);
/** An input prompt with the navigation line. */
export const ask = (c: MenuContext, notice: string | undefined, ...text: string[]) => lines(notice, ...text, c.m.nav);
/**
 * A summary to confirm with the PIN. After a refusal (a wrong PIN) the notice leads and the summary
 * stays, so the caller still sees what they are confirming, when the screen has room for both.
 */
export function askPin(c: MenuContext, notice: string | undefined, summary: string): string {
  const whole = ask(c, notice, summary, c.m.enterPin);
  return !notice || whole.length <= USSD_SCREEN_MAX ? whole : ask(c, notice, c.m.enterPin);
}

/**
 * A screen for the caller's own words: `prompt` asks, the contract's `field` checks what was typed (the same
 * rule as the REST body, so a USSD text is never one the API would refuse), `keep` stores it in the draft,
 * and `next` (the PIN confirmation) is shown; text the field refuses asks again.
 */
export function textScreen<K extends ScreenId>(spec: {
  prompt: (m: UssdMessages) => string;
  field: ZodType<string, string>;
  keep: (draft: SessionDraft, text: string) => void;
  next: ScreenId;
}): Screen<K> {
  return {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, spec.prompt(c.m)),
    handle(c, _data, input) {
      const text = spec.field.safeParse(input);
      if (!text.success) return stay(c.m.invalidText);
      spec.keep(c.draft, text.data);
      return push(spec.next);
    },
  };
}

/** The option number typed, if it is one of 1..count. */
export function choice(input: string, count: number): number | null {
  if (!/^\d{1,2}$/.test(input)) return null;
  const picked = Number(input);
  return picked >= 1 && picked <= count ? picked : null;
}

export const PIN = /^\d{4}$/;

export const callerOf = (c: MenuContext) => ({ userId: c.user!.id, role: c.user!.userType });
export const kes = (cents: Cents) => formatKes(cents);
/** "65000.00" (wire) → "KES 65,000". */
export const kesFromWire = (amount: string) => formatKes(parseAmount(amount) ?? 0n);
/** References on crowded lines: ESC-7KQ2-9HDX → 7KQ2-9HDX (lookups accept either). */
export const shortRef = (reference: string) => reference.replace(/^ESC-/, '');

/** The menus' words for each named refusal (lib/app-error.ts): a new reason does not compile without them. */
const REFUSAL_WORDS: Record<RefusalReason, (m: UssdMessages, until: () => string) => string> = {
  too_many_transactions: (m, until) => m.tooManyTransactions(until()),
  too_many_invitations: (m) => m.tooManyInvitations,
  withdrawal_unanswered: (m) => m.answerWithdrawalFirst,
  withdrawal_unanswered_lapsed: (m) => m.withdrawalLapsedFirst,
  withdrawal_already_waiting: (m) => m.withdrawalWaiting,
  withdrawal_waiting_lapsed: (m) => m.withdrawalWaitingLapsed,
  no_withdrawal_waiting: (m) => m.nothingTo.accept_withdrawal,
  withdrawal_answer_too_late: (m) => m.withdrawalAnswerTooLate,
  inspection_over: (m) => m.inspectionOver,
  seller_account_only: (m) => m.sellerOnly,
  seller_is_buyer: (m) => m.selfSeller,
};

/**
 * The words for the refusals a USSD caller can meet in the use-cases the flows call, found by the refusal's
 * reason, else by its code; null for any other.
 */
function knownRefusal(c: MenuContext, error: AppError): string | null {
  const { m } = c;
  const until = () => displayTime(new Date(c.ctx.now().getTime() + (error.retryAfter ?? 60) * 1000));
  if (error.reason) return REFUSAL_WORDS[error.reason](m, until);
  switch (error.code) {
    case 'PHONE_NOT_VERIFIED':
      return m.phoneNotVerified;
    case 'RATE_LIMITED':
      return m.tooManyTries(until());
    case 'FORBIDDEN':
      return m.forbidden;
    default:
      return null;
  }
}

/** Maps a use-case's refusal to a closing screen; anything that is not an AppError is a bug and propagates. */
export async function refusal(c: MenuContext, error: unknown): Promise<Outcome> {
  if (!(error instanceof AppError)) throw error;
  const { m } = c;
  const known = knownRefusal(c, error);
  if (known) return endWith(known);
  switch (error.code) {
    case 'NOT_FOUND':
      return endWith(m.notFound);
    case 'INVALID_STATE': {
      const status = c.draft.txnId ? await transactionStatus(c.ctx, c.draft.txnId) : null;
      return endWith(status ? m.notAllowedNow(m.status[status]) : m.refusedUnexplained(clip(error.message, 150)));
    }
    case 'ACCOUNT_SUSPENDED':
      return endWith(m.suspended);
    case 'ALREADY_EXISTS':
      return endWith(m.alreadyRegistered);
    default:
      // The server's reasons are English: Kiswahili screens get a sentence of their own instead.
      return endWith(m.refusedUnexplained(clip(error.message, 150)));
  }
}

/** Checks the PIN typed on a confirmation screen; null when it is right, else the screen to show. */
export async function pinRefusal(c: MenuContext, input: string): Promise<Outcome | null> {
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
export async function withPin(c: MenuContext, input: string, run: () => Promise<Outcome>): Promise<Outcome> {
  const refused = await pinRefusal(c, input);
  if (refused) return refused;
  try {
    return await run();
  } catch (error) {
    return refusal(c, error);
  }
}
