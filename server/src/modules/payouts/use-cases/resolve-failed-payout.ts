/**
 * An admin's answer to a failed payout (admin Alerts), audited:
 * - `retry`: the payout is sent once more, with a new request id;
 * - `return_to_buyer` (seller payouts only): the money owed to the seller goes back to the buyer, to the
 *   phones that paid, and the payout is marked `returned`.
 * Anything else — a payout not failed, a refund "returned" — is 409, so two admins clicking at once
 * do one thing.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction, type Tx } from '../../../db/prisma.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { invalidState, notFound } from '../../../lib/app-error.ts';
import { lockTransaction } from '../../escrow-core/access.ts';
import { refundBuyer } from '../../escrow-core/money-movements.ts';
import { notifyParties } from '../../escrow-core/notify-parties.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import { PAYOUT_QUEUE } from '../send-payout.ts';
import { allowedPayoutActions, toAdminPayout } from './payout-actions.ts';
import type { PayoutAction } from '@escrow/core/contract/admin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PayoutActionInput {
  payoutId: string;
  action: PayoutAction;
  adminId: string;
  ip?: string;
  note?: string;
}

export async function resolveFailedPayout(ctx: AppContext, input: PayoutActionInput) {
  if (!UUID.test(input.payoutId)) throw notFound('Payout');
  const found = await ctx.db.payout.findUnique({ where: { id: input.payoutId }, select: { transactionId: true } });
  if (!found) throw notFound('Payout');
  return inTransaction(ctx.db, async (tx) => {
    // The transaction first, then the payout: the order every money movement takes.
    const txn = await lockTransaction(tx, found.transactionId);
    const payout = await lockPayout(tx, input.payoutId);
    if (!allowedPayoutActions(payout).includes(input.action)) {
      throw invalidState(
        payout.status !== 'failed'
          ? `Only a failed payout can be retried or returned (status: ${payout.status})`
          : 'A failed refund can be retried; it cannot be returned to the buyer',
      );
    }
    const amount = formatCents(payout.amountCents);
    let updated;
    if (input.action === 'retry') {
      updated = await tx.payout.update({
        where: { id: payout.id },
        data: { status: 'pending', railRequestId: null, lastError: null, resultCode: null, resultDesc: null },
      });
      await ctx.jobs.enqueue(tx, PAYOUT_QUEUE, { payoutId: payout.id }, { maxAttempts: 10 });
      await appendEvent(tx, {
        transactionId: txn.id,
        eventType: payout.kind === 'buyer_refund' ? 'refund_initiated' : 'payout_initiated',
        description: `The mediation team sent the ${payout.kind === 'buyer_refund' ? 'refund' : 'payout'} of ${formatKes(payout.amountCents)} again`,
        actorId: input.adminId,
        data: { amount, payout_id: payout.id, retried: true },
      });
    } else {
      await refundBuyer(ctx, tx, txn, {
        price: payout.amountCents,
        from: 'seller_payable',
        reason: 'payout_returned',
        key: `refund:${txn.id}:payout:${payout.id}`,
        note: input.note ?? 'The seller could not be paid by M-Pesa',
        actorId: input.adminId,
      });
      updated = await tx.payout.update({ where: { id: payout.id }, data: { status: 'returned' } });
      await notifyParties(ctx, tx, txn, { buyer: ['refunded', { amount: formatKes(payout.amountCents) }] });
    }
    await tx.auditLog.create({
      data: {
        actorId: input.adminId,
        action: `payout.${input.action}`,
        entity: 'payout',
        entityId: payout.id,
        ip: input.ip?.slice(0, 64) ?? null,
        data: { transaction_id: txn.id, amount, kind: payout.kind, ...(input.note ? { note: input.note } : {}) },
      },
    });
    return toAdminPayout(updated);
  });
}

async function lockPayout(tx: Tx, payoutId: string) {
  await tx.$queryRaw`SELECT id FROM payouts WHERE id = ${payoutId}::uuid FOR UPDATE`;
  return tx.payout.findUniqueOrThrow({ where: { id: payoutId } });
}
