/**
 * /api/payments: payment initiation and status, and every rail's callbacks under /api/payments/<rail>
 * (rails/registry.ts), which hand their rail-neutral results to the same use-cases.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam, toMoney } from '@escrow/core/contract/common';
import { initiatePaymentBody, paymentResponse } from '@escrow/core/contract/transactions';
import type { AppContext } from '../../context.ts';
import { Prisma } from '../../db/prisma.ts';
import { isPaymentFailureKind, paymentFailureSentence, type FailureLanguage } from '@escrow/core/domain/payment-failure';
import { RAIL_DISPLAY_NAMES, RAIL_PREFIXES_TEXT, type RailChoice } from '@escrow/core/domain/rail-choice';
import { notFound } from '../../lib/app-error.ts';
import { caller } from '../../plugins/auth.ts';
import { idempotency } from '../../plugins/idempotency.ts';
import type { RailCallbackHandlers } from '../../rails/port.ts';
import { RAIL_MODULES } from '../../rails/registry.ts';
import { applyPayoutResult } from '../payouts/apply-b2c-result.ts';
import { applyPayoutStatus } from '../payouts/apply-payout-status.ts';
import { partyRole } from '../escrow-core/access.ts';
import { applyCollectionResult } from './use-cases/apply-stk-result.ts';
import { initiatePayment } from './use-cases/initiate-payment.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 502);
// Each initiation may prompt a phone: the per-account and per-phone limits (config/limits.ts) answer 429.
const initiateErrors = { ...errors, ...errorResponses(429) };
type PaymentRow = {
  id: string;
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
  amountCents: bigint;
  paymentType: 'escrow_deposit' | 'installment';
  rail: RailChoice;
  railRequestId: string | null;
  railReceipt: string | null;
  failureReason: string | null;
  failureKind: string | null;
  transactionId: string;
  createdAt: Date;
};

/** The language the signed-in reader chose (their profile's, which also sets their SMS language). */
async function readerLanguage(ctx: AppContext, userId: string): Promise<FailureLanguage> {
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { language: true } });
  return user?.language ?? 'en';
}

/**
 * A payment as its reader sees it: a failure is the plain sentence of its kind in the reader's language
 * (the rail's own words stay in result_desc, for staff). Rows from before failure kinds keep their text.
 */
async function paymentWire(ctx: AppContext, payment: PaymentRow, readerId: string) {
  const failureReason = isPaymentFailureKind(payment.failureKind)
    ? paymentFailureSentence(payment.failureKind, await readerLanguage(ctx, readerId), RAIL_DISPLAY_NAMES[payment.rail])
    : payment.failureReason;
  return {
    id: payment.id,
    status: payment.status,
    amount: toMoney(payment.amountCents),
    payment_type: payment.paymentType,
    // The wire keeps its historical M-Pesa names for the rail-neutral columns.
    checkout_request_id: payment.railRequestId,
    mpesa_receipt: payment.railReceipt,
    rail: payment.rail,
    failure_reason: failureReason,
    transaction_id: payment.transactionId,
    // When our own status query settles a prompt nobody answered (initiate-payment.ts schedules it).
    answer_by: new Date(payment.createdAt.getTime() + ctx.config.STK_RECONCILE_AFTER_SECONDS * 1000).toISOString(),
    created_at: payment.createdAt.toISOString(),
  };
}

const paymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const idem = idempotency(ctx);
  const security = [{ bearerAuth: [] }];

  app.post(
    '/initiate',
    {
      preHandler: [app.requireAuth, idem.preHandler],
      onSend: idem.onSend,
      schema: {
        tags: ['payments'],
        summary:
          'Buyer: ask the paying phone (M-Pesa STK push or Airtel Money USSD push) for what is due (or a chosen Lipa Mdogo Mdogo amount)',
        description: `rail defaults to the paying phone's network (${RAIL_PREFIXES_TEXT}); the buyer may choose. amount defaults to what is due: the full price plus the buyer fee share, or the next installment (plus the fee share with the first payment). 202: a new STK push was sent (or sent with its answer lost in transit: the payment stays pending until a callback or a status query settles it). One prompt at a time: while a payment of the transaction is pending, the call sends no second push and answers 200 with that pending payment, whatever the body asks; initiate again once it has completed or failed. Every call counts against the prompt limits (LIMIT_PAYMENTS_PER_ACCOUNT_PER_HOUR per account, LIMIT_PAYMENTS_PER_PHONE_PER_HOUR per phone named in phone_number): past them, 429 RATE_LIMITED with Retry-After.`,
        security,
        body: initiatePaymentBody,
        response: { 200: paymentResponse, 202: paymentResponse, ...initiateErrors },
      },
    },
    async (request, reply) => {
      const { payment, isNew } = await initiatePayment(ctx, {
        transactionId: request.body.transaction_id,
        caller: caller(request),
        phone: request.body.phone_number,
        amount: request.body.amount,
        rail: request.body.rail,
      });
      const railName = RAIL_DISPLAY_NAMES[payment.rail];
      return reply.status(isNew ? 202 : 200).send({
        success: true as const,
        message: isNew
          ? `Payment request sent to your phone. Enter your ${railName} PIN to pay.`
          : `A payment request is already waiting on your phone. Enter your ${railName} PIN to pay.`,
        data: { payment: await paymentWire(ctx, payment, caller(request).userId) },
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
      return {
        success: true as const,
        message: 'Payment status',
        data: { payment: await paymentWire(ctx, payment, caller(request).userId) },
      };
    },
  );

  const handlers: RailCallbackHandlers = {
    async receive(rail, kind, externalId, body, apply) {
      // The raw body first (audit, replay), then what processing it did.
      const stored = await ctx.db.railCallback.create({
        data: { rail, kind, externalId, body: (body ?? {}) as Prisma.InputJsonValue },
        select: { id: true },
      });
      const outcome = await apply();
      await ctx.db.railCallback.update({ where: { id: stored.id }, data: { processedAt: ctx.now(), outcome } });
      ctx.jobs.nudge();
    },
    collectionResult: (input) => applyCollectionResult(ctx, { ...input, source: 'callback' }),
    payoutResult: (input) => applyPayoutResult(ctx, input),
    payoutStatus: (input) => applyPayoutStatus(ctx, input),
  };
  for (const rail of RAIL_MODULES) {
    await app.register(rail.callbacks.routes, {
      prefix: `/${rail.name}`,
      handlers,
      secret: rail.callbacks.secret(ctx.config),
      allowedIps: ctx.config.GATEWAY_ALLOWED_IPS,
    });
  }
};

export default paymentRoutes;
