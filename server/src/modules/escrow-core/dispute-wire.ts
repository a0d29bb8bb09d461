/** Dispute rows → the wire shape of contract/disputes.ts (evidence: disputes/evidence-wire.ts). */
import type { DisputeCaseWire } from '@escrow/core/contract/disputes';
import type { Prisma } from '../../db/prisma.ts';
import { formatCents } from '@escrow/core/domain/money';
import type { Parties } from './access.ts';

export type DisputeRow = Prisma.DisputeGetPayload<object>;

export function toDisputeCaseWire(dispute: DisputeRow, parties: Parties): DisputeCaseWire {
  const openedBy = dispute.openedById === parties.buyerId ? ('buyer' as const) : ('seller' as const);
  return {
    id: dispute.id,
    transaction_id: dispute.transactionId,
    reason: dispute.reason,
    description: dispute.description,
    status: dispute.status,
    opened_by: openedBy,
    respondent: openedBy === 'buyer' ? 'seller' : 'buyer',
    respond_by: dispute.respondBy.toISOString(),
    response: dispute.response,
    responded_at: dispute.respondedAt?.toISOString() ?? null,
    outcome: dispute.outcome,
    buyer_amount: dispute.buyerAmountCents === null ? null : formatCents(dispute.buyerAmountCents),
    seller_amount: dispute.sellerAmountCents === null ? null : formatCents(dispute.sellerAmountCents),
    ruling_note: dispute.rulingNote,
    resolved_at: dispute.resolvedAt?.toISOString() ?? null,
    created_at: dispute.createdAt.toISOString(),
  };
}
