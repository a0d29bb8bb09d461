/** Disputes menu, and opening a dispute: a reason from the list (or in the caller's words), then the PIN. */
import { cutText } from '@escrow/core/domain/text';
import { disputeBody } from '@escrow/core/contract/transactions';
import { respondBody } from '@escrow/core/contract/disputes';
import { respondToDispute } from '../../disputes/use-cases/respond-to-dispute.ts';
import { openDispute } from '../../transactions/use-cases/open-dispute.ts';
import { clip } from '../screen.ts';
import { type ScreenId, USSD_DISPUTE_REASONS } from '../session-state.ts';
import { askPin, callerOf, choice, endWith, menu, push, type ScreensOf, stay, textScreen, withPin } from './menu-kit.ts';
import { chosenTransaction, pickScreen } from './pick-transaction.ts';

/** The disputes menu's entries, in the order of `messages.disputesMenu`. */
const DISPUTES_MENU: readonly ScreenId[] = ['pick_dispute', 'pick_withdraw', 'pick_withdrawal', 'pick_respond'];

export const disputeScreens: ScreensOf<
  'disputes' | 'pick_dispute' | 'dispute_reason' | 'dispute_text' | 'confirm_dispute' | 'pick_respond' | 'respond_text' | 'confirm_respond'
> = {
  disputes: {
    needsAccount: true,
    render: (c, _data, notice) => menu(c.m.disputesTitle, c.m.disputesMenu, notice, c.m.nav),
    handle(c, _data, input) {
      const picked = choice(input, DISPUTES_MENU.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.page = 1;
      return push(DISPUTES_MENU[picked - 1]!);
    },
  },
  pick_dispute: pickScreen('dispute', 'dispute_reason'),
  dispute_reason: {
    needsAccount: true,
    render: (c, _data, notice) => menu(c.m.disputeReason, c.m.disputeReasons, notice, c.m.nav),
    handle(c, _data, input) {
      const picked = choice(input, USSD_DISPUTE_REASONS.length);
      if (!picked) return stay(c.m.invalidChoice);
      const reason = USSD_DISPUTE_REASONS[picked - 1]!;
      c.draft.disputeReason = reason;
      if (reason === 'other') return push('dispute_text');
      // No words are made up for the caller: the dispute keeps its type, which each reader (the other
      // party's SMS and page, the mediators) sees in their own language.
      delete c.draft.description;
      return push('confirm_dispute');
    },
  },
  dispute_text: textScreen({
    prompt: (m) => m.disputeDescribe,
    field: disputeBody.shape.reason,
    keep: (draft, text) => {
      draft.description = cutText(text, 500);
    },
    next: 'confirm_dispute',
  }),
  confirm_dispute: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      // "Other": the caller's own words, not the menu's "Other".
      const label =
        data.disputeReason === 'other' && data.description
          ? clip(data.description, 40)
          : (c.m.disputeReasons[USSD_DISPUTE_REASONS.indexOf(data.disputeReason)] ?? '');
      return askPin(c, notice, c.m.confirmDispute(t.reference_number, label));
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        await openDispute(c.ctx, {
          transactionId: data.txnId,
          caller: callerOf(c),
          // The caller's own words only for "Other"; a picked reason is stored as its type alone.
          ...(data.disputeReason === 'other' && data.description ? { description: data.description } : {}),
          reason: data.disputeReason,
        });
        const t = await chosenTransaction(c, data);
        return endWith(c.m.disputeOpened(t.reference_number));
      }),
  },
  // The other party answers: their side, for the mediators (the web's dispute card does the same).
  pick_respond: pickScreen('respond', 'respond_text'),
  respond_text: textScreen({
    prompt: (m) => m.respondDescribe,
    field: respondBody.shape.response,
    keep: (draft, text) => {
      draft.response = text;
    },
    next: 'confirm_respond',
  }),
  confirm_respond: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      return askPin(c, notice, c.m.confirmRespond(t.reference_number, clip(data.response, 60)));
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        await respondToDispute(c.ctx, { transactionId: data.txnId, caller: callerOf(c), response: data.response });
        const t = await chosenTransaction(c, data);
        return endWith(c.m.responded(t.reference_number));
      }),
  },
};
