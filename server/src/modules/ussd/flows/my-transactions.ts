/** My transactions (a paged list, then one in detail) and a lookup by reference. */
import { displayPhone } from '@escrow/core/domain/phone';
import { getTransactionDetail, listTransactions } from '../../transactions/use-cases/read-transactions.ts';
import { normalizeReference } from '../keypad-input.ts';
import { clip, options } from '../screen.ts';
import { partyTransactionIdByReference } from '../use-cases/read-for-menus.ts';
import { ask, callerOf, kesFromWire, lines, type MenuContext, push, type ScreensOf, shortRef, stay } from './menu-kit.ts';
import { PAGE_SIZE, pageOf, pickFromList } from './pick-transaction.ts';

async function transactionDetailText(c: MenuContext, transactionId: string): Promise<string> {
  const { m } = c;
  const { transaction: t } = await getTransactionDetail(c.ctx, { transactionId, caller: callerOf(c) });
  const other = t.my_role === 'seller' ? ('buyer' as const) : ('seller' as const);
  const party = other === 'buyer' ? t.buyer : t.seller;
  const isOwing = t.status === 'pending' || t.status === 'installment';
  return lines(
    m.detail(t.reference_number, clip(t.product_name, 24), kesFromWire(t.amount), m.status[t.status]),
    isOwing && m.paidDue(kesFromWire(t.amount_paid), kesFromWire(t.amount_due)),
    m.otherParty(other, `${clip(party.display_name, 20)} ${displayPhone(party.phone_number)}`),
    m.nav,
  );
}

export const myTransactionsScreens: ScreensOf<'list' | 'detail' | 'find_ref'> = {
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
      const items = list.transactions.map(
        (t) => `${shortRef(t.reference_number)} ${clip(t.product_name, 9)} ${kesFromWire(t.amount).slice(4)} ${m.shortStatus[t.status]}`,
      );
      return lines(notice ?? m.myTransactions(current, pages), options(items), current < pages && m.more, m.nav);
    },
    handle: (c, data, input) => pickFromList(c, data, input, 'detail'),
  },
  detail: {
    needsAccount: true,
    render: (c, data) => transactionDetailText(c, data.txnId),
    handle: () => stay(),
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
