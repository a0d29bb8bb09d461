/**
 * The `payments.reconcile` job: when no callback has settled a payment some time after its collection
 * request, ask the rail. "Still processing" retries later; a final result is applied like a callback,
 * a success included (credited without a receipt when the rail's answer carries none).
 */
import type { AppContext } from '../../../context.ts';
import { applyCollectionResult } from './apply-stk-result.ts';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';

export class StillProcessing extends Error {}

export async function reconcilePayment(ctx: AppContext, { paymentId }: { paymentId: string }): Promise<void> {
  const payment = await ctx.db.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== 'pending') return;
  await ctx.db.payment.update({ where: { id: paymentId }, data: { reconcileAttempts: { increment: 1 } } });
  const rail = ctx.rails[payment.rail];
  if (!payment.railRequestId) {
    // The request never reached the rail (crash between steps): nothing can have been paid.
    await ctx.db.payment.updateMany({
      where: { id: paymentId, status: 'pending', railRequestId: null },
      data: { status: 'failed', failureKind: 'not_sent', failureReason: paymentFailureSentence('not_sent', 'en', rail.displayName) },
    });
    return;
  }
  const result = await rail.queryCollection(payment.railRequestId);
  if (result.outcome === 'pending') throw new StillProcessing(result.description);
  await applyCollectionResult(ctx, { requestId: payment.railRequestId, result, source: 'query' });
}
