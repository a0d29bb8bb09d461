/**
 * A transaction form filled in before signing in, kept in session storage through login → sign-up →
 * phone verification, so that the new-transaction page opens with it (and offers "Pay now" after).
 * One key for the home form that saves it and the dashboard form that picks it up.
 */
export interface TransactionDraft {
  type: 'standard' | 'protected' | 'lipa_mdogo_mdogo';
  sellerPhone: string;
  productName: string;
  amount: string;
  totalCost: string;
  months: string;
}

const DRAFT_KEY = 'escrow:transaction-draft';
const TYPES: readonly string[] = ['standard', 'protected', 'lipa_mdogo_mdogo'];
const FIELDS = ['sellerPhone', 'productName', 'amount', 'totalCost', 'months'] as const;

/** Where a signed-out visitor's form continues after signing in. */
export const DRAFT_RETURN_PATH = '/dashboard/new';

export const transactionDraft = {
  save(values: TransactionDraft) {
    try {
      sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    } catch {
      // Storage may be full or disabled (private mode); the visitor retypes the form.
    }
  },
  /** The kept values over `empty`, or null when nothing usable was kept. */
  load<T extends TransactionDraft>(empty: T): T | null {
    try {
      const raw = sessionStorage.getItem(DRAFT_KEY);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      const values = { ...empty };
      for (const key of FIELDS) if (typeof parsed[key] === 'string') values[key] = parsed[key];
      if (typeof parsed.type === 'string' && TYPES.includes(parsed.type)) values.type = parsed.type as T['type'];
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
