/** Dispute and evidence rows → the wire shapes of contract/disputes.ts. Evidence bytes never leave here. */
import type { DisputeCaseWire, EvidenceWire } from '@escrow/core/contract/disputes';
import type { Prisma } from '../../db/prisma.ts';
import { formatCents } from '@escrow/core/domain/money';
import type { Parties } from './access.ts';

/** Everything about an evidence item except its bytes. */
export const EVIDENCE_SELECT = {
  id: true,
  kind: true,
  description: true,
  fileName: true,
  mimeType: true,
  sizeBytes: true,
  submittedById: true,
  createdAt: true,
} satisfies Prisma.DisputeEvidenceSelect;

export type EvidenceRow = Prisma.DisputeEvidenceGetPayload<{ select: typeof EVIDENCE_SELECT }>;
export type DisputeRow = Prisma.DisputeGetPayload<object>;

export function evidenceDownloadUrl(evidenceId: string): string {
  return `/api/disputes/evidence/${evidenceId}/file`;
}

export function toEvidenceWire(evidence: EvidenceRow, parties: Parties): EvidenceWire {
  const submittedBy =
    evidence.submittedById === parties.buyerId ? 'buyer' : evidence.submittedById === parties.sellerId ? 'seller' : 'admin';
  return {
    id: evidence.id,
    kind: evidence.kind,
    description: evidence.description,
    file_name: evidence.fileName,
    mime_type: evidence.mimeType,
    size_bytes: evidence.sizeBytes,
    submitted_by: submittedBy,
    created_at: evidence.createdAt.toISOString(),
    download_url: evidence.mimeType ? evidenceDownloadUrl(evidence.id) : null,
  };
}

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
