/** The bytes of an evidence file, for the parties and admins only (404 to anyone else, as if it did not exist). */
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { AuthUser } from '../../../plugins/auth.ts';
import { partyRole } from '../../escrow-core/access.ts';
import { evidenceFileName, type EvidenceMimeType } from '../evidence-file.ts';

export async function readEvidenceFile(ctx: AppContext, options: { evidenceId: string; caller: Pick<AuthUser, 'userId' | 'role'> }) {
  const evidence = await ctx.db.disputeEvidence.findUnique({
    where: { id: options.evidenceId },
    select: {
      fileName: true,
      mimeType: true,
      content: true,
      dispute: { select: { transaction: { select: { buyerId: true, sellerId: true } } } },
    },
  });
  if (!evidence || !partyRole(evidence.dispute.transaction, options.caller)) throw notFound('Evidence file');
  if (!evidence.content || !evidence.mimeType) throw notFound('Evidence file');
  return {
    fileName: evidenceFileName(evidence)!,
    mimeType: evidence.mimeType as EvidenceMimeType,
    content: Buffer.from(evidence.content),
  };
}
