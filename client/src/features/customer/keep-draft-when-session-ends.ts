/**
 * A session that ends while a new-transaction form is half typed (signed out in another tab, revoked and
 * refused by the server) sends the page to /login: what was typed is kept as the draft the page restores
 * after signing in (lib/transaction-draft.ts), as it is when the session ends as the form is sent. Not on
 * this tab's own Sign out: that is the person leaving on purpose.
 *
 * Decided when the page leaves, not on the other tab's storage event: this tab can read the emptied local
 * storage, render the sign-in redirect and unmount the form before that event arrives.
 */
import { transactionDraft, type TransactionDraft } from '@/lib/transaction-draft';

/** What a person types (the plan's months start filled in). */
const TYPED_FIELDS = ['sellerPhone', 'productName', 'amount', 'totalCost'] as const;

export function keepDraftIfSessionEnded(typed: TransactionDraft | null, session: { hasToken: boolean; signedOutHere: boolean }): void {
  if (session.hasToken || session.signedOutHere) return;
  if (typed && TYPED_FIELDS.some((field) => typed[field].trim() !== '')) transactionDraft.save(typed);
}
