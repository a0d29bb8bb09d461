/**
 * Pay: the buyer picks a transaction that is waiting for money (the whole price, or the next installment),
 * confirms with the PIN, and gets the M-Pesa prompt after the session ends (stk-push-job.ts).
 */
import { clip } from '../screen.ts';
import { queueUssdStkPush } from '../stk-push-job.ts';
import { amountToPay } from '../use-cases/read-for-menus.ts';
import { ask, endWith, kes, type ScreensOf, withPin } from './menu-kit.ts';
import { chosenTransaction, pickScreen } from './pick-transaction.ts';

export const payScreens: ScreensOf<'pick_pay' | 'confirm_pay'> = {
  pick_pay: pickScreen('pay', 'confirm_pay'),
  confirm_pay: {
    needsAccount: true,
    async render(c, data, notice) {
      if (notice) return ask(c, notice, c.m.enterPin);
      const due = await amountToPay(c.ctx, data.txnId);
      const t = await chosenTransaction(c, data);
      return ask(c, undefined, c.m.confirmPay(kes(due), t.reference_number, clip(t.product_name, 20)), c.m.enterPin);
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        const t = await chosenTransaction(c, data);
        if (!t.allowed_actions.includes('pay')) return endWith(c.m.notAllowedNow(c.m.status[t.status]));
        const due = await amountToPay(c.ctx, t.id);
        await queueUssdStkPush(c.ctx, { transactionId: t.id, userId: c.user!.id });
        return endWith(c.m.payPrompt(kes(due), t.reference_number));
      }),
  },
};
