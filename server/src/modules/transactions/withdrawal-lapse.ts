/**
 * The withdrawal-lapse sweep (`withdrawals.lapse`): a buyer's withdrawal request the seller has not
 * answered by its respond-by (WITHDRAWAL_RESPONSE_HOURS after it was made) is treated as declined — the
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
import { WITHDRAWAL_RESPONSE_HOURS } from './use-cases/open-dispute.ts';

export const WITHDRAWAL_LAPSE_QUEUE = 'withdrawals.lapse';

/** Every ten minutes; see jobs/recurring.ts. */
export const withdrawalLapse = recurringJob(WITHDRAWAL_LAPSE_QUEUE, '*/10 * * * *');

const BATCH = 200;

export async function lapseOverdueWithdrawals(ctx: AppContext): Promise<{ lapsed: number }> {
  // Made at or before this instant: the respond-by (withdrawalRespondBy) has passed.
  const madeBy = new Date(ctx.now().getTime() - WITHDRAWAL_RESPONSE_HOURS * 3600_000);
  let lapsed = 0;
  for (;;) {
    const due = await ctx.db.withdrawalRequest.findMany({
      // Only where a decline can still happen: a plan that moved on (a dispute, the seller cancelling) closed
      // its request as it did (escrow-core/run-action.ts), and the filter says the same rule here.
      where: { status: 'pending', createdAt: { lte: madeBy }, transaction: { status: { in: [...WITHDRAWAL_ANSWERABLE_STATUSES] } } },
      select: { id: true, transactionId: true },
      orderBy: { createdAt: 'asc' },
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
