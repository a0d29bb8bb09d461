/**
 * The `payments.reconcile` job: when no callback has settled a payment some time after its STK push,
 * ask Daraja (STK query). "Still processing" retries later; a final result is applied like a callback,
 * a success included (credited without a receipt).
 */
import type { AppContext } from '../../../context.ts';
import { applyStkResult } from './apply-stk-result.ts';

export class StillProcessing extends Error {}

export async function reconcilePayment(ctx: AppContext, { paymentId }: { paymentId: string }): Promise<void> {
  const payment = await ctx.db.payment.findUnique({ where: { id: paymentId } });
  if (!payment || payment.status !== 'pending') return;
  await ctx.db.payment.update({ where: { id: paymentId }, data: { reconcileAttempts: { increment: 1 } } });
  if (!payment.checkoutRequestId) {
    // The STK push never reached Daraja (crash between steps): nothing can have been paid.
    await ctx.db.payment.updateMany({
      where: { id: paymentId, status: 'pending', checkoutRequestId: null },
      data: { status: 'failed', failureReason: 'The payment request did not reach M-Pesa' },
    });
    return;
  }
  const answer = await ctx.mpesa.stkQuery(payment.checkoutRequestId);
  if (answer.ResultCode === undefined || answer.ResultCode === null) {
    throw new StillProcessing(answer.errorMessage ?? 'STK query: still being processed');
  }
  // A success here is credited without a receipt: Daraja's query result carries none.
  await applyStkResult(ctx, {
    checkoutRequestId: payment.checkoutRequestId,
    resultCode: Number(answer.ResultCode),
    resultDesc: answer.ResultDesc ?? 'Reported by STK query',
    source: 'query',
  });
}
