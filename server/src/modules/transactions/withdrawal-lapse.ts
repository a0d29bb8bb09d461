/**
 * The withdrawal-lapse sweep (`withdrawals.lapse`): a buyer's withdrawal request the seller has not
 * answered by its stored respond-by (set when it was made, named in the seller's SMS) is treated as declined — the
 * dispute a decline opens, for the mediation team, recorded as lapsed (respond-to-withdrawal.ts
 * `lapseWithdrawal`). Without it the buyer's money would wait in escrow for an answer that never comes.
 *
 * Each request is lapsed in its own database transaction under the transaction row lock the seller's
 * answer takes, and only while it still waits: a seller answering at the same moment gives one outcome,
 * and a second sweep finds nothing. It runs every ten minutes on graphile-worker's cron (jobs/recurring.ts).
 */
import { WITHDRAWAL_ANSWERABLE_STATUSES } from '@escrow/core/domain/transaction-state';
import type { AppContext } from '../../context.ts';
import { recurringJob } from '../../jobs/recurring.ts';
import { lapseWithdrawal } from './use-cases/respond-to-withdrawal.ts';

export const WITHDRAWAL_LAPSE_QUEUE = 'withdrawals.lapse';

/** Every ten minutes; see jobs/recurring.ts. */
export const withdrawalLapse = recurringJob(WITHDRAWAL_LAPSE_QUEUE, '*/10 * * * *');

const BATCH = 200;

export async function lapseOverdueWithdrawals(ctx: AppContext): Promise<{ lapsed: number }> {
  const now = ctx.now();
  let lapsed = 0;
  for (;;) {
    const due = await ctx.db.withdrawalRequest.findMany({
      // Only where a decline can still happen: a plan that moved on (a dispute, the seller cancelling) closed
      // its request as it did (escrow-core/run-action.ts), and the filter says the same rule here.
      where: { status: 'pending', respondBy: { lte: now }, transaction: { status: { in: [...WITHDRAWAL_ANSWERABLE_STATUSES] } } },
      select: { id: true, transactionId: true },
      orderBy: { respondBy: 'asc' },
      take: BATCH,
    });
    let done = 0;
    for (const request of due) done += Number(await lapseWithdrawal(ctx, { transactionId: request.transactionId, requestId: request.id }));
    lapsed += done;
    // A full batch with no progress (rows changing under us) waits for the next sweep instead of spinning.
    if (due.length < BATCH || done === 0) break;
  }
  if (lapsed > 0) ctx.log.info({ lapsed }, 'withdrawal requests lapsed');
  return { lapsed };
}
