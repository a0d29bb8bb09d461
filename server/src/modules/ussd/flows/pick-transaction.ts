/** Choosing one of the caller's transactions on a paged list, and reading the chosen one back. */
import { USSD_SCREEN_MAX } from '@escrow/core/contract/ussd';
import { formatSmsDate, smsDateTime } from '../../notifications/templates.ts';
import { transactionForCaller } from '../../transactions/use-cases/read-transactions.ts';
import { clip, options } from '../screen.ts';
import type { ScreenId } from '../session-state.ts';
import { amountToPay, disputesAwaitingAnswer, transactionsForAction, withdrawalsPastAnswer } from '../use-cases/read-for-menus.ts';
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

/**
 * The lists that name the plans a waiting withdrawal request holds from their action (run-action.ts refuses
 * it until the request is answered), and in whose words: the seller's Dispatch and release-code lists (answer
 * it first), the buyer's Leave-a-plan list (their own request waits: one at a time).
 */
const HELD_BY_WITHDRAWAL: Partial<Record<MenuAction, 'seller' | 'buyer'>> = {
  dispatch: 'seller',
  release_with_code: 'seller',
  request_withdrawal: 'buyer',
};

type HeldPlan = { referenceNumber: string; respondBy: Date; overdue: boolean };

/** The caller's transactions for `action`, and the plans a waiting withdrawal request holds from it. */
async function listFor(c: MenuContext, action: MenuAction) {
  // Answering a dispute is no change of status: the disputes waiting for the caller's answer.
  if (action === 'respond') return { rows: await disputesAwaitingAnswer(c.ctx, c.user!.id), held: [] };
  const { allowed, held } = await transactionsForAction(c.ctx, callerOf(c), action);
  // The ones the seller can still answer first: those are theirs to act on.
  const ordered = [...held.filter((plan) => !plan.overdue), ...held.filter((plan) => plan.overdue)];
  return { rows: allowed, held: HELD_BY_WITHDRAWAL[action] ? ordered : [] };
}

/** The unnumbered line under a list naming a held plan, in the words of whose list it is. */
function heldLineOf(c: MenuContext, action: MenuAction, plan: HeldPlan) {
  const ref = shortRef(plan.referenceNumber);
  return HELD_BY_WITHDRAWAL[action] === 'buyer' ? c.m.requestWaitingLine(ref) : c.m.heldLine(ref);
}

/**
 * The words for an empty list: the plans a withdrawal request holds (to the seller: answer it first, or past
 * its respond-by the mediators review it; to the buyer: their request waits until its respond-by, and the
 * next one under it), the requests past their respond-by on the answer list, else that none waits.
 */
async function emptyListWords(c: MenuContext, action: MenuAction, held: HeldPlan[]): Promise<string[]> {
  // At most two references on one screen.
  const firstTwo = (references: string[]) => references.slice(0, 2).join(', ');
  const refs = (plans: HeldPlan[]) => firstTwo(plans.map((plan) => plan.referenceNumber));
  if (held.length > 0 && HELD_BY_WITHDRAWAL[action] === 'buyer') {
    const [first, next] = held as [HeldPlan, HeldPlan | undefined];
    const words = first.overdue
      ? c.m.withdrawalRequestLapsed(first.referenceNumber)
      : c.m.withdrawalRequestWaiting(first.referenceNumber, formatSmsDate(smsDateTime(first.respondBy), c.lang));
    return next ? [words, heldLineOf(c, action, next)] : [words];
  }
  if (held.length > 0) {
    const open = held.filter((plan) => !plan.overdue);
    return [open.length > 0 ? c.m.heldByWithdrawal(refs(open)) : c.m.heldByWithdrawalLapsed(refs(held))];
  }
  // A request past its respond-by is no longer the seller's to answer: say so, not that none waits.
  const late = action === 'accept_withdrawal' ? await withdrawalsPastAnswer(c.ctx, c.user!.id) : [];
  if (late.length > 0) return [c.m.withdrawalsPastAnswer(firstTwo(late))];
  return [c.m.nothingTo[action]];
}

/** The longest of these screens that fits: a notice about a wrong choice, then a second held plan, give way. */
function fitting(...screens: string[]) {
  return screens.find((screen) => screen.length <= USSD_SCREEN_MAX) ?? screens.at(-1)!;
}

/**
 * Chooses one transaction on a paged list (3 a screen, `9` for more), then shows `next`. A plan a withdrawal
 * request holds is named under the list, unnumbered (2 a screen then, to leave it room).
 */
export function pickScreen(action: MenuAction, next: ScreenId): Screen<PickScreenId> {
  return {
    needsAccount: true,
    async render(c, data, notice) {
      const { rows, held } = await listFor(c, action);
      if (rows.length === 0) {
        c.draft.ids = [];
        const [words, ...more] = await emptyListWords(c, action, held);
        // Nothing here can be chosen: a notice about a wrong choice gives way when all does not fit, then the next held plan.
        return fitting(ask(c, notice, words!, ...more), ask(c, undefined, words!, ...more), ask(c, undefined, words!));
      }
      const heldLine = held[0] && heldLineOf(c, action, held[0]);
      const size = heldLine ? PAGE_SIZE - 1 : PAGE_SIZE;
      const pages = Math.ceil(rows.length / size);
      const current = Math.min(pageOf(data), pages);
      const shown = rows.slice((current - 1) * size, current * size);
      c.draft.ids = shown.map((row) => row.id);
      c.draft.hasMore = current < pages;
      // To pay: what the next prompt asks for (an installment and its fee), not the whole price.
      const figures = await Promise.all(shown.map((row) => (action === 'pay' ? amountToPay(c.ctx, row.id) : row.amountCents)));
      const items = shown.map(
        (row, index) => `${shortRef(row.referenceNumber)} ${clip(row.productName, 12)} ${kes(figures[index]!).slice(4)}`,
      );
      return lines(notice ?? c.m.pickTitle[action], options(items), heldLine, current < pages && c.m.more, c.m.nav);
    },
    handle: (c, data, input) => pickFromList(c, data, input, next),
  };
}

/** The chosen transaction as the caller sees it (404 for strangers, from the same read as the web). */
export function chosenTransaction(c: MenuContext, data: { txnId: string }) {
  return transactionForCaller(c.ctx, data.txnId, callerOf(c));
}
