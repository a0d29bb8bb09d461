/**
 * Rows written straight into the tables for the admin tests: transactions in any state with their
 * payments, payouts, disputes, timeline and balanced ledger journals, at any date. The monitoring
 * queries read the tables, so the tests need exact data, not the escrow flow that makes it.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/prisma.ts';
import { generateReference } from '@escrow/core/domain/reference';
import type { TransactionStatus, TransactionType } from '@escrow/core/domain/transaction-state';

export interface FixtureTransaction {
  buyerId: string;
  sellerId?: string | null;
  sellerPhone: string;
  status?: TransactionStatus;
  type?: TransactionType;
  amountCents?: bigint;
  buyerFeeCents?: bigint;
  sellerFeeCents?: bigint;
  productName?: string;
  referenceNumber?: string;
  createdAt?: Date;
  events?: { eventType: string; description?: string; createdAt?: Date; data?: Record<string, unknown> }[];
  payments?: { status: 'pending' | 'completed' | 'failed' | 'cancelled'; createdAt?: Date; amountCents?: bigint }[];
  /** Books the pay-in (escrow + buyer fee) and, for completed ones, the release (seller fee). */
  withLedger?: boolean;
}

export async function insertTransaction(db: Db, input: FixtureTransaction) {
  const status = input.status ?? 'pending';
  const amountCents = input.amountCents ?? 100_000n;
  const buyerFeeCents = input.buyerFeeCents ?? 2_500n;
  const sellerFeeCents = input.sellerFeeCents ?? 2_500n;
  const createdAt = input.createdAt ?? new Date();
  const isPaid = !['pending', 'cancelled'].includes(status);
  const transaction = await db.transaction.create({
    data: {
      referenceNumber: input.referenceNumber ?? generateReference(),
      transactionType: input.type ?? 'standard',
      status,
      buyerId: input.buyerId,
      sellerId: input.sellerId ?? null,
      sellerPhone: input.sellerPhone,
      productName: input.productName ?? 'Samsung Galaxy A15',
      amountCents,
      buyerFeeCents,
      sellerFeeCents,
      paidCents: isPaid && status !== 'installment' ? amountCents : 0n,
      createdAt,
    },
  });
  for (const [index, event] of (input.events ?? [{ eventType: 'transaction_initiated' }]).entries()) {
    await db.timelineEvent.create({
      data: {
        transactionId: transaction.id,
        eventType: event.eventType,
        description: event.description ?? event.eventType.replaceAll('_', ' '),
        createdAt: event.createdAt ?? new Date(createdAt.getTime() + index * 1000),
        ...(event.data ? { data: event.data as object } : {}),
      },
    });
  }
  for (const payment of input.payments ?? []) {
    await db.payment.create({
      data: {
        transactionId: transaction.id,
        paymentType: 'escrow_deposit',
        payerPhone: '254700000000',
        amountCents: payment.amountCents ?? amountCents + buyerFeeCents,
        feeCents: buyerFeeCents,
        status: payment.status,
        createdAt: payment.createdAt ?? createdAt,
      },
    });
  }
  if (input.withLedger && isPaid) {
    await postJournal(db, transaction.id, 'deposit', createdAt, [
      ['mpesa_paybill', amountCents + buyerFeeCents],
      ['escrow_holding', -amountCents],
      ['platform_fees', -buyerFeeCents],
    ]);
    if (status === 'completed') {
      await postJournal(db, transaction.id, 'release', createdAt, [
        ['escrow_holding', amountCents],
        ['seller_payable', -(amountCents - sellerFeeCents)],
        ['platform_fees', -sellerFeeCents],
      ]);
    }
  }
  return transaction;
}

type Account = 'mpesa_paybill' | 'escrow_holding' | 'seller_payable' | 'refunds_payable' | 'platform_fees';

/** A journal and its postings in one database transaction (the balance trigger checks it at commit). */
export async function postJournal(db: Db, transactionId: string, kind: string, createdAt: Date, postings: [Account, bigint][]) {
  await db.$transaction(async (tx) => {
    const journal = await tx.ledgerJournal.create({
      data: { transactionId, kind, idempotencyKey: `${kind}:${randomUUID()}`, description: `${kind} (test)`, createdAt },
    });
    await tx.ledgerPosting.createMany({
      data: postings.map(([accountCode, amountCents]) => ({ journalId: journal.id, accountCode, transactionId, amountCents })),
    });
  });
}
