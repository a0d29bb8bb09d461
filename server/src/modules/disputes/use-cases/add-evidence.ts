/**
 * Adds evidence to an open dispute: a statement, or a file (screenshot, chat history, delivery record…)
 * whose bytes are stored in PostgreSQL so every server process can serve them. The parties and the
 * mediation team may add evidence until the ruling; the file's type and size are checked by the route.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../../context.ts';
import { inTransaction } from '../../../db/prisma.ts';
import { EVIDENCE_PER_DISPUTE_MAX, type EvidenceWire } from '@escrow/core/contract/disputes';
import { businessRule, invalidState, notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { lockTransaction, partyRole } from '../../escrow-core/access.ts';
import { appendEvent } from '../../escrow-core/timeline.ts';
import type { EvidenceMimeType } from '../evidence-file.ts';
import { EVIDENCE_SELECT, toEvidenceWire } from '../evidence-wire.ts';
import { latestDispute, noDispute } from './get-dispute-case.ts';

export type EvidenceKind = 'screenshot' | 'chat_history' | 'delivery_record' | 'other' | 'statement';

export interface EvidenceFile {
  fileName: string;
  mimeType: EvidenceMimeType;
  bytes: Buffer;
}

export async function addEvidence(
  ctx: AppContext,
  options: {
    transactionId: string;
    caller: Pick<AuthUser, 'userId' | 'role'>;
    kind: EvidenceKind;
    description: string;
    file?: EvidenceFile;
  },
): Promise<EvidenceWire> {
  return inTransaction(ctx.db, async (tx) => {
    const txn = await lockTransaction(tx, options.transactionId);
    const role = partyRole(txn, options.caller);
    if (!role) throw notFound();
    const dispute = await latestDispute(tx, txn.id);
    if (!dispute) throw noDispute();
    if (dispute.status !== 'open') throw invalidState('The mediation team has ruled on this dispute: no more evidence can be added');
    const count = await tx.disputeEvidence.count({ where: { disputeId: dispute.id } });
    if (count >= EVIDENCE_PER_DISPUTE_MAX) {
      throw businessRule(
        `A dispute can hold at most ${EVIDENCE_PER_DISPUTE_MAX} pieces of evidence. Please combine them into fewer files.`,
      );
    }
    const file = options.file;
    const evidence = await tx.disputeEvidence.create({
      data: {
        disputeId: dispute.id,
        submittedById: options.caller.userId,
        kind: options.kind,
        description: options.description,
        ...(file
          ? {
              fileName: file.fileName,
              mimeType: file.mimeType,
              sizeBytes: file.bytes.length,
              sha256: createHash('sha256').update(file.bytes).digest('hex'),
              content: new Uint8Array(file.bytes),
            }
          : {}),
      },
      select: EVIDENCE_SELECT,
    });
    await appendEvent(tx, {
      transactionId: txn.id,
      eventType: 'dispute_evidence_added',
      description: `The ${role} added evidence (${options.kind.replaceAll('_', ' ')})${file ? `: ${file.fileName}` : ''}`,
      actorId: options.caller.userId,
      data: {
        dispute_id: dispute.id,
        evidence_id: evidence.id,
        kind: options.kind,
        ...(file ? { file_name: file.fileName } : {}),
        actor: role,
      },
    });
    return toEvidenceWire(evidence, txn);
  });
}
