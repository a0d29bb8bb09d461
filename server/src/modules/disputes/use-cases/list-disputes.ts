/** The mediation team's view: disputes by status (newest first) and one dispute with its transaction and evidence. */
import type { AppContext } from '../../../context.ts';
import { paginationOf } from '@escrow/core/contract/common';
import { formatCents } from '@escrow/core/domain/money';
import { notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { latestSellerPayout, transactionForCaller } from '../../transactions/use-cases/read-transactions.ts';
import { toDisputeCaseWire } from '../../escrow-core/dispute-wire.ts';
import { EVIDENCE_SELECT, toEvidenceWire } from '../evidence-wire.ts';

export async function listDisputes(
  ctx: AppContext,
  options: { status?: 'open' | 'awaiting_return' | 'resolved'; page: number; perPage: number },
) {
  const where = options.status ? { status: options.status } : {};
  const [rows, total] = await Promise.all([
    ctx.db.dispute.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (options.page - 1) * options.perPage,
      take: options.perPage,
      include: {
        transaction: { select: { referenceNumber: true, amountCents: true, buyerId: true } },
        _count: { select: { evidence: true } },
      },
    }),
    ctx.db.dispute.count({ where }),
  ]);
  return {
    disputes: rows.map((row) => ({
      id: row.id,
      transaction_id: row.transactionId,
      reference_number: row.transaction.referenceNumber,
      amount: formatCents(row.transaction.amountCents),
      reason: row.reason,
      description: row.description,
      status: row.status,
      opened_by: row.openedById === row.transaction.buyerId ? ('buyer' as const) : ('seller' as const),
      respond_by: row.respondBy.toISOString(),
      responded_at: row.respondedAt?.toISOString() ?? null,
      outcome: row.outcome,
      created_at: row.createdAt.toISOString(),
      evidence_count: row._count.evidence,
    })),
    pagination: paginationOf(options.page, options.perPage, total),
  };
}

export async function getDisputeForAdmin(ctx: AppContext, options: { disputeId: string; admin: Pick<AuthUser, 'userId' | 'role'> }) {
  const dispute = await ctx.db.dispute.findUnique({
    where: { id: options.disputeId },
    include: {
      transaction: { select: { buyerId: true, sellerId: true } },
      resolvedBy: { select: { id: true, firstName: true, lastName: true } },
      evidence: { select: EVIDENCE_SELECT, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!dispute) throw notFound('Dispute');
  const parties = dispute.transaction;
  return {
    dispute: {
      ...toDisputeCaseWire(dispute, parties),
      resolved_by: dispute.resolvedBy
        ? { id: dispute.resolvedBy.id, display_name: `${dispute.resolvedBy.firstName} ${dispute.resolvedBy.lastName}`.trim() }
        : null,
    },
    transaction: await transactionForCaller(ctx, dispute.transactionId, options.admin),
    // What became of the money a ruling released: a payout that failed or went back to the buyer is not "released to the seller".
    seller_payout: await latestSellerPayout(ctx.db, dispute.transactionId),
    evidence: dispute.evidence.map((item) => toEvidenceWire(item, parties)),
  };
}
