/**
 * A session that ends in another tab (signed out there, or revoked and cleared there) sends this tab to
 * /login at once (hooks/use-auth.ts follows the storage event): a new-transaction form half typed here is
 * kept as the draft the page restores after signing in (lib/transaction-draft.ts), as it is when the session
 * ends as the form is sent. Only another tab's sign-out: one in this tab is the person leaving on purpose.
 */
import { transactionDraft, type TransactionDraft } from '@/lib/transaction-draft';

/** The storage event of a session ended elsewhere: the token removed (or all of local storage cleared). */
export const endsSession = (event: Pick<StorageEvent, 'key' | 'newValue'>) =>
  event.key === null || (event.key === 'authToken' && event.newValue === null);

/** What a person types (the plan's months start filled in). */
const TYPED_FIELDS = ['sellerPhone', 'productName', 'amount', 'totalCost'] as const;

/** A `storage` listener that keeps `typed()` as the draft when the session ends elsewhere, if anything is typed. */
export function keepDraftWhenSessionEnds(typed: () => TransactionDraft | null) {
  return (event: Pick<StorageEvent, 'key' | 'newValue'>) => {
    const values = typed();
    if (endsSession(event) && values && TYPED_FIELDS.some((field) => values[field].trim() !== '')) transactionDraft.save(values);
  };
}
