/** Choosing one of the caller's transactions on a paged list, and reading the chosen one back. */
import { transactionForCaller } from '../../transactions/use-cases/read-transactions.ts';
import { clip, options } from '../screen.ts';
import type { ScreenId } from '../session-state.ts';
import { amountToPay, disputesAwaitingAnswer, transactionsAllowing, withdrawalsPastAnswer } from '../use-cases/read-for-menus.ts';
import { ask, callerOf, choice, kes, lines, type MenuContext, type Outcome, push, type Screen, shortRef, stay } from './menu-kit.ts';

export const PAGE_SIZE = 3;

/** The screens that pick a transaction for an action. */
type PickScreenId =
  | 'pick_release'
  | 'pick_dispatch'
  | 'pick_pay'
  | 'pick_dispute'
  | 'pick_withdraw'
  | 'pick_withdrawal'
  | 'pick_code_release'
  | 'pick_respond';

export type MenuAction =
  'release' | 'dispatch' | 'pay' | 'dispute' | 'request_withdrawal' | 'accept_withdrawal' | 'release_with_code' | 'respond';

/** The page of a list screen (the first until `9` is pressed). */
export const pageOf = (data: { page?: number }) => data.page ?? 1;

/** The answer on a list screen: `9` turns the page, a number picks the transaction shown under it. */
export function pickFromList(c: MenuContext, data: { page?: number }, input: string, next: ScreenId): Outcome {
  const ids = c.draft.ids ?? [];
  if (input === '9' && c.draft.hasMore) {
    c.draft.page = pageOf(data) + 1;
    return stay();
  }
  const picked = choice(input, ids.length);
  if (!picked) return stay(c.m.invalidChoice);
  c.draft.txnId = ids[picked - 1]!;
  return push(next);
}

/** Chooses one transaction on a paged list (3 a screen, `9` for more), then shows `next`. */
export function pickScreen(action: MenuAction, next: ScreenId): Screen<PickScreenId> {
  return {
    needsAccount: true,
    async render(c, data, notice) {
      // Answering a dispute is no change of status: the disputes waiting for the caller's answer.
      const rows =
        action === 'respond' ? await disputesAwaitingAnswer(c.ctx, c.user!.id) : await transactionsAllowing(c.ctx, callerOf(c), action);
      if (rows.length === 0) {
        c.draft.ids = [];
        // A request past its respond-by is no longer the seller's to answer: say so, not that none waits.
        const late = action === 'accept_withdrawal' ? await withdrawalsPastAnswer(c.ctx, c.user!.id) : [];
        if (late.length > 0) return ask(c, notice, c.m.withdrawalsPastAnswer(late.slice(0, 2).join(', ')));
        return ask(c, notice, c.m.nothingTo[action]);
      }
      const pages = Math.ceil(rows.length / PAGE_SIZE);
      const current = Math.min(pageOf(data), pages);
      const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
      c.draft.ids = shown.map((row) => row.id);
      c.draft.hasMore = current < pages;
      // To pay: what the next prompt asks for (an installment and its fee), not the whole price.
      const figures = await Promise.all(shown.map((row) => (action === 'pay' ? amountToPay(c.ctx, row.id) : row.amountCents)));
      const items = shown.map(
        (row, index) => `${shortRef(row.referenceNumber)} ${clip(row.productName, 12)} ${kes(figures[index]!).slice(4)}`,
      );
      return lines(notice ?? c.m.pickTitle[action], options(items), current < pages && c.m.more, c.m.nav);
    },
    handle: (c, data, input) => pickFromList(c, data, input, next),
  };
}

/** The chosen transaction as the caller sees it (404 for strangers, from the same read as the web). */
export function chosenTransaction(c: MenuContext, data: { txnId: string }) {
  return transactionForCaller(c.ctx, data.txnId, callerOf(c));
}
