/**
 * Wire shapes of Lipa Mdogo Mdogo withdrawals, refund requests, disputes with evidence and the admins'
 * rulings (the lead's extra endpoint contract; policy in docs/adr/0004-refund-and-dispute-policy.md).
 */
import { z } from 'zod';
import { envelope, isoDate, moneyInput, moneyString, pagination, paginationQuery } from './common.ts';
import { DISPUTE_REASONS, disputeWire, sellerPayoutWire, transactionWire } from './transactions.ts';

export const EVIDENCE_KINDS = ['screenshot', 'chat_history', 'delivery_record', 'other', 'statement'] as const;
export const evidenceKind = z.enum(EVIDENCE_KINDS);

/** Accepted evidence files; the type is read from the file's first bytes, not only from what the client declares. */
export const EVIDENCE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf', 'text/plain'] as const;
export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const EVIDENCE_DESCRIPTION_MAX = 2000;
/** Evidence items one dispute may hold (text and files together). */
export const EVIDENCE_PER_DISPUTE_MAX = 50;

export const DISPUTE_STATUSES = ['open', 'awaiting_return', 'resolved'] as const;
export const DISPUTE_OUTCOMES = ['release_seller', 'refund_buyer', 'split'] as const;

const reasonText = (what: string) =>
  z
    .string({ message: `Please give ${what}` })
    .trim()
    .min(3, `Please give ${what}`)
    .max(EVIDENCE_DESCRIPTION_MAX, `At most ${EVIDENCE_DESCRIPTION_MAX} characters`);

// ── withdrawals and refund requests ──

export const withdrawalRequestBody = z.object({ reason: reasonText('a reason').max(1000, 'At most 1000 characters') });
export const withdrawalResponseBody = z.object({
  accept: z
    .boolean({ message: 'accept must be true or false' })
    .meta({ description: 'true refunds the paid installments now; false opens a dispute.' }),
});
export const refundRequestBody = z.object({
  reason: reasonText('a reason'),
  /** Used when the request becomes a dispute (after dispatch); `other` when absent. */
  dispute_type: z.enum(DISPUTE_REASONS).optional(),
});

// ── disputes and evidence ──

export const evidenceWire = z.object({
  id: z.string(),
  kind: evidenceKind,
  description: z.string(),
  file_name: z.string().nullable(),
  mime_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  submitted_by: z.enum(['buyer', 'seller', 'admin']),
  created_at: isoDate,
  /** GET it with the bearer token; null for text-only evidence. */
  download_url: z.string().nullable(),
});
export type EvidenceWire = z.infer<typeof evidenceWire>;

export const disputeCaseWire = disputeWire.extend({
  transaction_id: z.string(),
  /** The other party's answer, once. */
  response: z.string().nullable(),
  responded_at: isoDate.nullable(),
  /** Who may still answer: the party who did not open the dispute, until they do. */
  respondent: z.enum(['buyer', 'seller']),
});
export type DisputeCaseWire = z.infer<typeof disputeCaseWire>;

export const disputeCaseResponse = envelope(z.object({ dispute: disputeCaseWire, evidence: z.array(evidenceWire) }));

export const evidenceJsonBody = z.object({
  kind: evidenceKind,
  description: z
    .string({ message: 'Please describe the evidence' })
    .trim()
    .min(1, 'Please describe the evidence')
    .max(EVIDENCE_DESCRIPTION_MAX, `At most ${EVIDENCE_DESCRIPTION_MAX} characters`),
});

/** The documented request body; multipart/form-data adds an optional `file` part. */
export const evidenceBodyDoc = evidenceJsonBody.extend({
  file: z
    .string()
    .optional()
    .meta({ format: 'binary', description: 'multipart/form-data only: PNG, JPEG, WebP, PDF or plain text, at most 5 MB.' }),
});

export const evidenceResponse = envelope(z.object({ evidence: evidenceWire }));

export const respondBody = z.object({ response: reasonText('your response') });
export const disputeResponse = envelope(z.object({ dispute: disputeCaseWire }));

export const evidenceIdParam = z.object({ evidenceId: z.uuid({ message: 'Invalid id' }) });

// ── admin ──

export const adminDisputesQuery = paginationQuery.extend({ status: z.enum(DISPUTE_STATUSES).optional() });

export const adminDisputeListItem = z.object({
  id: z.string(),
  transaction_id: z.string(),
  reference_number: z.string(),
  amount: moneyString,
  reason: z.string(),
  description: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  opened_by: z.enum(['buyer', 'seller']),
  respond_by: isoDate,
  /** When the other party answered; null while their answer is awaited. */
  responded_at: isoDate.nullable(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  created_at: isoDate,
  evidence_count: z.number().int(),
});

export const adminDisputesResponse = envelope(z.object({ disputes: z.array(adminDisputeListItem), pagination }));

export const adminDisputeDetailResponse = envelope(
  z.object({
    dispute: disputeCaseWire.extend({ resolved_by: z.object({ id: z.string(), display_name: z.string() }).nullable() }),
    transaction: transactionWire,
    /** The transaction's latest seller payout (as in GET /api/transactions/{id}): after a ruling, whether the seller was paid, the payout failed or it was returned to the buyer. */
    seller_payout: sellerPayoutWire.nullable(),
    evidence: z.array(evidenceWire),
  }),
);

export const resolveDisputeBody = z
  .object({
    outcome: z.enum(DISPUTE_OUTCOMES),
    buyer_amount: moneyInput
      .optional()
      .meta({ description: 'split only: the part of the price refunded to the buyer (0 < buyer_amount < amount held).' }),
    note: z
      .string({ message: 'Please explain the ruling' })
      .trim()
      .min(3, 'Please explain the ruling')
      .max(2000, 'At most 2000 characters'),
  })
  .superRefine((body, ctx) => {
    if (body.outcome === 'split' && body.buyer_amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['buyer_amount'], message: 'buyer_amount is required for a split' });
    }
    if (body.outcome !== 'split' && body.buyer_amount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['buyer_amount'], message: 'buyer_amount applies only to a split' });
    }
  });
export type ResolveDisputeBody = z.infer<typeof resolveDisputeBody>;

export const resolveDisputeResponse = envelope(
  z.object({
    dispute: disputeCaseWire.extend({ resolved_by: z.object({ id: z.string(), display_name: z.string() }).nullable() }),
    transaction: transactionWire,
  }),
);

export const refundRequestResponse = envelope(
  z.object({
    transaction: transactionWire,
    /** What the request became: a cancellation with a full refund, a withdrawal the seller answers, or a dispute. */
    road: z.enum(['cancel', 'withdrawal', 'dispute']),
  }),
);
