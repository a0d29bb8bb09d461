/**
 * What a row of the Lipa Mdogo Mdogo schedule says of its installment. Overdue is the core's rule
 * (isInstallmentOverdue, the one the installment SMS and the USSD plan detail read): a due installment whose
 * date has come reads Overdue at once, not "Next" until the hourly sweep marks it.
 */
import { isInstallmentOverdue, isPlanRunning } from '@escrow/core/domain/installment-plan';
import type { Installment } from '../api/transactions';

export type InstallmentBadge =
  | { label: 'next'; palette: 'blue' }
  | { label: 'planEnded'; palette: 'gray' }
  | { label: `statuses.${Installment['status']}`; palette: string };

const PALETTES: Record<Installment['status'], string> = { paid: 'green', pending: 'gray', overdue: 'red', waived: 'gray' };

/**
 * `isNext`: the row is the schedule's next installment; `ended`: the plan ended before it was paid off;
 * `transactionStatus`: the plan's transaction (a plan its first payment has not started has nothing overdue).
 */
export function installmentBadge(
  installment: Pick<Installment, 'status' | 'due_date'>,
  { isNext, ended, now, transactionStatus }: { isNext: boolean; ended: boolean; now: Date; transactionStatus: string },
): InstallmentBadge {
  // A plan that ended: its unpaid rows are no longer owed, so none is overdue either.
  if (ended && installment.status !== 'paid') return { label: 'planEnded', palette: 'gray' };
  const planRunning = isPlanRunning(transactionStatus);
  if (isInstallmentOverdue({ status: installment.status, dueDate: new Date(installment.due_date) }, now, { planRunning })) {
    return { label: 'statuses.overdue', palette: PALETTES.overdue };
  }
  if (isNext && installment.status === 'pending') return { label: 'next', palette: 'blue' };
  return { label: `statuses.${installment.status}`, palette: PALETTES[installment.status] };
}
