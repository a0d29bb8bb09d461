/** /api/transactions: create, list, detail and the actions (docs/contract.md "Transactions"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParam } from '@escrow/core/contract/common';
import {
  createTransactionBody,
  dispatchBody,
  disputeBody,
  listTransactionsQuery,
  listTransactionsResponse,
  transactionDetailResponse,
  transactionResponse,
} from '@escrow/core/contract/transactions';
import type { AppContext } from '../../context.ts';
import { caller } from '../../plugins/auth.ts';
import { idempotency } from '../../plugins/idempotency.ts';
import { cancelTransaction } from './use-cases/cancel-transaction.ts';
import { createTransaction } from './use-cases/create-transaction.ts';
import { dispatchTransaction } from './use-cases/dispatch-transaction.ts';
import { openDispute } from './use-cases/open-dispute.ts';
import {
  answerCreatedTransaction,
  createdTransactionBody,
  createdTransactionWire,
  getTransactionDetail,
  listTransactions,
  transactionForCaller,
} from './use-cases/read-transactions.ts';
import { releasePayment } from './use-cases/release-payment.ts';

// 429: the abuse limits of transaction creation (docs/contract.md "Abuse limits").
const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);
const optionalBody = z.object({ reason: z.string().trim().max(500).optional() }).nullish();

const transactionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const idem = idempotency(ctx);
  const guarded = { preHandler: [app.requireAuth, idem.preHandler], onSend: idem.onSend };
  const creating = idempotency(ctx, {
    answerCreated: answerCreatedTransaction(ctx),
  });
  const security = [{ bearerAuth: [] }];

  app.post(
    '/',
    {
      preHandler: [app.requireAuth, creating.preHandler],
      onSend: creating.onSend,
      schema: {
        tags: ['transactions'],
        summary: 'Create a transaction (the caller is the buyer)',
        security,
        body: createTransactionBody,
        response: { 201: transactionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const who = caller(request);
      const body = request.body;
      const txn = await createTransaction(ctx, {
        buyerId: who.userId,
        sellerPhone: body.seller_phone,
        productName: body.product_name,
        transactionType: body.transaction_type,
        amount: body.amount,
        totalCost: body.total_cost,
        installmentMonths: body.installment_months,
        channel: 'web',
        idempotencyRecordId: request.idempotencyRecordId,
      });
      return reply.status(201).send(createdTransactionBody(createdTransactionWire(txn, ctx.config)));
    },
  );

  app.get(
    '/',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['transactions'],
        summary: "The caller's transactions (admins: all) with filters, search, pagination and a summary",
        description: 'search matches the reference number (prefix), the product name, or a buyer or seller phone.',
        security,
        querystring: listTransactionsQuery,
        response: { 200: listTransactionsResponse, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const data = await listTransactions(ctx, {
        caller: caller(request),
        status: query.status,
        transactionType: query.transaction_type,
        amountMin: query.amount_min,
        amountMax: query.amount_max,
        search: query.search,
        role: query.role,
        page: query.page,
        perPage: query.per_page,
      });
      return { success: true as const, message: 'Transactions', data };
    },
  );

  app.get(
    '/:id',
    {
      preHandler: app.requireAuth,
      schema: {
        tags: ['transactions'],
        summary: 'One transaction with charges, parties, payments, installments, dispute and timeline',
        security,
        params: idParam,
        response: { 200: transactionDetailResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Transaction',
      data: await getTransactionDetail(ctx, { transactionId: request.params.id, caller: caller(request) }),
    }),
  );

  app.post(
    '/:id/dispatch',
    {
      ...guarded,
      schema: {
        tags: ['transactions'],
        summary: 'Seller: mark a fully paid transaction dispatched, optionally with the courier, tracking number and a note for the buyer',
        security,
        params: idParam,
        body: dispatchBody,
        response: { 200: transactionResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      const body = request.body ?? {};
      await dispatchTransaction(ctx, {
        transactionId: request.params.id,
        caller: who,
        courier: body.courier,
        trackingNumber: body.tracking_number,
        note: body.note,
      });
      return {
        success: true as const,
        message: 'Transaction marked as dispatched',
        data: { transaction: await transactionForCaller(ctx, request.params.id, who) },
      };
    },
  );

  const actions = [
    {
      path: 'release_payment',
      summary: 'Buyer: confirm delivery and release payment to the seller',
      message: 'Payment released to the seller',
      run: releasePayment,
    },
    {
      path: 'cancel',
      summary: 'Buyer or seller: cancel (before payment) or cancel with full refund (funded, not dispatched)',
      message: 'Transaction cancelled',
      run: cancelTransaction,
    },
  ] as const;

  for (const action of actions) {
    app.post(
      `/:id/${action.path}`,
      {
        ...guarded,
        schema: {
          tags: ['transactions'],
          summary: action.summary,
          security,
          params: idParam,
          body: optionalBody,
          response: { 200: transactionResponse, ...errors },
        },
      },
      async (request) => {
        const who = caller(request);
        await action.run(ctx, {
          transactionId: request.params.id,
          caller: who,
          ...(request.body?.reason ? { reason: request.body.reason } : {}),
        });
        return {
          success: true as const,
          message: action.message,
          data: { transaction: await transactionForCaller(ctx, request.params.id, who) },
        };
      },
    );
  }

  app.post(
    '/:id/dispute',
    {
      ...guarded,
      schema: {
        tags: ['transactions', 'disputes'],
        summary: 'Buyer or seller: open a dispute; the money is frozen until the mediation team rules',
        security,
        params: idParam,
        body: disputeBody,
        response: { 200: transactionResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      await openDispute(ctx, {
        transactionId: request.params.id,
        caller: who,
        description: request.body.reason,
        ...(request.body.dispute_type ? { reason: request.body.dispute_type } : {}),
      });
      return {
        success: true as const,
        message: 'Dispute opened',
        data: { transaction: await transactionForCaller(ctx, request.params.id, who) },
      };
    },
  );
};

export default transactionRoutes;
