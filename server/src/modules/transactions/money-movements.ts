/**
 * The money movements that follow a state change, each written in the caller's database transaction:
 * a balanced ledger journal with a unique key, the payout row, and the job that sends it after commit.
 */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/prisma.ts';
import { type Cents, formatCents, minCents } from '../../domain/money.ts';
import { postJournal } from '../ledger/ledger.ts';
import { PAYOUT_QUEUE } from '../payouts/send-payout.ts';
import type { LockedTransaction } from './access.ts';
import { appendEvent } from './timeline.ts';

export type RefundReason =
  'overpayment' | 'cancelled_after_funding' | 'seller_cancelled_plan' | 'withdrawal_accepted' | 'dispute_refund' | 'dispute_split';

/**
 * Moves `price` of the escrow to the seller, less the seller's fee share, and queues the B2C payout.
 * The seller's fee is never more than what the seller receives.
 */
export async function releaseToSeller(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  options: { price?: Cents; actorId?: string | null } = {},
): Promise<{ payoutAmount: Cents; sellerFee: Cents }> {
  const price = options.price ?? txn.amountCents;
  const sellerFee = minCents(txn.sellerFeeCents, price);
  const payoutAmount = price - sellerFee;
  await postJournal(tx, {
    key: `release:${txn.id}`,
    kind: 'release',
    transactionId: txn.id,
    description: `Release ${txn.referenceNumber} to the seller`,
    postings: [
      { account: 'escrow_holding', amount: price },
      { account: 'seller_payable', amount: -payoutAmount },
      { account: 'platform_fees', amount: -sellerFee },
    ],
  });
  if (payoutAmount > 0n) {
    await createPayout(ctx, tx, txn, { kind: 'seller_payout', phone: txn.sellerPhone, amount: payoutAmount });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'payout_initiated',
      description: `Payout of KES ${formatCents(payoutAmount)} to the seller initiated`,
      actorId: options.actorId ?? null,
      data: { amount: formatCents(payoutAmount), seller_fee: formatCents(sellerFee) },
    });
  }
  return { payoutAmount, sellerFee };
}

/**
 * Gives `price` of the escrow (and `fee` of the platform's fee income) back to the buyer, recording the
 * refund and queueing the B2C payout to the phone that paid.
 */
export async function refundBuyer(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  options: { price: Cents; fee?: Cents; reason: RefundReason; note?: string; actorId?: string | null; key?: string },
): Promise<Cents> {
  const fee = options.fee ?? 0n;
  const total = options.price + fee;
  if (total <= 0n) return 0n;
  await postJournal(tx, {
    key: options.key ?? `refund:${txn.id}:${options.reason}`,
    kind: 'refund',
    transactionId: txn.id,
    description: `Refund ${txn.referenceNumber} to the buyer (${options.reason})`,
    postings: [
      { account: 'escrow_holding', amount: options.price },
      { account: 'platform_fees', amount: fee },
      { account: 'refunds_payable', amount: -total },
    ],
  });
  const payer = await tx.payment.findFirst({
    where: { transactionId: txn.id, status: 'completed' },
    orderBy: { createdAt: 'asc' },
    select: { payerPhone: true },
  });
  const payout = await createPayout(ctx, tx, txn, {
    kind: 'buyer_refund',
    phone: payer?.payerPhone ?? txn.buyer.phoneNumber,
    amount: total,
  });
  await tx.refund.create({
    data: { transactionId: txn.id, payoutId: payout.id, reason: options.reason, amountCents: total, note: options.note ?? null },
  });
  await tx.transaction.update({ where: { id: txn.id }, data: { refundedCents: { increment: total } } });
  await appendEvent(tx, {
    transactionId: txn.id,
    eventType: 'refund_initiated',
    description: `Refund of KES ${formatCents(total)} to the buyer initiated`,
    actorId: options.actorId ?? null,
    data: { amount: formatCents(total), reason: options.reason },
  });
  return total;
}

async function createPayout(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  payout: { kind: 'seller_payout' | 'buyer_refund'; phone: string; amount: Cents },
) {
  const row = await tx.payout.create({
    data: { transactionId: txn.id, kind: payout.kind, recipientPhone: payout.phone, amountCents: payout.amount },
    select: { id: true },
  });
  await ctx.jobs.enqueue(tx, PAYOUT_QUEUE, { payoutId: row.id }, { maxAttempts: 10 });
  return row;
}
