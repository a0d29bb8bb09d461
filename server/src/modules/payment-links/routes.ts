/** /api/payment-links: sellers create, list and disable links; anyone reads one; a buyer checks out. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '@escrow/core/contract/common';
import {
  checkoutBody,
  createPaymentLinkBody,
  paymentLinkCodeParam,
  paymentLinkListResponse,
  paymentLinkResponse,
  publicPaymentLinkResponse,
} from '@escrow/core/contract/payment-links';
import { transactionResponse } from '@escrow/core/contract/transactions';
import type { AppContext } from '../../context.ts';
import { caller } from '../../plugins/auth.ts';
import { signedInIdempotent } from '../../plugins/idempotency.ts';
import { answerCreatedTransaction, createdTransactionBody, createdTransactionWire } from '../transactions/use-cases/read-transactions.ts';
import { checkoutPaymentLink } from './use-cases/checkout-payment-link.ts';
import { createPaymentLink } from './use-cases/create-payment-link.ts';
import { disablePaymentLink } from './use-cases/disable-payment-link.ts';
import { getPublicPaymentLink, listPaymentLinks, ownPaymentLink, type OwnLinkKey } from './use-cases/read-payment-links.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

const paymentLinkRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = signedInIdempotent(ctx, app.requireAuth);
  const createdLinkBody = async (where: OwnLinkKey) => ({
    success: true as const,
    message: 'Payment link created',
    data: { payment_link: await ownPaymentLink(ctx, where) },
  });
  const creatingLink = signedInIdempotent(ctx, app.requireAuth, {
    answerCreated: (id, who) => createdLinkBody({ sellerId: who.userId, id }),
  });
  const checkingOut = signedInIdempotent(ctx, app.requireAuth, {
    answerCreated: answerCreatedTransaction(ctx),
  });
  const security = [{ bearerAuth: [] }];

  app.post(
    '/',
    {
      ...creatingLink,
      schema: {
        tags: ['payment-links'],
        summary: 'Seller: create a payment link to share (WhatsApp, Instagram, Facebook)',
        description:
          'Sellers and "both" accounts only (a buyer account is 403). Answers the link with its `url` (`PUBLIC_BASE_URL/pay/{code}`).',
        security,
        body: createPaymentLinkBody,
        response: { 201: paymentLinkResponse, ...errors },
      },
    },
    async (request, reply) => {
      const who = caller(request);
      const body = request.body;
      const link = await createPaymentLink(ctx, {
        sellerId: who.userId,
        productName: body.product_name,
        amount: body.amount,
        transactionType: body.transaction_type,
        ...(body.description ? { description: body.description } : {}),
        ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
        ...(body.expires_at ? { expiresAt: new Date(body.expires_at) } : {}),
        ...(body.installment_months ? { installmentMonths: body.installment_months } : {}),
        channel: 'web',
        idempotencyRecordId: request.idempotencyRecordId,
      });
      return reply.status(201).send(await createdLinkBody({ sellerId: who.userId, code: link.code }));
    },
  );

  app.get(
    '/',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['payment-links'],
        summary: "The caller's payment links (newest 100), each with its checkouts and the money held",
        security,
        response: { 200: paymentLinkListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Payment links',
      data: { payment_links: await listPaymentLinks(ctx, { sellerId: caller(request).userId }) },
    }),
  );

  app.get(
    '/:code',
    {
      schema: {
        tags: ['payment-links'],
        summary: 'Public: one payment link as a buyer sees it (no auth; never the seller’s phone)',
        params: paymentLinkCodeParam,
        response: { 200: publicPaymentLinkResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Payment link',
      data: { payment_link: await getPublicPaymentLink(ctx, request.params.code) },
    }),
  );

  app.post(
    '/:code/disable',
    {
      ...guarded,
      schema: {
        tags: ['payment-links'],
        summary: 'Seller: stop a link (checkouts already made go on); another seller’s link is 404',
        security,
        params: paymentLinkCodeParam,
        response: { 200: paymentLinkResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Payment link disabled',
      data: { payment_link: await disablePaymentLink(ctx, { sellerId: caller(request).userId, code: request.params.code }) },
    }),
  );

  app.post(
    '/:code/checkout',
    {
      ...checkingOut,
      schema: {
        tags: ['payment-links'],
        summary: 'Buyer: check out from a link (a normal transaction with `payment_link_code`)',
        description:
          'Sold out, expired or disabled: 409 INVALID_STATE. The seller buying from their own link: 422 BUSINESS_RULE. Then pay with POST /api/payments/initiate.',
        security,
        params: paymentLinkCodeParam,
        body: checkoutBody,
        response: { 201: transactionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const who = caller(request);
      const txn = await checkoutPaymentLink(ctx, {
        buyerId: who.userId,
        code: request.params.code,
        idempotencyRecordId: request.idempotencyRecordId,
        ...(request.body?.amount !== undefined ? { deposit: request.body.amount } : {}),
      });
      return reply.status(201).send(createdTransactionBody(createdTransactionWire(txn, ctx.config)));
    },
  );
};

export default paymentLinkRoutes;
