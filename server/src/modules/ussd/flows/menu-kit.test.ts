import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../context.ts';
import { AppError, businessRule, invalidState } from '../../../lib/app-error.ts';
import { USSD_MESSAGES, type UssdLanguage } from '../messages.ts';
import { type MenuContext, refusal } from './menu-kit.ts';

function menuContext(lang: UssdLanguage): MenuContext {
  return {
    ctx: { now: () => new Date('2026-11-27T12:00:00Z') } as AppContext,
    sessionId: 'test',
    phone: '254712345678',
    origin: 'gateway',
    lang,
    m: USSD_MESSAGES[lang],
    user: { id: 'u', firstName: 'Grace', userType: 'buyer', hasPin: true, pinLockedUntil: null },
    draft: {},
    session: { pinProven: true, firstPinProof: null, codeSent: false, codeRetryAt: null },
  };
}

/** Refusals the flows' use-cases throw, as they throw them. */
const REFUSALS = [
  new AppError('PHONE_NOT_VERIFIED', 'Please verify your phone number before creating a transaction'),
  new AppError('RATE_LIMITED', 'Too many transactions created. Please try again later.', {
    retryAfter: 600,
    reason: 'too_many_transactions',
  }),
  new AppError('RATE_LIMITED', 'This phone has received too many invitations today. Please try again tomorrow.', {
    retryAfter: 600,
    reason: 'too_many_invitations',
  }),
  new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', { retryAfter: 60 }),
  invalidState("Answer the buyer's withdrawal request before dispatching", 'withdrawal_unanswered'),
  invalidState("Answer the buyer's withdrawal request before releasing", 'withdrawal_unanswered'),
  invalidState('A withdrawal request is already waiting for the seller', 'withdrawal_already_waiting'),
  invalidState('There is no withdrawal request waiting for an answer', 'no_withdrawal_waiting'),
  businessRule('You cannot create a transaction with yourself as the seller', 'seller_phone', 'seller_is_buyer'),
  businessRule('The inspection period ended on 27 Nov 2026, 14:00: disputes must be raised before it ends', undefined, 'inspection_over'),
  new AppError('FORBIDDEN', 'Only a seller account can create payment links', { reason: 'seller_account_only' }),
  new AppError('FORBIDDEN', 'The buyer cannot dispatch this transaction'),
  new AppError('UPSTREAM_UNAVAILABLE', 'M-Pesa is not reachable right now. Please try again in a moment.'),
  invalidState(
    "The time to answer the buyer's withdrawal request has passed: our mediators will review it",
    'withdrawal_unanswered_lapsed',
  ),
  invalidState('The seller did not answer your withdrawal request in time: our mediators will review it', 'withdrawal_waiting_lapsed'),
];

describe('USSD refusals', () => {
  it.each(REFUSALS.map((error) => [error.message, error] as const))(
    'speaks Kiswahili on Kiswahili screens: %s',
    async (_message, error) => {
      const outcome = await refusal(menuContext('sw'), error);
      expect(outcome.kind).toBe('end');
      const text = (outcome as { text: string }).text;
      // None of the server's English reaches the screen.
      expect(text).not.toContain(error.message.slice(0, 20));
      expect(text).not.toMatch(/\b(the|please|you|your|try)\b/i);
    },
  );

  it('names the right refusal, with the time to try again', async () => {
    const c = menuContext('en');
    const m = USSD_MESSAGES.en;
    const text = async (error: AppError) => ((await refusal(c, error)) as { text: string }).text;
    expect(await text(REFUSALS[0]!)).toBe(m.phoneNotVerified);
    expect(await text(REFUSALS[1]!)).toBe(m.tooManyTransactions('15:10'));
    expect(await text(REFUSALS[4]!)).toBe(m.answerWithdrawalFirst);
    expect(await text(REFUSALS[13]!)).toBe(m.withdrawalLapsedFirst);
    expect(await text(REFUSALS[14]!)).toBe(m.withdrawalWaitingLapsed);
    expect(await text(REFUSALS[10]!)).toBe(m.sellerOnly);
    // English screens keep the reason the menus have no words of their own for.
    expect(await text(REFUSALS[12]!)).toBe(m.refusedUnexplained(REFUSALS[12]!.message));
  });

  it("goes by the refusal's reason, not its words: a reworded message is still named", async () => {
    const c = menuContext('en');
    const m = USSD_MESSAGES.en;
    const text = async (error: AppError) => ((await refusal(c, error)) as { text: string }).text;
    expect(await text(invalidState('Reworded', 'withdrawal_already_waiting'))).toBe(m.withdrawalWaiting);
    expect(await text(businessRule('Reworded', undefined, 'inspection_over'))).toBe(m.inspectionOver);
    expect(await text(new AppError('RATE_LIMITED', 'Reworded', { retryAfter: 600, reason: 'too_many_invitations' }))).toBe(
      m.tooManyInvitations,
    );
    // The same words without a reason are not a known refusal.
    expect(await text(new AppError('FORBIDDEN', 'Only a seller account can create payment links'))).toBe(m.forbidden);
  });
});
