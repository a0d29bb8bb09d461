/**
 * The money movements that follow a state change, each written in the caller's database transaction:
 * a balanced ledger journal with a unique key, the payout row, and the job that sends it after commit.
 */
import { payoutRail, type RailChoice } from '@escrow/core/domain/rail-choice';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/prisma.ts';
import { type Cents, formatCents, formatKes, minCents } from '@escrow/core/domain/money';
import { refundDecidedPostings, releasePostings } from '@escrow/core/domain/posting-rules';
import { sellerShare } from '@escrow/core/domain/quote';
import { postJournal } from '../ledger/ledger.ts';
import { businessRule } from '../../lib/app-error.ts';
import { loadQuote } from './load-quote.ts';
import { PAYOUT_QUEUE } from './payout-queue.ts';
import type { LockedTransaction } from './access.ts';
import { appendEvent, appendPaymentReleased, type ReleasedBy, type TimelineEntry } from './timeline.ts';

export type RefundReason =
  | 'overpayment'
  | 'cancelled_after_funding'
  | 'seller_cancelled_plan'
  | 'withdrawal_accepted'
  | 'dispute_refund'
  | 'dispute_split'
  | 'payout_returned';

/**
 * Moves `price` of the escrow to the seller, less the seller's fee share, and queues the B2C payout.
 * The seller's fee is never more than what the seller receives. With `releasedBy`, the release's own
 * event (payment_released) is written first, so that the timeline reads the release before its payout.
 */
export async function releaseToSeller(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  options: { price?: Cents; actorId?: string | null; releasedBy?: ReleasedBy } = {},
): Promise<{ payoutAmount: Cents; sellerFee: Cents }> {
  const price = options.price ?? txn.amountCents;
  const { fee: sellerFee, payout: payoutAmount } = sellerShare(price, txn.sellerFeeCents);
  await postJournal(tx, {
    key: `release:${txn.id}`,
    kind: 'release',
    transactionId: txn.id,
    description: `Release ${txn.referenceNumber} to the seller`,
    postings: releasePostings({ price, sellerFee }),
  });
  if (options.releasedBy) {
    await appendPaymentReleased(tx, { transactionId: txn.id, releasedBy: options.releasedBy, actorId: options.actorId ?? null });
  }
  if (payoutAmount > 0n) {
    await createPayout(ctx, tx, txn, {
      kind: 'seller_payout',
      phone: txn.sellerPhone,
      amount: payoutAmount,
      rail: payoutRail({ recipientPhone: txn.sellerPhone }),
    });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'payout_initiated',
      description: `Payout of ${formatKes(payoutAmount)} to the seller initiated`,
      actorId: options.actorId ?? null,
      data: { amount: formatCents(payoutAmount), seller_fee: formatCents(sellerFee) },
    });
  }
  return { payoutAmount, sellerFee };
}

/**
 * Gives `price` of the escrow (and `fee` of the platform's fee income) back to the buyer, recording the
 * refund and queueing one payout per phone and rail that paid (back on the rail each pay-in came through:
 * `payoutRail`): the price and the fee are spread over the
 * completed pay-ins (or taken from `paymentId` alone), oldest first, each pay-in giving back at most the
 * price part and the fee part it brought in and has not given back yet. A refund beyond that is refused here (422) and, at commit, by the database
 * (`refunds_bounded`).
 */
export async function refundBuyer(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  options: {
    price: Cents;
    /** The buyer's fee share given back: an amount, or all of it that the pay-ins can still give back. */
    fee?: Cents | 'all_left';
    reason: RefundReason;
    note?: string;
    actorId?: string | null;
    key?: string;
    paymentId?: string;
    /** Where the money is taken from: the escrow (default) or a seller payout that could not be made. */
    from?: 'escrow_holding' | 'seller_payable';
    /**
     * With `from: 'seller_payable'`: the seller's fee share the release took. The buyer gets it back as
     * part of the price they paid; it comes from the platform's fee income.
     */
    sellerFee?: Cents;
    /**
     * The event of what caused the refund, given the total refunded: written just before the refund's own
     * event, so that the timeline reads the cause first. For a cause whose sentence names a total only the
     * refund knows (`fee: 'all_left'`); not written when nothing is refunded.
     */
    cause?: (total: Cents) => TimelineEntry;
  },
): Promise<Cents> {
  const sellerFee = options.sellerFee ?? 0n;
  if (options.fee !== 'all_left' && options.price + sellerFee + (options.fee ?? 0n) <= 0n) return 0n;
  const { pieces, fee } = await refundPieces(tx, txn.id, options.price + sellerFee, options.fee ?? 0n, options.paymentId);
  const total = options.price + sellerFee + fee;
  if (total <= 0n) return 0n;
  await postJournal(tx, {
    key: options.key ?? `refund:${txn.id}:${options.reason}`,
    kind: 'refund',
    transactionId: txn.id,
    description: `Refund ${txn.referenceNumber} to the buyer (${options.reason})`,
    postings: refundDecidedPostings({ price: options.price, fee: fee + sellerFee, from: options.from ?? 'escrow_holding' }),
  });
  // One payout per phone and rail (one rail fee), one refund row per pay-in it returns.
  const destinations = new Map(pieces.map((piece) => [`${piece.phone}:${piece.rail}`, { phone: piece.phone, rail: piece.rail }]));
  for (const { phone, rail } of destinations.values()) {
    const ofPhone = pieces.filter((piece) => piece.phone === phone && piece.rail === rail);
    const amount = ofPhone.reduce((sum, piece) => sum + piece.amount, 0n);
    const payout = await createPayout(ctx, tx, txn, {
      kind: 'buyer_refund',
      phone,
      amount,
      rail: payoutRail({ recipientPhone: phone, refundOfPayInOn: rail }),
    });
    await tx.refund.createMany({
      data: ofPhone.map((piece) => ({
        transactionId: txn.id,
        paymentId: piece.paymentId,
        payoutId: payout.id,
        reason: options.reason,
        amountCents: piece.amount,
        feeCents: piece.fee,
        note: options.note ?? null,
      })),
    });
  }
  await tx.transaction.update({ where: { id: txn.id }, data: { refundedCents: { increment: total } } });
  if (options.cause) await appendEvent(tx, options.cause(total));
  await appendEvent(tx, {
    transactionId: txn.id,
    eventType: 'refund_initiated',
    description: `Refund of ${formatKes(total)} to the buyer initiated`,
    actorId: options.actorId ?? null,
    data: { amount: formatCents(total), reason: options.reason },
  });
  return total;
}

interface RefundPiece {
  paymentId: string;
  phone: string;
  /** The rail the pay-in came through. */
  rail: RailChoice;
  amount: Cents;
  fee: Cents;
}

/** What each completed pay-in can still give back, price part and fee part, oldest first. */
async function refundableFunds(tx: Tx, transactionId: string) {
  return tx.$queryRaw<{ id: string; payer_phone: string; rail: RailChoice; price_left: bigint; fee_left: bigint }[]>`
    SELECT p.id::text, p.payer_phone, p.rail::text AS rail,
           (p.amount_cents - p.fee_cents - COALESCE(SUM(r.amount_cents - r.fee_cents), 0))::bigint AS price_left,
           (p.fee_cents - COALESCE(SUM(r.fee_cents), 0))::bigint AS fee_left
    FROM payments p LEFT JOIN refunds r ON r.payment_id = p.id
    WHERE p.transaction_id = ${transactionId}::uuid AND p.status = 'completed'
    GROUP BY p.id
    ORDER BY p.completed_at, p.created_at, p.id`;
}

/**
 * A seller payout the rail could not make, returned to the buyer (admin Alerts): the escrow is unwound.
 * The seller was never paid, so the buyer gets back everything they paid that has not come back to them
 * yet: the payout, the seller's fee share the release took, and the buyer's own fee share, as one
 * `payout_returned` refund. Returns the total; `cause` is the return's event, written before the refund's.
 */
export async function returnSellerPayout(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  payout: { id: string; amount: Cents; note?: string; actorId?: string | null; cause?: (total: Cents) => TimelineEntry },
): Promise<Cents> {
  const released = await tx.ledgerPosting.aggregate({
    where: { accountCode: 'platform_fees', journal: { idempotencyKey: `release:${txn.id}` } },
    _sum: { amountCents: true },
  });
  return refundBuyer(ctx, tx, txn, {
    price: payout.amount,
    from: 'seller_payable',
    sellerFee: -(released._sum.amountCents ?? 0n),
    fee: 'all_left',
    reason: 'payout_returned',
    key: `refund:${txn.id}:payout:${payout.id}`,
    note: payout.note,
    actorId: payout.actorId,
    ...(payout.cause ? { cause: payout.cause } : {}),
  });
}

/** The buyer's fee share that pay-ins can still give back (never more than the fee the quote counts as paid). */
async function feeAvailable(tx: Tx, sources: { fee_left: bigint }[], transactionId: string): Promise<Cents> {
  return minCents(
    sources.reduce((sum, payment) => sum + payment.fee_left, 0n),
    (await loadQuote(tx, transactionId)).feePaid,
  );
}

/** The refund spread over the pay-ins, and the fee it gives back (`all_left` resolved). */
async function refundPieces(
  tx: Tx,
  transactionId: string,
  price: Cents,
  feeAsked: Cents | 'all_left',
  paymentId?: string,
): Promise<{ pieces: RefundPiece[]; fee: Cents }> {
  const sources = (await refundableFunds(tx, transactionId)).filter((payment) => !paymentId || payment.id === paymentId);
  const priceAvailable = sources.reduce((sum, payment) => sum + payment.price_left, 0n);
  const feeRefundable = await feeAvailable(tx, sources, transactionId);
  const fee = feeAsked === 'all_left' ? feeRefundable : feeAsked;
  if (price > priceAvailable || fee > feeRefundable) {
    throw businessRule(
      `A refund of ${formatKes(price + fee)} is more than what was paid in and not yet refunded (${formatKes(priceAvailable + feeRefundable)})`,
    );
  }
  const pieces: RefundPiece[] = [];
  let priceLeft = price;
  let feeLeft = fee;
  for (const payment of sources) {
    const piecePrice = minCents(priceLeft, payment.price_left);
    const pieceFee = minCents(feeLeft, payment.fee_left);
    if (piecePrice + pieceFee === 0n) continue;
    pieces.push({ paymentId: payment.id, phone: payment.payer_phone, rail: payment.rail, amount: piecePrice + pieceFee, fee: pieceFee });
    priceLeft -= piecePrice;
    feeLeft -= pieceFee;
  }
  return { pieces, fee };
}

async function createPayout(
  ctx: AppContext,
  tx: Tx,
  txn: LockedTransaction,
  payout: { kind: 'seller_payout' | 'buyer_refund'; phone: string; amount: Cents; rail: RailChoice },
) {
  const row = await tx.payout.create({
    data: {
      transactionId: txn.id,
      kind: payout.kind,
      recipientPhone: payout.phone,
      amountCents: payout.amount,
      rail: payout.rail,
    },
    select: { id: true },
  });
  await ctx.jobs.enqueue(tx, PAYOUT_QUEUE, { payoutId: row.id }, { maxAttempts: 10 });
  return row;
}
