/**
 * The statements on a payment still waiting for the payer that more than one use case runs: initiating a
 * payment (one prompt at a time) and reconciling one (a request that never reached the rail).
 * `test/backlog-plans.int.test.ts` checks that each is served by its key's index while a backlog waits.
 */
import type { Db, Tx } from '../../db/prisma.ts';
import type { Payment } from '../../generated/prisma/client.ts';

/**
 * The transaction's payment still waiting for the payer, if any, read through the transaction's own
 * index. The status is compared as text so that the planner cannot take the index on (status,
 * created_at): it did whenever its statistics had seen few pending payments, and walked every pending
 * payment on the platform with this transaction locked (0.3-0.6 ms with 3,000 pending, more the more are
 * pending, as while M-Pesa is slow to call back).
 */
export const PENDING_PAYMENT_OF_TRANSACTION = `SELECT id::text FROM payments
  WHERE transaction_id = $1::uuid AND status::text = 'pending' ORDER BY created_at DESC LIMIT 1`;

export async function pendingPaymentOf(tx: Tx, transactionId: string): Promise<Payment | null> {
  const [row] = await tx.$queryRawUnsafe<{ id: string }[]>(PENDING_PAYMENT_OF_TRANSACTION, transactionId);
  return row ? tx.payment.findUnique({ where: { id: row.id } }) : null;
}

/**
 * A payment whose request never reached the rail is failed, unless a callback or a reconciliation has
 * settled it meanwhile. By its id, the status compared as text as above: failures come in runs while a
 * rail is down, which is when pending payments pile up.
 */
export const PAYMENT_NOT_SENT = `UPDATE payments SET status = 'failed', failure_kind = 'not_sent', failure_reason = $2, updated_at = now()
  WHERE id = $1::uuid AND status::text = 'pending' AND rail_request_id IS NULL`;

export async function markPaymentNotSent(db: Db, paymentId: string, reason: string): Promise<void> {
  await db.$executeRawUnsafe(PAYMENT_NOT_SENT, paymentId, reason);
}
