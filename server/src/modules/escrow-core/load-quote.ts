/** Reads the facts a quote is computed from; the sums themselves are `domain/quote.ts`. */
import { OWED_INSTALLMENT_STATUSES } from '@escrow/core/domain/installment-plan';
import type { Db, Tx } from '../../db/prisma.ts';
import { type Quote, quote, type QuoteFacts } from '@escrow/core/domain/quote';

/** The quote of one transaction as the database has it now (inside `tx`, as locked by the caller). */
export async function loadQuote(tx: Tx | Db, transactionId: string): Promise<Quote> {
  return quote(await loadQuoteFacts(tx, transactionId));
}

export async function loadQuoteFacts(tx: Tx | Db, transactionId: string): Promise<QuoteFacts> {
  const txn = await tx.transaction.findUniqueOrThrow({
    where: { id: transactionId },
    select: {
      status: true,
      transactionType: true,
      amountCents: true,
      buyerFeeCents: true,
      sellerFeeCents: true,
      paidCents: true,
      payments: { where: { status: 'completed' }, select: { amountCents: true, feeCents: true } },
      refunds: { select: { amountCents: true, feeCents: true, reason: true } },
      plan: {
        select: {
          installments: {
            where: { status: { in: [...OWED_INSTALLMENT_STATUSES] } },
            orderBy: { sequence: 'asc' },
            take: 1,
            select: { id: true, amountCents: true, paidCents: true },
          },
        },
      },
    },
  });
  return { ...txn, nextInstallment: txn.plan?.installments[0] ?? null };
}
