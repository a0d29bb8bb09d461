/** Evidence rows → the wire shape of contract/disputes.ts. Evidence bytes never leave here. */
import type { EvidenceWire } from '@escrow/core/contract/disputes';
import type { Prisma } from '../../db/prisma.ts';
import type { Parties } from '../escrow-core/access.ts';
import { evidenceFileName } from './evidence-file.ts';

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
    // The name the download is saved under, not the stored one (older rows kept the uploader's).
    file_name: evidenceFileName(evidence),
    mime_type: evidence.mimeType,
    size_bytes: evidence.sizeBytes,
    submitted_by: submittedBy,
    created_at: evidence.createdAt.toISOString(),
    download_url: evidence.mimeType ? evidenceDownloadUrl(evidence.id) : null,
  };
}
