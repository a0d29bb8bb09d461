/**
 * Pay: the buyer picks a transaction that is waiting for money (the whole price, or the next installment),
 * picks the money rail (the phone's own network offered first), confirms with the PIN, and gets the
 * prompt after the session ends (stk-push-job.ts).
 */
import { RAIL_CHOICES, RAIL_DISPLAY_NAMES, railForPhone, type RailChoice } from '@escrow/core/domain/rail-choice';
import { clip } from '../screen.ts';
import { queueUssdStkPush } from '../stk-push-job.ts';
import { amountToPay, minutesUntilPromptSettles } from '../use-cases/read-for-menus.ts';
import { choice, endWith, kes, menu, push, type ScreensOf, stay, withPin, askPin } from './menu-kit.ts';
import { chosenTransaction, pickScreen } from './pick-transaction.ts';

/**
 * The rails to offer: every rail of RAIL_CHOICES (packages/core/src/domain/rail-choice.ts), the phone's own
 * network first, the others in that list's order; any may be chosen.
 */
const railsFor = (phone: string): RailChoice[] => {
  const own = railForPhone(phone);
  return [own, ...RAIL_CHOICES.filter((rail) => rail !== own)];
};

export const payScreens: ScreensOf<'pick_pay' | 'choose_rail' | 'confirm_pay'> = {
  pick_pay: pickScreen('pay', 'choose_rail'),
  choose_rail: {
    needsAccount: true,
    render: (c, _data, notice) =>
      menu(
        c.m.payWith,
        railsFor(c.phone).map((rail) => RAIL_DISPLAY_NAMES[rail]),
        notice,
        c.m.nav,
      ),
    async handle(c, data, input) {
      const rails = railsFor(c.phone);
      const picked = choice(input, rails.length);
      if (!picked) return stay(c.m.invalidChoice);
      // A prompt already on its way: no second one would be sent, so say so before the PIN.
      const waiting = await minutesUntilPromptSettles(c.ctx, data.txnId);
      if (waiting !== null) return endWith(c.m.promptWaiting(waiting));
      c.draft.rail = rails[picked - 1]!;
      return push('confirm_pay');
    },
  },
  confirm_pay: {
    needsAccount: true,
    async render(c, data, notice) {
      const due = await amountToPay(c.ctx, data.txnId);
      const t = await chosenTransaction(c, data);
      return askPin(c, notice, c.m.confirmPay(kes(due), t.reference_number, clip(t.product_name, 20), RAIL_DISPLAY_NAMES[data.rail]));
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        const t = await chosenTransaction(c, data);
        if (!t.allowed_actions.includes('pay')) return endWith(c.m.notAllowedNow(c.m.status[t.status]));
        const waiting = await minutesUntilPromptSettles(c.ctx, t.id);
        if (waiting !== null) return endWith(c.m.promptWaiting(waiting));
        const due = await amountToPay(c.ctx, t.id);
        await queueUssdStkPush(c.ctx, { transactionId: t.id, userId: c.user!.id, rail: data.rail });
        return endWith(c.m.payPrompt(kes(due), t.reference_number, RAIL_DISPLAY_NAMES[data.rail]));
      }),
  },
};
