/** Reads what the refund policy (domain/refund-policy.ts) needs to know about a transaction. */
import type { Db, Tx } from '../../../db/prisma.ts';
import { formatKes } from '@escrow/core/domain/money';
import type { RefundFacts } from '@escrow/core/domain/refund-policy';
import type { Parties } from '../../escrow-core/access.ts';
import { displayDate } from '../format.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Null when the transaction does not exist. */
export async function refundFacts(db: Db | Tx, transactionId: string): Promise<{ parties: Parties; facts: RefundFacts } | null> {
  if (!UUID.test(transactionId)) return null;
  const txn = await db.transaction.findUnique({
    where: { id: transactionId },
    select: {
      buyerId: true,
      sellerId: true,
      status: true,
      transactionType: true,
      refundedCents: true,
      completedAt: true,
      releasedBy: true,
      disputes: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1, select: { status: true, outcome: true } },
    },
  });
  if (!txn) return null;
  const dispute = txn.disputes[0] ?? null;
  const ruledForRelease = txn.status === 'completed' && txn.releasedBy === 'ruling';
  return {
    parties: { buyerId: txn.buyerId, sellerId: txn.sellerId },
    facts: {
      status: txn.status,
      transactionType: txn.transactionType,
      refunded: txn.refundedCents > 0n ? formatKes(txn.refundedCents) : null,
      releasedBy: txn.status === 'completed' ? (txn.releasedBy ?? 'buyer') : null,
      releasedOn: txn.completedAt ? displayDate(txn.completedAt) : null,
      ruling: ruledForRelease ? (dispute?.outcome ?? null) : null,
      disputeStatus: dispute?.status ?? null,
    },
  };
}
