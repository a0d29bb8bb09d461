/** /api/payments: STK push initiation and status, and Daraja's callbacks (CONTRACT.md "Payments"). */
import { gatewayGuard, isSameSecret } from '../../plugins/gateway-guard.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, idParam, toMoney } from '../../contract/common.ts';
import { initiatePaymentBody, paymentResponse } from '../../contract/transactions.ts';
import type { AppContext } from '../../context.ts';
import { Prisma } from '../../db/prisma.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { caller } from '../../plugins/auth.ts';
import { idempotency } from '../../plugins/idempotency.ts';
import { applyB2cResult } from '../payouts/apply-b2c-result.ts';
import { applyPayoutStatus } from '../payouts/apply-payout-status.ts';
import { partyRole } from '../escrow-core/access.ts';
import { applyStkResult } from './use-cases/apply-stk-result.ts';
import { initiatePayment } from './use-cases/initiate-payment.ts';

const errors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  422: errorEnvelope,
  502: errorEnvelope,
};
const accepted = z.object({ ResultCode: z.literal(0), ResultDesc: z.literal('Accepted') });
const ACCEPTED = { ResultCode: 0 as const, ResultDesc: 'Accepted' as const };

/** Daraja's STK callback body. */
const stkCallbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100).optional(),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string().max(500).default(''),
      CallbackMetadata: z
        .object({ Item: z.array(z.object({ Name: z.string().max(100), Value: z.union([z.string(), z.number()]).optional() })).max(50) })
        .optional(),
    }),
  }),
});

/** Daraja's B2C result body (also sent to the QueueTimeOutURL). */
const b2cResultBody = z.object({
  Result: z.object({
    ResultType: z.coerce.number().optional(),
    ResultCode: z.coerce.number().int(),
    ResultDesc: z.string().max(500).default(''),
    OriginatorConversationID: z.string().min(1).max(100),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z
      .object({
        ResultParameter: z.union([
          z.array(z.object({ Key: z.string(), Value: z.unknown() })),
          z.object({ Key: z.string(), Value: z.unknown() }),
        ]),
      })
      .optional(),
  }),
});

/** Daraja's Transaction Status result body (also sent to its QueueTimeOutURL); ResultCode may be a string such as R000002. */
const transactionStatusResultBody = z.object({
  Result: z.object({
    ResultType: z.coerce.number().optional(),
    ResultCode: z.union([z.number().int(), z.string().max(20)]),
    ResultDesc: z.string().max(500).default(''),
    OriginatorConversationID: z.string().max(100).optional(),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z
      .object({
        ResultParameter: z.union([
          z.array(z.object({ Key: z.string().max(100), Value: z.unknown().optional() })).max(50),
          z.object({ Key: z.string().max(100), Value: z.unknown().optional() }),
        ]),
      })
      .optional(),
  }),
});

const paymentWire = (payment: {
  id: string;
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
  amountCents: bigint;
  paymentType: 'escrow_deposit' | 'installment';
  checkoutRequestId: string | null;
  mpesaReceipt: string | null;
  failureReason: string | null;
  transactionId: string;
  createdAt: Date;
}) => ({
  id: payment.id,
  status: payment.status,
  amount: toMoney(payment.amountCents),
  payment_type: payment.paymentType,
  checkout_request_id: payment.checkoutRequestId,
  mpesa_receipt: payment.mpesaReceipt,
  failure_reason: payment.failureReason,
  transaction_id: payment.transactionId,
  created_at: payment.createdAt.toISOString(),
});

const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const idem = idempotency(ctx);
  const security = [{ bearerAuth: [] }];
  const isSecret = (candidate: string) => isSameSecret(candidate, ctx.config.MPESA_CALLBACK_SECRET);
  // Daraja's callbacks: the secret segment and GATEWAY_ALLOWED_IPS, checked before the body is read.
  app.addHook('onRequest', gatewayGuard({ secret: ctx.config.MPESA_CALLBACK_SECRET, allowedIps: ctx.config.GATEWAY_ALLOWED_IPS }));

  app.post(
    '/initiate',
    {
      preHandler: [app.requireAuth, idem.preHandler],
      onSend: idem.onSend,
      schema: {
        tags: ['payments'],
        summary: 'Buyer: send an M-Pesa STK push for what is due (or a chosen Lipa Mdogo Mdogo amount)',
        description:
          'amount defaults to what is due: the full price plus the buyer fee share, or the next installment (plus the fee share with the first payment). 202: a new STK push was sent. One prompt at a time: while a payment of the transaction is pending, the call sends no second push and answers 200 with that pending payment, whatever the body asks; initiate again once it has completed or failed.',
        security,
        body: initiatePaymentBody,
        response: { 200: paymentResponse, 202: paymentResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { payment, isNew } = await initiatePayment(ctx, {
        transactionId: request.body.transaction_id,
        caller: caller(request),
        phone: request.body.phone_number,
        amount: request.body.amount,
      });
      return reply.status(isNew ? 202 : 200).send({
        success: true as const,
        message: isNew
          ? 'Payment request sent to your phone. Enter your M-Pesa PIN to pay.'
          : 'A payment request is already waiting on your phone. Enter your M-Pesa PIN to pay.',
        data: { payment: paymentWire(payment) },
      });
    },
  );

  app.get(
    '/:id/status',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['payments'],
        summary: 'Status of one payment',
        security,
        params: idParam,
        response: { 200: paymentResponse, ...errors },
      },
    },
    async (request) => {
      const payment = await ctx.db.payment.findUnique({
        where: { id: request.params.id },
        include: { transaction: { select: { buyerId: true, sellerId: true } } },
      });
      if (!payment || !partyRole(payment.transaction, caller(request))) throw notFound('Payment');
      return { success: true as const, message: 'Payment status', data: { payment: paymentWire(payment) } };
    },
  );

  /** Stores the raw body first (audit, replay), then processes it. */
  async function recordCallback(kind: string, externalId: string | null, body: unknown) {
    return ctx.db.mpesaCallback.create({
      data: { kind, externalId, body: (body ?? {}) as Prisma.InputJsonValue },
      select: { id: true },
    });
  }

  app.post(
    '/mpesa/callback/:secret',
    {
      schema: {
        tags: ['payments'],
        summary: "Daraja's STK push callback (the secret path segment is configured with the push)",
        params: z.object({ secret: z.string().max(200) }),
        querystring: z.object({ payment: z.string().max(64).optional() }),
        body: stkCallbackBody,
        response: { 200: accepted, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      if (!isSecret(request.params.secret)) throw new AppError('NOT_FOUND', 'Not found');
      const callback = request.body.Body.stkCallback;
      const stored = await recordCallback('stk', callback.CheckoutRequestID, request.body);
      const item = (name: string) => callback.CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value;
      const receipt = item('MpesaReceiptNumber');
      const amount = item('Amount');
      const outcome = await applyStkResult(ctx, {
        checkoutRequestId: callback.CheckoutRequestID,
        paymentIdHint: request.query.payment,
        resultCode: callback.ResultCode,
        resultDesc: callback.ResultDesc,
        receipt: receipt === undefined ? null : String(receipt),
        amount: amount === undefined ? null : Number(amount),
        source: 'callback',
      });
      await ctx.db.mpesaCallback.update({ where: { id: stored.id }, data: { processedAt: ctx.now(), outcome } });
      ctx.jobs.nudge();
      return ACCEPTED;
    },
  );

  for (const kind of ['result', 'timeout'] as const) {
    app.post(
      `/mpesa/b2c/${kind}/:secret`,
      {
        schema: {
          tags: ['payments'],
          summary: kind === 'result' ? "Daraja's B2C result callback" : "Daraja's B2C queue timeout callback",
          params: z.object({ secret: z.string().max(200) }),
          body: b2cResultBody,
          response: { 200: accepted, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        if (!isSecret(request.params.secret)) throw new AppError('NOT_FOUND', 'Not found');
        const result = request.body.Result;
        const stored = await recordCallback(`b2c_${kind}`, result.OriginatorConversationID, request.body);
        const parameters = result.ResultParameters?.ResultParameter;
        const list = Array.isArray(parameters) ? parameters : parameters ? [parameters] : [];
        const receipt = list.find((entry) => entry.Key === 'TransactionReceipt')?.Value ?? result.TransactionID ?? null;
        // A queue timeout says nothing about the outcome: leave the payout for the job to send again.
        const outcome =
          kind === 'timeout'
            ? 'timeout'
            : await applyB2cResult(ctx, {
                originatorConversationId: result.OriginatorConversationID,
                resultCode: result.ResultCode,
                resultDesc: result.ResultDesc,
                receipt: receipt === null ? null : String(receipt),
              });
        await ctx.db.mpesaCallback.update({ where: { id: stored.id }, data: { processedAt: ctx.now(), outcome } });
        ctx.jobs.nudge();
        return ACCEPTED;
      },
    );
  }

  for (const kind of ['result', 'timeout'] as const) {
    app.post(
      `/mpesa/b2c/status/${kind}/:secret`,
      {
        schema: {
          tags: ['payments'],
          summary:
            kind === 'result'
              ? "Daraja's Transaction Status result for a payout (the payout id is in the query string given with the query)"
              : "Daraja's Transaction Status queue timeout",
          params: z.object({ secret: z.string().max(200) }),
          querystring: z.object({ payout: z.uuid().optional() }),
          body: transactionStatusResultBody,
          response: { 200: accepted, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        if (!isSecret(request.params.secret)) throw new AppError('NOT_FOUND', 'Not found');
        const result = request.body.Result;
        const stored = await recordCallback(`b2c_status_${kind}`, request.query.payout ?? null, request.body);
        const parameters = result.ResultParameters?.ResultParameter;
        const list = Array.isArray(parameters) ? parameters : parameters ? [parameters] : [];
        const parameter = (key: string) => {
          const value = list.find((entry) => entry.Key === key)?.Value;
          return value === undefined || value === null || value === '' ? null : String(value).slice(0, 100);
        };
        // A queue timeout says nothing about the payout: it is queried again later.
        const outcome =
          kind === 'timeout' || !request.query.payout
            ? 'ignored'
            : await applyPayoutStatus(ctx, {
                payoutId: request.query.payout,
                resultCode: result.ResultCode,
                resultDesc: result.ResultDesc,
                transactionStatus: parameter('TransactionStatus'),
                receipt: parameter('ReceiptNo'),
                originatorConversationId: parameter('OriginatorConversationID'),
              });
        await ctx.db.mpesaCallback.update({ where: { id: stored.id }, data: { processedAt: ctx.now(), outcome } });
        ctx.jobs.nudge();
        return ACCEPTED;
      },
    );
  }
};

export default paymentRoutes;
