/**
 * The `payments.reconcile` job: when no callback has settled a payment some time after its collection
 * request, ask the rail. "Still processing" retries later; a final result is applied like a callback,
 * a success included (credited without a receipt when the rail's answer carries none).
 *
 * The last attempt that still finds the payment pending (the rail answering "still processing" to every
 * enquiry, as Daraja's STK query can while its own systems are broken) raises it for the mediation team:
 * whether money was taken cannot be known from here, and the payment would otherwise stay pending for good,
 * every later Pay answered with it and no new prompt sent. Admin Alerts lists it as unconfirmed
 * (core's isUnconfirmedPayment); an admin who finds nothing on the rail's statement closes it as not received
 * (close-unconfirmed-payment.ts), and the buyer may pay again.
 */
import type { AppContext } from '../../../context.ts';
import type { JobRecord } from '../../../jobs/queue.ts';
import { RECONCILE_MAX_ATTEMPTS } from '@escrow/core/domain/payment-enquiry';
import { applyCollectionResult } from './apply-stk-result.ts';
import { markPaymentNotSent } from '../pending-payments.ts';

export class StillProcessing extends Error {}

/**
 * How many STK_RECONCILE_AFTER_SECONDS a payment whose request id was never recorded, on a rail that names
 * its requests itself (Daraja), stays pending. Its node stopped after asking the rail, or before, or the
 * rail's answer was lost: if the prompt reached the phone, the rail can still answer (the callback URL
 * names the payment), and failing it sooner would let the buyer be prompted and charged a second time.
 * Only once no prompt could still be answered is it failed as never sent. A rail that takes our id for the
 * request (Airtel Money) is asked instead: a callback lost as well would otherwise leave money taken from
 * the payer and never credited.
 */
export const UNANSWERED_PROMPT_LIFETIMES = 4;

export async function reconcilePayment(
  ctx: AppContext,
  { paymentId }: { paymentId: string },
  job?: Pick<JobRecord, 'attempts' | 'max_attempts'>,
): Promise<void> {
  try {
    await enquire(ctx, paymentId);
  } catch (error) {
    if (!job || job.attempts < job.max_attempts) throw error;
    // The last attempt: counted as every attempt spent even if an attempt died before counting itself.
    const raised = await ctx.db.payment.updateMany({
      where: { id: paymentId, status: 'pending' },
      data: { reconcileAttempts: RECONCILE_MAX_ATTEMPTS },
    });
    if (raised.count > 0) ctx.log.warn({ err: error, paymentId }, 'Payment unconfirmed after every enquiry: raised in admin Alerts');
    // "Still processing" is now the mediation team's to settle, listed with the payment; anything else stays
    // a dead letter too, for whoever looks at the failed jobs.
    if (!(error instanceof StillProcessing)) throw error;
  }
}

async function enquire(ctx: AppContext, paymentId: string): Promise<void> {
  const payment = await ctx.db.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== 'pending') return;
  await ctx.db.payment.update({ where: { id: paymentId }, data: { reconcileAttempts: { increment: 1 } } });
  const rail = ctx.rails[payment.rail];
  const requestId = payment.railRequestId ?? rail.collectionRequestId(payment.id);
  if (!requestId) {
    const answerableUntil = payment.createdAt.getTime() + UNANSWERED_PROMPT_LIFETIMES * ctx.config.STK_RECONCILE_AFTER_SECONDS * 1000;
    if (ctx.now().getTime() < answerableUntil) throw new StillProcessing('No request id recorded: the rail may still answer');
    // Not "could not reach the rail": the rail may have sent a prompt that expired unanswered. Either way no
    // money was taken, since a prompt that was paid would have been called back (its URL names the payment).
    await markPaymentNotSent(ctx, paymentId, rail.displayName, {
      reason: { failure: 'other', description: `No answer from ${rail.displayName} to the payment request` },
      textPayer: true,
    });
    return;
  }
  const result = await rail.queryCollection(requestId);
  if (result.outcome === 'pending') throw new StillProcessing(result.description);
  // The hint finds the payment whose request id was never recorded; the answer records it.
  await applyCollectionResult(ctx, { requestId, paymentIdHint: payment.id, result, source: 'query' });
}
