/**
 * An admin's answer to a failed payout (admin Alerts), audited:
 * - `retry`: the payout is sent once more, with a new request id;
 * - `return_to_buyer` (seller payouts only): the escrow is unwound: everything the buyer paid and has not
 *   had back (fees included: the seller was never paid) goes back to the phones that paid, the payout is
 *   marked `returned` and the transaction `refunded`.
 * Anything else — a payout not failed, a refund "returned" — is 409, so two admins clicking at once
 * do one thing.
 */
import type { AppContext } from '../../../context.ts';
import { inTransaction, type Tx } from '../../../db/prisma.ts';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import { invalidState, notFound } from '../../../lib/app-error.ts';
import { lockTransaction } from '../../escrow-core/access.ts';
import { loadQuote } from '../../escrow-core/load-quote.ts';
import { returnSellerPayout } from '../../escrow-core/money-movements.ts';
import { RAIL_DISPLAY_NAMES } from '@escrow/core/domain/rail-choice';
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
      const total = await returnSellerPayout(ctx, tx, txn, {
        id: payout.id,
        amount: payout.amountCents,
        note: input.note ?? `The seller could not be paid by ${RAIL_DISPLAY_NAMES[payout.rail]}`,
        actorId: input.adminId,
        // The return reads before the refund it makes; its total (fees included) is the refund's.
        cause: (returned) => ({
          transactionId: txn.id,
          eventType: 'payout_returned',
          description: `The seller could not be paid, so the mediation team returned ${formatKes(returned)} to the buyer`,
          actorId: input.adminId,
          data: { amount: formatCents(returned), payout_id: payout.id },
        }),
      });
      updated = await tx.payout.update({ where: { id: payout.id }, data: { status: 'returned' } });
      // Everything went back to the buyer: the transaction ends refunded, not completed. The one exit
      // from a terminal status, and not a party's action (docs/adr/0005-money-at-the-edges.md).
      await tx.transaction.update({ where: { id: txn.id }, data: { status: 'refunded' } });
      // The seller reads all the buyer got back (the quote's refunded, as the page shows it): after a split
      // ruling the buyer's part was refunded before, and this return's total is only the rest.
      const refunded = (await loadQuote(tx, txn.id)).refunded;
      await notifyParties(ctx, tx, txn, {
        buyer: ['payout_returned_buyer', { amount: formatKes(total) }],
        seller: [
          'payout_returned_seller',
          { amount: formatKes(payout.amountCents), refund: formatKes(refunded), rail: RAIL_DISPLAY_NAMES[payout.rail] },
        ],
      });
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
