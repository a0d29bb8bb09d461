/** What a buyer owes: the unpaid price plus any part of their fee share not yet paid. */
import type { Db, Tx } from '../../db/prisma.ts';
import type { Cents } from '../../domain/money.ts';

/**
 * The buyer's fee share the platform holds for a transaction: the fee part of its completed pay-ins less
 * any fee already given back, so a fee is never collected twice nor refunded twice.
 */
export async function paidBuyerFee(tx: Tx | Db, transactionId: string): Promise<Cents> {
  const [row] = await tx.$queryRaw<{ fee: bigint | null }[]>`
    SELECT (COALESCE((SELECT SUM(fee_cents) FROM payments WHERE transaction_id = ${transactionId}::uuid AND status = 'completed'), 0)
          - COALESCE((SELECT SUM(fee_cents) FROM refunds WHERE transaction_id = ${transactionId}::uuid), 0))::bigint AS fee`;
  return row?.fee ?? 0n;
}

interface Owed {
  amountCents: Cents;
  paidCents: Cents;
  buyerFeeCents: Cents;
}

export function unpaidFee(txn: Owed, feePaid: Cents): Cents {
  return txn.buyerFeeCents > feePaid ? txn.buyerFeeCents - feePaid : 0n;
}

/** Everything still owed. */
export function amountDue(txn: Owed, feePaid: Cents): Cents {
  return txn.amountCents - txn.paidCents + unpaidFee(txn, feePaid);
}

/**
 * The default amount of the next STK push: the whole remaining amount, or for Lipa Mdogo Mdogo the rest
 * of the earliest unpaid installment. The buyer's fee share is collected with the first payment.
 */
export async function nextPayment(
  tx: Tx | Db,
  txn: Owed & { id: string; transactionType: string },
): Promise<{ total: Cents; fee: Cents; installmentId: string | null }> {
  const fee = unpaidFee(txn, await paidBuyerFee(tx, txn.id));
  if (txn.transactionType !== 'lipa_mdogo_mdogo') {
    return { total: txn.amountCents - txn.paidCents + fee, fee, installmentId: null };
  }
  const installment = await tx.installment.findFirst({
    where: { plan: { transactionId: txn.id }, status: { in: ['pending', 'overdue'] } },
    orderBy: { sequence: 'asc' },
  });
  if (!installment) return { total: fee, fee, installmentId: null };
  return { total: installment.amountCents - installment.paidCents + fee, fee, installmentId: installment.id };
}
