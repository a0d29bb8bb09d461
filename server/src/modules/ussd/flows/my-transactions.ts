/** My transactions (a paged list, then one in detail) and a lookup by reference. */
import { isInstallmentOverdue, isInstallmentOwed, isPlanRunning, type InstallmentStatus } from '@escrow/core/domain/installment-plan';
import { displayPhone } from '@escrow/core/domain/phone';
import { type PayoutStatus, payoutProgress } from '@escrow/core/domain/payout-progress';
import type { TransactionStatus } from '@escrow/core/domain/transaction-state';
import { getTransactionDetail, listTransactions } from '../../transactions/use-cases/read-transactions.ts';
import { normalizeReference } from '../keypad-input.ts';
import { clip, options } from '../screen.ts';
import { partyTransactionIdByReference } from '../use-cases/read-for-menus.ts';
import type { UssdLanguage, UssdMessages } from '../messages.ts';
import { formatSmsDate, smsDate } from '../../notifications/templates.ts';
import { mayResendReleaseCode } from '../../release-codes/use-cases/read-release-code.ts';
import { resendReleaseCode } from '../../release-codes/use-cases/resend-release-code.ts';
import {
  ask,
  askPin,
  callerOf,
  endWith,
  kesFromWire,
  lines,
  type MenuContext,
  push,
  type ScreensOf,
  shortRef,
  stay,
  withPin,
} from './menu-kit.ts';
import { PAGE_SIZE, pageOf, pickFromList } from './pick-transaction.ts';

/**
 * A transaction's status in the caller's words. `sellerPayout`: the status of the seller payout when the
 * caller is the seller; a completed sale is said to them as not yet paid while it is on its way or after
 * the rail refused it (payoutProgress).
 */
export function statusWords(
  m: UssdMessages,
  status: TransactionStatus,
  sellerPayout: PayoutStatus | null | undefined,
  length: 'short' | 'long',
): string {
  const progress = status === 'completed' ? payoutProgress(sellerPayout) : 'settled';
  if (progress !== 'settled') return (length === 'short' ? m.sellerPayoutShortStatus : m.sellerPayoutStatus)[progress];
  return (length === 'short' ? m.shortStatus : m.status)[status];
}

/** One line of My transactions: short reference, item, price in shillings, status. */
export const transactionLine = (m: UssdMessages, t: { reference_number: string; product_name: string; amount: string }, status: string) =>
  `${shortRef(t.reference_number)} ${clip(t.product_name, 9)} ${kesFromWire(t.amount).slice(4)} ${status}`;

/** Whether the caller, reading this transaction, may get a new release code (as the web's `can_resend`). */
const offersNewReleaseCode = (t: { my_role: string; status: string }) => mayResendReleaseCode(t.my_role, t.status);

/** What the detail screen reads of a transaction (getTransactionDetail's answer). */
export interface DetailView {
  transaction: {
    reference_number: string;
    product_name: string;
    amount: string;
    status: TransactionStatus;
    transaction_type: string;
    my_role: string;
    amount_paid: string;
    amount_due: string;
    quote: { next_payment: string | null };
    buyer: { display_name: string; phone_number: string };
    seller: { display_name: string; phone_number: string };
  };
  seller_payout: { status: PayoutStatus } | null;
  installments?: { due_date: string; status: InstallmentStatus }[];
}

/**
 * A plan still being paid: its next installment, the amount the next prompt asks for (quote.next_payment),
 * with its date, or said overdue once it is (core's isInstallmentOverdue, as the installment SMS). Before the
 * first payment there is no date: that payment starts the schedule.
 */
function nextInstallmentLine(m: UssdMessages, lang: UssdLanguage, view: DetailView, now: Date): string | undefined {
  const { transaction: t } = view;
  if (!t.quote.next_payment) return undefined;
  const amount = kesFromWire(t.quote.next_payment);
  if (t.status === 'pending') return m.firstInstallment(amount);
  const next = view.installments?.find(isInstallmentOwed);
  if (!next) return undefined;
  const dueDate = new Date(next.due_date);
  const date = formatSmsDate(smsDate(dueDate), lang);
  return isInstallmentOverdue({ status: next.status, dueDate }, now, { planRunning: isPlanRunning(t.status) })
    ? m.overdueInstallment(amount, date)
    : m.nextInstallment(amount, date);
}

/**
 * The detail screen. A plan still being paid has two more lines (paid and left, then the next installment):
 * its item, status and other party are said shorter to keep the screen within its 182 characters.
 */
export function detailScreen(m: UssdMessages, lang: UssdLanguage, view: DetailView, now: Date): string {
  const { transaction: t, seller_payout: payout } = view;
  const other = t.my_role === 'seller' ? ('buyer' as const) : ('seller' as const);
  const party = other === 'buyer' ? t.buyer : t.seller;
  const isOwing = t.status === 'pending' || t.status === 'installment';
  const isPlan = isOwing && t.transaction_type === 'lipa_mdogo_mdogo';
  return lines(
    m.detail(
      t.reference_number,
      clip(t.product_name, isPlan ? 16 : 24),
      kesFromWire(t.amount),
      statusWords(m, t.status, t.my_role === 'seller' ? payout?.status : null, isPlan ? 'short' : 'long'),
    ),
    isOwing && m.paidLeft(kesFromWire(t.amount_paid), kesFromWire(t.amount_due)),
    isPlan && nextInstallmentLine(m, lang, view, now),
    m.otherParty(other, `${clip(party.display_name, isPlan ? 12 : 20)} ${displayPhone(party.phone_number)}`),
    offersNewReleaseCode(t) && options([m.newReleaseCodeOption]),
    m.nav,
  );
}

async function transactionDetailText(c: MenuContext, transactionId: string): Promise<string> {
  const view = await getTransactionDetail(c.ctx, { transactionId, caller: callerOf(c) });
  return detailScreen(c.m, c.lang, view, c.ctx.now());
}

export const myTransactionsScreens: ScreensOf<'list' | 'detail' | 'find_ref' | 'confirm_new_code'> = {
  list: {
    needsAccount: true,
    async render(c, data, notice) {
      const { m } = c;
      const list = await listTransactions(c.ctx, { caller: callerOf(c), page: pageOf(data), perPage: PAGE_SIZE });
      if (list.pagination.total_count === 0) {
        c.draft.ids = [];
        return ask(c, notice, m.noTransactions);
      }
      const { current_page: current, total_pages: pages } = list.pagination;
      c.draft.ids = list.transactions.map((t) => t.id);
      c.draft.hasMore = current < pages;
      // A payout is said only to the seller of the sale: the caller (the account of this phone) is its seller.
      const items = list.transactions.map((t) =>
        transactionLine(m, t, statusWords(m, t.status, t.seller.phone_number === c.phone ? t.seller_payout_status : null, 'short')),
      );
      return lines(notice ?? m.myTransactions(current, pages), options(items), current < pages && m.more, m.nav);
    },
    handle: (c, data, input) => pickFromList(c, data, input, 'detail'),
  },
  detail: {
    needsAccount: true,
    render: (c, data) => transactionDetailText(c, data.txnId),
    async handle(c, data, input) {
      if (input !== '1') return stay();
      const { transaction: t } = await getTransactionDetail(c.ctx, { transactionId: data.txnId, caller: callerOf(c) });
      return offersNewReleaseCode(t) ? push('confirm_new_code') : stay();
    },
  },
  /** The buyer's new release code, as on the web (resendReleaseCode: the same limit, texted by SMS). */
  confirm_new_code: {
    needsAccount: true,
    async render(c, data, notice) {
      const { transaction: t } = await getTransactionDetail(c.ctx, { transactionId: data.txnId, caller: callerOf(c) });
      return askPin(c, notice, c.m.confirmNewReleaseCode(t.reference_number));
    },
    handle: (c, data, input) =>
      withPin(c, input, async () => {
        await resendReleaseCode(c.ctx, { transactionId: data.txnId, caller: callerOf(c) });
        const { transaction: t } = await getTransactionDetail(c.ctx, { transactionId: data.txnId, caller: callerOf(c) });
        return endWith(c.m.newReleaseCodeSent(t.reference_number));
      }),
  },
  find_ref: {
    needsAccount: true,
    render: (c, _data, notice) => ask(c, notice, c.m.enterReference),
    async handle(c, _data, input) {
      const reference = normalizeReference(input);
      const transactionId = reference ? await partyTransactionIdByReference(c.ctx, reference, c.user!.id) : null;
      if (!transactionId) return stay(c.m.notFound);
      c.draft.txnId = transactionId;
      return push('detail');
    },
  },
};
