/**
 * A hero form filled in before signing in is kept in session storage, so the visitor finds it again
 * when the login page sends them back to /#create.
 */
import { EMPTY_TRANSACTION_FORM, type TransactionFormValues } from '../transaction-form-rules';

const DRAFT_KEY = 'escrow:transaction-draft';

export const transactionDraft = {
  save(values: TransactionFormValues) {
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    } catch {
      // Storage may be full or disabled (private mode); the visitor retypes the form.
    }
  },
  load(): TransactionFormValues | null {
    try {
      const raw = sessionStorage.getItem(DRAFT_KEY);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Partial<TransactionFormValues>;
      const values = { ...EMPTY_TRANSACTION_FORM };
      for (const key of Object.keys(values) as (keyof TransactionFormValues)[]) {
        if (typeof parsed[key] === 'string') (values as Record<string, string>)[key] = parsed[key] as string;
      }
      if (values.type !== 'standard' && values.type !== 'lipa_mdogo_mdogo') values.type = 'standard';
      return values;
    } catch {
      return null;
    }
  },
  clear() {
    try {
      sessionStorage.removeItem(DRAFT_KEY);
    } catch {
      // Nothing to clear.
    }
  },
};
