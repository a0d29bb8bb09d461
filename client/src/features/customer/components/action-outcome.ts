/**
 * Whether an action whose answer never came went through anyway: the connection dropped (or a proxy gave
 * up) after the server did the work, and the transaction, fetched again, is now where that action leads
 * from where it was when the person confirmed, by the state machine's own table (@escrow/core).
 */
import { TRANSITIONS, type TransactionStatus, type TransactionType } from '@escrow/core/domain/transaction-state';
import { ApiError } from '@/lib/api';
import type { TransactionActionName } from '../api/actions';

/** No answer, or a fault on the way (the server may have done the work): not a refusal. */
export const isUnanswered = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

export function actionWentThrough(input: {
  action: TransactionActionName;
  error: unknown;
  /** The status when the person confirmed, and now. */
  before: string;
  after: string;
  type: TransactionType;
  role: string;
}): boolean {
  const { action, error, before, after, type, role } = input;
  if (!isUnanswered(error) || (role !== 'buyer' && role !== 'seller')) return false;
  return TRANSITIONS.some(
    (row) =>
      row.action === action &&
      row.from === (before as TransactionStatus) &&
      row.to === (after as TransactionStatus) &&
      row.actors.includes(role as 'buyer' | 'seller') &&
      (!row.types || row.types.includes(type)),
  );
}
