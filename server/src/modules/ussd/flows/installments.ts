/** Leaving a Lipa Mdogo Mdogo plan: the buyer asks (with a reason), the seller accepts or declines. */
import { withdrawalRequestBody } from '@escrow/core/contract/disputes';
import { isWithdrawalOverdue } from '@escrow/core/domain/transaction-state';
import { requestWithdrawal } from '../../transactions/use-cases/request-withdrawal.ts';
import { respondToWithdrawal } from '../../transactions/use-cases/respond-to-withdrawal.ts';
import { formatSmsDate, smsDateTime } from '../../notifications/templates.ts';
import { clip } from '../screen.ts';
import { pendingWithdrawal, withdrawalMoney } from '../use-cases/read-for-menus.ts';
import {
  askPin,
  callerOf,
  choice,
  endWith,
  kes,
  menu,
  type MenuContext,
  push,
  type ScreensOf,
  stay,
  textScreen,
  withPin,
} from './menu-kit.ts';
import { chosenTransaction, pickScreen } from './pick-transaction.ts';

/** What comes back to the buyer and the fee kept, formatted (null fee when none was paid). */
async function moneyBack(c: MenuContext, transactionId: string): Promise<[string, string | null]> {
  const { refund, feeKept } = await withdrawalMoney(c.ctx, transactionId);
  return [kes(refund), feeKept > 0n ? kes(feeKept) : null];
}

/**
 * The seller's question: the plan, by when to answer (the SMS's date, in the same words) and the buyer's
 * reason, cut so that the screen with its options fits at the longest (screen-lengths.test.ts).
 */
export function withdrawalAskScreen(c: Pick<MenuContext, 'm' | 'lang'>, ref: string, reason: string, respondBy: Date, notice?: string) {
  const by = formatSmsDate(smsDateTime(respondBy), c.lang);
  return menu(c.m.withdrawalAsk(ref, clip(reason, 26), by), c.m.withdrawalOptions, notice, c.m.nav);
}

export const installmentScreens: ScreensOf<
  'pick_withdraw' | 'withdraw_reason' | 'confirm_withdraw' | 'pick_withdrawal' | 'withdrawal_answer' | 'confirm_withdrawal_answer'
> = {
  pick_withdraw: pickScreen('request_withdrawal', 'withdraw_reason'),
  withdraw_reason: textScreen({
    prompt: (m) => m.withdrawReason,
    field: withdrawalRequestBody.shape.reason,
    keep: (draft, text) => {
      draft.withdrawalReason = text;
    },
    next: 'confirm_withdraw',
  }),
  confirm_withdraw: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      return askPin(c, notice, c.m.confirmWithdraw(t.reference_number, ...(await moneyBack(c, t.id))));
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        await requestWithdrawal(c.ctx, { transactionId: data.txnId, caller: callerOf(c), reason: data.withdrawalReason });
        const t = await chosenTransaction(c, data);
        return endWith(c.m.withdrawRequested(t.reference_number));
      }),
  },
  pick_withdrawal: pickScreen('accept_withdrawal', 'withdrawal_answer'),
  withdrawal_answer: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      const request = await pendingWithdrawal(c.ctx, t.id);
      if (!request) return { end: c.m.nothingTo.accept_withdrawal };
      // Its respond-by passed since the list was shown: the answer would be refused (respond-to-withdrawal.ts).
      if (isWithdrawalOverdue(request.respondBy, c.ctx.now())) return { end: c.m.withdrawalsPastAnswer(t.reference_number) };
      return withdrawalAskScreen(c, t.reference_number, request.reason, request.respondBy, notice);
    },
    handle(c, _data, input) {
      const picked = choice(input, 2);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.accept = picked === 1;
      return push('confirm_withdrawal_answer');
    },
  },
  confirm_withdrawal_answer: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      const request = await pendingWithdrawal(c.ctx, t.id);
      if (request && isWithdrawalOverdue(request.respondBy, c.ctx.now())) return { end: c.m.withdrawalsPastAnswer(t.reference_number) };
      const question = data.accept
        ? c.m.confirmAccept(t.reference_number, ...(await moneyBack(c, t.id)))
        : c.m.confirmDecline(t.reference_number);
      return askPin(c, notice, question);
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        await respondToWithdrawal(c.ctx, { transactionId: data.txnId, caller: callerOf(c), accept: data.accept });
        const t = await chosenTransaction(c, data);
        if (!data.accept) return endWith(c.m.withdrawalDeclined(t.reference_number));
        return endWith(c.m.withdrawalAccepted(t.reference_number, ...(await moneyBack(c, t.id))));
      }),
  },
};
