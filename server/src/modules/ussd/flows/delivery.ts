/** The buyer confirms delivery (releasing the payment); the seller marks an order dispatched. */
import { dispatchTransaction } from '../../transactions/use-cases/dispatch-transaction.ts';
import { releasePayment } from '../../transactions/use-cases/release-payment.ts';
import { formatSmsDate, smsDateTime } from '../../notifications/templates.ts';
import { clip } from '../screen.ts';
import { callerOf, endWith, kesFromWire, type ScreensOf, withPin, askPin } from './menu-kit.ts';
import { chosenTransaction, pickScreen } from './pick-transaction.ts';

export const deliveryScreens: ScreensOf<'pick_release' | 'confirm_release' | 'pick_dispatch' | 'confirm_dispatch'> = {
  pick_release: pickScreen('release', 'confirm_release'),
  confirm_release: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      return askPin(
        c,
        notice,
        c.m.confirmRelease(
          kesFromWire(t.amount),
          clip(t.seller.display_name, 20),
          t.reference_number,
          kesFromWire(t.quote.seller_receives),
        ),
      );
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        await releasePayment(c.ctx, { transactionId: data.txnId, caller: callerOf(c) });
        const t = await chosenTransaction(c, data);
        return endWith(c.m.released(t.reference_number));
      }),
  },
  pick_dispatch: pickScreen('dispatch', 'confirm_dispatch'),
  confirm_dispatch: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      return askPin(c, notice, c.m.confirmDispatch(clip(t.product_name, 30), t.reference_number));
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        await dispatchTransaction(c.ctx, { transactionId: data.txnId, caller: callerOf(c) });
        const t = await chosenTransaction(c, data);
        // A dispatched order always has its inspection deadline (dispatch-transaction.ts sets it).
        const paidBy = formatSmsDate(smsDateTime(new Date(t.inspection_ends_at!)), c.lang);
        return endWith(c.m.dispatched(t.reference_number, paidBy));
      }),
  },
};
