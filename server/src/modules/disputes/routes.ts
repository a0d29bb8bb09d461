/**
 * Disputes, evidence, refund requests and rulings (the lead's extra endpoint contract). The refund and
 * dispute policy is docs/adr/0004-refund-and-dispute-policy.md; each route's description says its part.
 *
 * Multipart parsing is registered in this plugin's scope only, with hard limits, for evidence files.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, errorResponses, idParam } from '@escrow/core/contract/common';
import {
  adminDisputeDetailResponse,
  adminDisputesQuery,
  adminDisputesResponse,
  disputeCaseResponse,
  disputeResponse,
  EVIDENCE_MIME_TYPES,
  evidenceBodyDoc,
  evidenceIdParam,
  evidenceResponse,
  refundRequestBody,
  refundRequestResponse,
  resolveDisputeBody,
  resolveDisputeResponse,
  respondBody,
} from '@escrow/core/contract/disputes';
import { transactionResponse } from '@escrow/core/contract/transactions';
import type { AppContext } from '../../context.ts';
import { caller } from '../../plugins/auth.ts';
import { idempotency, signedInIdempotent } from '../../plugins/idempotency.ts';
import { transactionForCaller } from '../transactions/use-cases/read-transactions.ts';
import { attachmentDisposition } from './evidence-file.ts';
import { MULTIPART_LIMITS, readEvidenceUpload } from './evidence-upload.ts';
import { addEvidence } from './use-cases/add-evidence.ts';
import { confirmReturn } from './use-cases/confirm-return.ts';
import { getDisputeCase } from './use-cases/get-dispute-case.ts';
import { getDisputeForAdmin, listDisputes } from './use-cases/list-disputes.ts';
import { readEvidenceFile } from './use-cases/read-evidence-file.ts';
import { requestRefund } from './use-cases/request-refund.ts';
import { resolveDispute } from './use-cases/resolve-dispute.ts';
import { respondToDispute } from './use-cases/respond-to-dispute.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const security = [{ bearerAuth: [] }];
const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

const disputeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const idem = idempotency(ctx);
  const moneyMoving = signedInIdempotent(ctx, app.requireAuth);

  app.get(
    '/api/transactions/:id/dispute',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['disputes'],
        summary: "The transaction's dispute and its evidence (parties and admins)",
        description:
          'The newest dispute of the transaction, with its evidence oldest first. 404 when there is none or the caller is not a party.',
        security,
        params: idParam,
        response: { 200: disputeCaseResponse, ...errors },
      },
    },
    async (request) => ok('Dispute', await getDisputeCase(ctx, { transactionId: request.params.id, caller: caller(request) })),
  );

  app.post(
    '/api/transactions/:id/dispute/evidence',
    {
      onRequest: app.requireAuth,
      // The body is read by readEvidenceUpload (multipart or JSON); the schema documents it.
      attachValidation: true,
      schema: {
        tags: ['disputes'],
        summary: 'Add evidence to an open dispute: a statement, or a file (parties and the mediation team)',
        description: [
          'multipart/form-data with `kind`, `description` (required, at most 2000 characters) and an optional `file`;',
          'or JSON `{ kind, description }` for text only. Files: PNG, JPEG, WebP, PDF or plain text, at most 5 MB,',
          "one per item; the type is read from the file's bytes (415 when they are not an accepted type or not what",
          'was declared, 413 over 5 MB). Evidence closes when the mediation team rules (409). At most 50 items per dispute (422).',
          'Files are served only to the parties and admins.',
        ].join(' '),
        consumes: ['multipart/form-data', 'application/json'],
        security,
        params: idParam,
        body: evidenceBodyDoc,
        response: { 201: evidenceResponse, ...errors, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request, reply) => {
      const who = caller(request);
      const upload = await readEvidenceUpload(request);
      const evidence = await addEvidence(ctx, { transactionId: request.params.id, caller: who, ...upload });
      return reply.status(201).send(ok('Evidence added', { evidence }));
    },
  );

  app.post(
    '/api/transactions/:id/dispute/respond',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['disputes'],
        summary: 'The party who did not open the dispute answers it (once)',
        description:
          'Only the other party may respond (403 for the opener and admins), once (409 the second time), until the ruling. A response after `respond_by` (72 h) is still recorded and shown with its time; evidence can be added either way.',
        security,
        params: idParam,
        body: respondBody,
        response: { 200: disputeResponse, ...errors },
      },
    },
    async (request) => {
      const dispute = await respondToDispute(ctx, {
        transactionId: request.params.id,
        caller: caller(request),
        response: request.body.response,
      });
      return ok('Response recorded', { dispute });
    },
  );

  app.post(
    '/api/transactions/:id/confirm_return',
    {
      ...moneyMoving,
      schema: {
        tags: ['disputes', 'transactions'],
        summary: 'Seller: confirm the item came back after a refund ruling; the buyer is refunded in full',
        description:
          "Only after a `refund_buyer` ruling on a dispatched item (dispute status `awaiting_return`; 409 otherwise). Refunds everything the buyer paid, fee share included, and the transaction becomes `refunded`. An admin may confirm on the seller's behalf with proof of the return.",
        security,
        params: idParam,
        response: { 200: transactionResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      await confirmReturn(ctx, { transactionId: request.params.id, caller: who, ip: request.ip });
      return ok('Return confirmed; the buyer is refunded', { transaction: await transactionForCaller(ctx, request.params.id, who) });
    },
  );

  app.post(
    '/api/transactions/:id/refund_request',
    {
      ...moneyMoving,
      schema: {
        tags: ['disputes', 'transactions'],
        summary: 'Buyer: ask for a refund; the refund policy picks the road or says why not',
        description: [
          'funded, not dispatched (standard/protected) → cancelled with a full refund (`road: cancel`);',
          'Lipa Mdogo Mdogo part paid or fully paid but not dispatched → a withdrawal request the seller answers (`withdrawal`);',
          'dispatched → a dispute (`dispute`; `dispute_type` defaults to other) where evidence is heard.',
          '422 BUSINESS_RULE with the reason when nothing can be refunded: nothing paid, cancelled, already refunded,',
          'completed with no dispute (including a change of mind after delivery), released after the inspection window',
          '(disputes must come before release), or a final ruling. 409 while a dispute is open. Sellers: 403.',
        ].join(' '),
        security,
        params: idParam,
        body: refundRequestBody,
        response: { 200: refundRequestResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      const road = await requestRefund(ctx, {
        transactionId: request.params.id,
        caller: who,
        reason: request.body.reason,
        ...(request.body.dispute_type ? { disputeType: request.body.dispute_type } : {}),
      });
      const message = {
        cancel: 'Cancelled: you are refunded in full',
        withdrawal: 'Withdrawal requested: the seller will answer',
        dispute: 'Dispute opened',
      }[road];
      return ok(message, { transaction: await transactionForCaller(ctx, request.params.id, who), road });
    },
  );

  app.get(
    '/api/disputes/evidence/:evidenceId/file',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['disputes'],
        summary: 'Download an evidence file (parties and admins; 404 to anyone else)',
        description:
          'The stored bytes, as an attachment with the type detected at upload; never cached, never sniffed. 404 (error envelope) for anyone but the parties and admins, and for text-only evidence.',
        // The stored bytes go out with the type detected at upload: one of the accepted types.
        produces: [...EVIDENCE_MIME_TYPES],
        security,
        params: evidenceIdParam,
      },
    },
    async (request, reply) => {
      const file = await readEvidenceFile(ctx, { evidenceId: request.params.evidenceId, caller: caller(request) });
      return reply
        .header('Content-Type', file.mimeType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(file.content);
    },
  );

  await app.register(
    async (scope) => {
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      // Before validation: a caller who is not an admin learns nothing, not even which inputs are wrong.
      admin.addHook('onRequest', app.requireAdmin);
      const adminSchema = { tags: ['admin', 'disputes'], security };

      admin.get(
        '/disputes',
        {
          schema: {
            ...adminSchema,
            summary: 'Disputes, newest first, optionally by status',
            querystring: adminDisputesQuery,
            response: { 200: adminDisputesResponse, ...errors },
          },
        },
        async (request) =>
          ok(
            'Disputes',
            await listDisputes(ctx, { status: request.query.status, page: request.query.page, perPage: request.query.per_page }),
          ),
      );

      admin.get(
        '/disputes/:id',
        {
          schema: {
            ...adminSchema,
            summary: 'One dispute with its transaction and evidence',
            params: idParam,
            response: { 200: adminDisputeDetailResponse, ...errors },
          },
        },
        async (request) => ok('Dispute', await getDisputeForAdmin(ctx, { disputeId: request.params.id, admin: caller(request) })),
      );

      admin.post(
        '/disputes/:id/resolve',
        {
          preHandler: idem.preHandler,
          onSend: idem.onSend,
          schema: {
            ...adminSchema,
            summary: 'Rule on a dispute: release_seller, refund_buyer or split (final)',
            description: [
              'The ruling is final: a second ruling is 409. Recorded with the admin, the note and the time, and in the audit log.',
              '`release_seller` → `completed`, escrow released to the seller less the seller fee; on a Lipa Mdogo Mdogo plan',
              "that is not fully paid nothing can be released: the buyer's claim is refused and the plan goes on (`installment`).",
              '`refund_buyer` → everything the buyer paid, fee share included: refunded at once (`refunded`) if the item was',
              'never dispatched; otherwise the dispute becomes `awaiting_return` and the refund is paid when the seller confirms',
              'the return (POST /api/transactions/{id}/confirm_return). `split` (requires `buyer_amount`, whole shillings,',
              '0 < buyer_amount < amount held in escrow) → `completed`, buyer_amount refunded to the buyer (`refunded_amount`)',
              'and the rest released to the seller less the seller fee; fee shares are not refunded.',
              'An admin who is a party to the transaction cannot rule on it (403).',
            ].join(' '),
            params: idParam,
            body: resolveDisputeBody,
            response: { 200: resolveDisputeResponse, ...errors },
          },
        },
        async (request) => {
          const who = caller(request);
          const transactionId = await resolveDispute(ctx, {
            disputeId: request.params.id,
            admin: who,
            outcome: request.body.outcome,
            ...(request.body.buyer_amount !== undefined ? { buyerAmount: request.body.buyer_amount } : {}),
            note: request.body.note,
            ip: request.ip,
          });
          const detail = await getDisputeForAdmin(ctx, { disputeId: request.params.id, admin: who });
          return ok('Dispute ruled', { dispute: detail.dispute, transaction: await transactionForCaller(ctx, transactionId, who) });
        },
      );
    },
    { prefix: '/api/admin' },
  );
};

export default disputeRoutes;
