/**
 * A transaction's dispute with its evidence (newest dispute, evidence oldest first), for the parties
 * and admins. Anyone else gets 404, as for the transaction itself.
 */
import type { AppContext } from '../../../context.ts';
import type { Db, Tx } from '../../../db/prisma.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { partyRole } from '../../escrow-core/access.ts';
import { toDisputeCaseWire } from '../../escrow-core/dispute-wire.ts';
import { EVIDENCE_SELECT, toEvidenceWire } from '../evidence-wire.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The transaction's most recent dispute (a plan may see a second one after a ruling let it go on). */
export async function latestDispute(tx: Tx | Db, transactionId: string) {
  return tx.dispute.findFirst({ where: { transactionId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

export const noDispute = () => new AppError('NOT_FOUND', 'There is no dispute on this transaction');

export async function getDisputeCase(ctx: AppContext, options: { transactionId: string; caller: Pick<AuthUser, 'userId' | 'role'> }) {
  if (!UUID.test(options.transactionId)) throw notFound();
  const txn = await ctx.db.transaction.findUnique({
    where: { id: options.transactionId },
    select: { id: true, buyerId: true, sellerId: true },
  });
  if (!txn || !partyRole(txn, options.caller)) throw notFound();
  const dispute = await latestDispute(ctx.db, txn.id);
  if (!dispute) throw noDispute();
  const evidence = await ctx.db.disputeEvidence.findMany({
    where: { disputeId: dispute.id },
    select: EVIDENCE_SELECT,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return { dispute: toDisputeCaseWire(dispute, txn), evidence: evidence.map((item) => toEvidenceWire(item, txn)) };
}
