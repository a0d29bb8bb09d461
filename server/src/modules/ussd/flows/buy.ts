/** Buy: a new escrow (or Lipa Mdogo Mdogo plan) with a seller, then the M-Pesa prompt after the session ends. */
import { createTransactionBody } from '@escrow/core/contract/transactions';
import { calculateFee, FEE_TYPE_FOR_TRANSACTION, MAX_CHARGEABLE, MIN_CHARGEABLE } from '@escrow/core/domain/fees';
import {
  buildPlan,
  checkPlanRules,
  DEFAULT_PLAN_TERM,
  MIN_PLAN_TOTAL_EXCLUSIVE,
  minimumDeposit,
  PLAN_TERMS,
} from '@escrow/core/domain/installment-plan';
import { inspectionWindowHours, inspectionWindowWords } from '@escrow/core/domain/inspection-window';
import { type Cents, formatKes } from '@escrow/core/domain/money';
import { displayPhone } from '@escrow/core/domain/phone';
import { railNameForPhone } from '@escrow/core/domain/rail-choice';
import { TRANSACTION_TYPES, type TransactionType } from '@escrow/core/domain/transaction-state';
import { inspectionWindowSeconds } from '../../transactions/inspection-window.ts';
import { createTransaction } from '../../transactions/use-cases/create-transaction.ts';
import { clip } from '../screen.ts';
import { queueUssdStkPush } from '../stk-push-job.ts';
import { amountToPay } from '../use-cases/read-for-menus.ts';
import { ask, callerOf, choice, endWith, kes, menu, push, type ScreensOf, stay, withPin } from './menu-kit.ts';

const itemName = createTransactionBody.shape.product_name;

const AMOUNT_RULES = { amount: createTransactionBody.shape.amount, total_cost: createTransactionBody.shape.total_cost.unwrap() };

/** Whole shillings typed on a keypad, within the range the contract allows for `field`. */
function shillingsInput(input: string, field: keyof typeof AMOUNT_RULES): Cents | null {
  if (!/^\d{1,7}$/.test(input)) return null;
  const result = AMOUNT_RULES[field].safeParse(input);
  return result.success ? result.data : null;
}

/** Consecutive equal amounts grouped: [16,700 × 23, 15,899] → two runs. */
export function paymentRuns(amounts: readonly Cents[]): { count: number; amount: string }[] {
  const runs: { count: number; amount: Cents }[] = [];
  for (const amount of amounts) {
    const last = runs.at(-1);
    if (last?.amount === amount) last.count += 1;
    else runs.push({ count: 1, amount });
  }
  return runs.map((run) => ({ count: run.count, amount: kes(run.amount) }));
}

const rangeMin = () => formatKes(MIN_CHARGEABLE).slice(4);
const rangeMax = () => formatKes(MAX_CHARGEABLE).slice(4);

export const buyScreens: ScreensOf<
  'buy_seller' | 'buy_item' | 'buy_type' | 'buy_amount' | 'buy_total' | 'buy_deposit' | 'buy_term' | 'buy_confirm'
> = {
  buy_seller: {
    needsAccount: true,
    // A refusal notice already asks for the number again.
    render: (c, _data, notice) => (notice === c.m.selfSellerRetry ? ask(c, notice) : ask(c, notice, c.m.sellerPhone)),
    handle(c, _data, input) {
      const phone = createTransactionBody.shape.seller_phone.safeParse(input);
      if (!phone.success) return stay(c.m.invalidPhone);
      // The same rule as create-transaction's, told here so the caller can type another number at once.
      if (phone.data === c.phone) return stay(c.m.selfSellerRetry);
      c.draft.sellerPhone = phone.data;
      return push('buy_item');
    },
  },
  buy_item: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.itemName),
    handle(c, _data, input) {
      const item = itemName.safeParse(input);
      if (!item.success) return stay(c.m.invalidItem);
      c.draft.item = item.data;
      return push('buy_type');
    },
  },
  buy_type: {
    needsAccount: true,
    render(c, _data, notice) {
      // In the words the web and the Help page use for the same window (inspectionWindowWords).
      const window = (type: TransactionType) =>
        inspectionWindowWords(inspectionWindowHours(inspectionWindowSeconds(c.ctx.config, type)), c.lang);
      return menu(c.m.chooseType, c.m.types(window('standard'), window('protected')), notice, c.m.nav);
    },
    handle(c, _data, input) {
      const picked = choice(input, TRANSACTION_TYPES.length);
      if (!picked) return stay(c.m.invalidChoice);
      const type = TRANSACTION_TYPES[picked - 1]!;
      c.draft.type = type;
      return push(type === 'lipa_mdogo_mdogo' ? 'buy_total' : 'buy_amount');
    },
  },
  buy_amount: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.amount(rangeMin(), rangeMax())),
    handle(c, _data, input) {
      const amount = shillingsInput(input, 'amount');
      if (amount === null) return stay(c.m.invalidAmount(rangeMin(), rangeMax()));
      c.draft.amount = amount.toString();
      return push('buy_confirm');
    },
  },
  buy_total: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.totalCost(formatKes(MIN_PLAN_TOTAL_EXCLUSIVE).slice(4))),
    handle(c, _data, input) {
      const total = shillingsInput(input, 'total_cost');
      if (total === null) return stay(c.m.invalidAmount(rangeMin(), rangeMax()));
      const violation = checkPlanRules({ total, deposit: minimumDeposit(total), months: DEFAULT_PLAN_TERM });
      if (violation?.rule === 'TOTAL_TOO_LOW') return stay(c.m.planTotalTooLow(kes(MIN_PLAN_TOTAL_EXCLUSIVE)));
      c.draft.total = total.toString();
      return push('buy_deposit');
    },
  },
  buy_deposit: {
    needsAccount: true,
    render: (c, data, notice) => ask(c, notice, c.m.deposit(kes(minimumDeposit(BigInt(data.total))).slice(4))),
    handle(c, data, input) {
      const total = BigInt(data.total);
      const deposit = shillingsInput(input, 'amount');
      if (deposit === null) return stay(c.m.invalidAmount(rangeMin(), rangeMax()));
      const violation = checkPlanRules({ total, deposit, months: DEFAULT_PLAN_TERM });
      if (violation?.rule === 'DEPOSIT_TOO_LOW') return stay(c.m.planDepositTooLow(kes(minimumDeposit(total))));
      if (violation?.rule === 'DEPOSIT_NOT_BELOW_TOTAL') return stay(c.m.planDepositTooHigh);
      c.draft.amount = deposit.toString();
      return push('buy_term');
    },
  },
  buy_term: {
    needsAccount: true,
    render: (c, _data, notice) => menu(c.m.term, PLAN_TERMS.map(c.m.months), notice, c.m.nav),
    handle(c, _data, input) {
      const picked = choice(input, PLAN_TERMS.length);
      if (!picked) return stay(c.m.invalidChoice);
      c.draft.months = PLAN_TERMS[picked - 1]!;
      return push('buy_confirm');
    },
  },
  buy_confirm: {
    needsAccount: true,
    render(c, data, notice) {
      const { m } = c;
      if (notice) return ask(c, notice, m.enterPin);
      const amount = BigInt(data.amount);
      const seller = displayPhone(data.sellerPhone);
      if (data.type === 'lipa_mdogo_mdogo') {
        // The plan's lines are the longest (two amounts of six digits on one line): a shorter item name.
        const item = clip(data.item, 18);
        const total = BigInt(data.total ?? '0');
        const months = data.months ?? DEFAULT_PLAN_TERM;
        // The schedule the server will store (create-transaction.ts builds the same plan), not monthly × term.
        const { schedule } = buildPlan({ total, deposit: amount, months });
        const rest = m.payments(paymentRuns(schedule.slice(1).map((payment) => payment.amount)));
        const fee = calculateFee(total, FEE_TYPE_FOR_TRANSACTION[data.type]).buyerShare;
        return ask(c, undefined, m.confirmPlan(item, seller, kes(total), kes(amount), rest, kes(fee)), m.enterPin);
      }
      const item = clip(data.item, 20);
      const fee = calculateFee(amount, FEE_TYPE_FOR_TRANSACTION[data.type]).buyerShare;
      return ask(c, undefined, m.confirmEscrow(item, seller, kes(amount), kes(fee)), m.enterPin);
    },
    handle(c, data, input) {
      return withPin(c, input, async () => {
        const txn = await createTransaction(c.ctx, {
          buyerId: callerOf(c).userId,
          sellerPhone: data.sellerPhone,
          productName: data.item,
          transactionType: data.type,
          amount: BigInt(data.amount),
          ...(data.type === 'lipa_mdogo_mdogo' ? { totalCost: BigInt(data.total ?? '0'), installmentMonths: data.months } : {}),
          channel: 'ussd',
        });
        const due = await amountToPay(c.ctx, txn.id);
        await queueUssdStkPush(c.ctx, { transactionId: txn.id, userId: c.user!.id });
        // No rail was picked: the push goes by the phone's own network (stk-push-job.ts).
        return endWith(c.m.created(txn.referenceNumber, kes(due), railNameForPhone(c.phone)));
      });
    },
  },
};
