/**
 * Cancel: before any payment → `cancelled`; after funding but before dispatch (either party), or a
 * seller ending a Lipa Mdogo Mdogo plan → `refunded`, with everything the buyer paid (price and fee)
 * sent back by M-Pesa.
 */
import type { AppContext } from '../../../context.ts';
import { formatKes } from '@escrow/core/domain/money';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { refundBuyer } from '../../escrow-core/money-movements.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { runTransactionAction, type Caller } from '../../escrow-core/run-action.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';

export async function cancelTransaction(ctx: AppContext, options: { transactionId: string; caller: Caller; reason?: string }) {
  return runTransactionAction(ctx, { ...options, action: 'cancel' }, async ({ tx, txn, actor, actorId, to }) => {
    await tx.transaction.update({ where: { id: txn.id }, data: { status: to, cancelledAt: ctx.now() } });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'transaction_cancelled',
      description: `Cancelled by the ${actor}${options.reason ? `: ${options.reason}` : ''}`,
      actorId,
      // What the web client needs to say it in the reader's language (transaction-timeline.tsx).
      data: { actor, ...(options.reason ? { cancel_reason: options.reason } : {}) },
    });
    if (to === 'cancelled') {
      await notifyParties(ctx, tx, txn, { buyer: ['cancelled', { by: actor }], seller: ['cancelled', { by: actor }] });
      return txn.id;
    }
    if (txn.plan) await tx.installmentPlan.update({ where: { id: txn.plan.id }, data: { status: 'cancelled' } });
    const fee = (await loadQuote(tx, txn.id)).feePaid;
    const total = await refundBuyer(ctx, tx, txn, {
      price: txn.paidCents,
      fee,
      reason: txn.transactionType === 'lipa_mdogo_mdogo' && actor === 'seller' ? 'seller_cancelled_plan' : 'cancelled_after_funding',
      actorId,
    });
    await notifyParties(ctx, tx, txn, {
      buyer: ['refunded', { amount: formatKes(total) }],
      seller: ['cancelled_refunding', { by: actor }],
    });
    return txn.id;
  });
}
