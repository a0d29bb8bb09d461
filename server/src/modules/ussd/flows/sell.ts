/**
 * Sell: the seller's menu on a feature phone. Dispatch an order, enter the buyer's release code at
 * hand-over (the money is released at once: docs/product-rules.md "Release codes"), or create a payment
 * link to share (sent by SMS, since a USSD screen cannot be copied).
 */
import { createPaymentLinkBody } from '@escrow/core/contract/payment-links';
import { calculateFee, FEE_TYPE_FOR_TRANSACTION, MAX_CHARGEABLE, MIN_CHARGEABLE } from '@escrow/core/domain/fees';
import { type Cents, formatKes } from '@escrow/core/domain/money';
import { RELEASE_CODE_PATTERN } from '@escrow/core/domain/payment-link';
import { railNameForPhone } from '@escrow/core/domain/rail-choice';
import { createPaymentLink } from '../../payment-links/use-cases/create-payment-link.ts';
import { paymentLinkUrl } from '../../payment-links/queries/wire.ts';
import { ReleaseCodeRefused, releaseWithCode } from '../../release-codes/use-cases/release-with-code.ts';
import { clip } from '../screen.ts';
import type { ScreenId } from '../session-state.ts';
import {
  ask,
  callerOf,
  choice,
  endWith,
  kes,
  kesFromWire,
  menu,
  push,
  refusal,
  type ScreensOf,
  stay,
  withPin,
  askPin,
} from './menu-kit.ts';
import { chosenTransaction, pickScreen } from './pick-transaction.ts';

/** The sell menu's entries, in the order of `messages.sellMenu`. */
const SELL_MENU = ['pick_dispatch', 'pick_code_release', 'link_item'] as const satisfies readonly ScreenId[];

const itemName = createPaymentLinkBody.shape.product_name;
const price = createPaymentLinkBody.shape.amount;
const rangeMin = () => formatKes(MIN_CHARGEABLE).slice(4);
const rangeMax = () => formatKes(MAX_CHARGEABLE).slice(4);

export const sellScreens: ScreensOf<'sell' | 'pick_code_release' | 'enter_release_code' | 'link_item' | 'link_amount' | 'link_confirm'> = {
  sell: {
    needsAccount: true,
    render: (c, _data, notice) => menu(c.m.sellTitle, c.m.sellMenu, notice, c.m.nav),
    handle(c, _data, input) {
      const picked = choice(input, SELL_MENU.length);
      if (!picked) return stay(c.m.invalidChoice);
      const target = SELL_MENU[picked - 1]!;
      // create-payment-link's rule (a buyer account cannot sell), told before the item, price and PIN.
      if (target === 'link_item' && c.user!.userType === 'buyer') return endWith(c.m.sellerOnly);
      c.draft.page = 1;
      // Lists of the caller's transactions need the PIN once per session (as from the main menu).
      if (target !== 'link_item' && !c.session.pinProven) {
        c.draft.after = target;
        return push('unlock');
      }
      return push(target);
    },
  },
  pick_code_release: pickScreen('release_with_code', 'enter_release_code'),
  enter_release_code: {
    needsAccount: true,
    async render(c, data, notice) {
      const t = await chosenTransaction(c, data);
      return ask(c, notice, c.m.enterReleaseCode(t.reference_number, clip(t.product_name, 20), kesFromWire(t.amount)));
    },
    async handle(c, data, input) {
      if (!RELEASE_CODE_PATTERN.test(input)) return stay(c.m.releaseCodeFormat);
      try {
        // The PIN was proven this session before the list; the buyer's code is the confirmation.
        await releaseWithCode(c.ctx, { transactionId: data.txnId, caller: callerOf(c), code: input });
      } catch (error) {
        // A wrong code may be typed again (it counts); other refusals end the session.
        if (error instanceof ReleaseCodeRefused) {
          return error.codeRefusal === 'wrong' ? stay(c.m.wrongReleaseCode(error.attemptsLeft)) : endWith(c.m.releaseCodeUnusable);
        }
        return refusal(c, error);
      }
      const t = await chosenTransaction(c, data);
      // The caller is the seller, paid out on their own network's rail (payoutRail).
      return endWith(c.m.releasedWithCode(t.reference_number, railNameForPhone(c.phone)));
    },
  },
  link_item: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.itemName),
    handle(c, _data, input) {
      const item = itemName.safeParse(input);
      if (!item.success) return stay(c.m.invalidItem);
      c.draft.item = item.data;
      return push('link_amount');
    },
  },
  link_amount: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.amount(rangeMin(), rangeMax())),
    handle(c, _data, input) {
      const amount = /^\d{1,7}$/.test(input) ? price.safeParse(input) : null;
      if (!amount?.success) return stay(c.m.invalidAmount(rangeMin(), rangeMax()));
      c.draft.amount = amount.data.toString();
      return push('link_confirm');
    },
  },
  link_confirm: {
    needsAccount: true,
    render(c, data, notice) {
      const amount: Cents = BigInt(data.amount);
      const fee = calculateFee(amount, FEE_TYPE_FOR_TRANSACTION.standard);
      return askPin(c, notice, c.m.confirmLink(clip(data.item, 40), kes(amount), kes(fee.sellerShare)));
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        const link = await createPaymentLink(c.ctx, {
          sellerId: c.user!.id,
          productName: data.item,
          amount: BigInt(data.amount),
          transactionType: 'standard',
          channel: 'ussd',
        });
        return endWith(c.m.linkCreated(paymentLinkUrl(c.ctx.config.PUBLIC_BASE_URL, link.code)));
      }),
  },
};
