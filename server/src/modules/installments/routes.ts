/**
 * Lipa Mdogo Mdogo: the public plan calculator, the buyer's withdrawal request and the seller's answer,
 * the admins' list of flagged plans, and the start of the hourly reminder sweep.
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelope, errorResponses, idParam } from '@escrow/core/contract/common';
import { withdrawalRequestBody, withdrawalResponseBody } from '@escrow/core/contract/disputes';
import { flaggedPlansQuery, flaggedPlansResponse, planCalculateQuery, planCalculateResponse } from '@escrow/core/contract/installments';
import { transactionResponse } from '@escrow/core/contract/transactions';
import type { AppContext } from '../../context.ts';
import { caller } from '../../plugins/auth.ts';
import { signedInIdempotent } from '../../plugins/idempotency.ts';
import { requestWithdrawal } from '../transactions/use-cases/request-withdrawal.ts';
import { respondToWithdrawal } from '../transactions/use-cases/respond-to-withdrawal.ts';
import { transactionForCaller } from '../transactions/use-cases/read-transactions.ts';
import { calculatePlan } from './use-cases/calculate-plan.ts';
import { listFlaggedPlans } from './use-cases/list-flagged-plans.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const security = [{ bearerAuth: [] }];
const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

const installmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = signedInIdempotent(ctx, app.requireAuth);

  app.get(
    '/api/v1/plans/calculate',
    {
      schema: {
        tags: ['charges'],
        summary: 'Lipa Mdogo Mdogo plan: deposit, monthly installments, schedule and fees (public)',
        description:
          'The same maths as creating a plan: item over KES 10,000, deposit at least 20 % (default: the minimum rounded up to KES 100), terms of 3, 6, 12 or 24 months (default 6); monthly installments rounded up to KES 100, the last one smaller. Breaking a rule is 422 naming the field.',
        querystring: planCalculateQuery,
        response: { 200: planCalculateResponse, 400: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { total_cost, deposit, months } = request.query;
      return ok('Plan calculated', calculatePlan({ total: total_cost, ...(deposit !== undefined ? { deposit } : {}), months }));
    },
  );

  app.post(
    '/api/transactions/:id/withdrawal_request',
    {
      ...guarded,
      schema: {
        tags: ['transactions'],
        summary: 'Buyer: ask to withdraw from a Lipa Mdogo Mdogo plan (before the final installment or dispatch)',
        description:
          'The seller is asked by SMS to accept (the paid installments are refunded at once; the platform keeps the buyer fee share, "fees may be deducted") or decline (a dispute opens for the mediation team) by its `respond_by`, 72 hours later (the `withdrawal_request` of the transaction read); unanswered by then it is treated as declined. One request at a time (409). 422 with the reason outside the conditions: not a plan, nothing paid yet, already dispatched, completed, refunded or cancelled.',
        security,
        params: idParam,
        body: withdrawalRequestBody,
        response: { 200: transactionResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      await requestWithdrawal(ctx, { transactionId: request.params.id, caller: who, reason: request.body.reason });
      return ok('Withdrawal requested: the seller will answer', { transaction: await transactionForCaller(ctx, request.params.id, who) });
    },
  );

  app.post(
    '/api/transactions/:id/withdrawal_response',
    {
      ...guarded,
      schema: {
        tags: ['transactions'],
        summary: "Seller: accept (instant refund of the paid installments) or decline (dispute) the buyer's withdrawal",
        description:
          'accept: true → `refunded`, the price paid so far goes back to the paying phone, the plan is `withdrawn`. accept: false → a dispute (reason withdrawal_declined) opened for the buyer, status `disputed`; the seller may respond to it. 409 when no request is waiting, also once it lapsed unanswered past its `respond_by` (then declined by the system: a dispute with reason withdrawal_lapsed).',
        security,
        params: idParam,
        body: withdrawalResponseBody,
        response: { 200: transactionResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      await respondToWithdrawal(ctx, { transactionId: request.params.id, caller: who, accept: request.body.accept });
      const message = request.body.accept
        ? 'Withdrawal accepted: the buyer is refunded'
        : 'Withdrawal declined: the mediation team will review it';
      return ok(message, { transaction: await transactionForCaller(ctx, request.params.id, who) });
    },
  );

  await app.register(
    async (scope) => {
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', app.requireAdmin);
      admin.get(
        '/installments/flagged',
        {
          schema: {
            tags: ['admin'],
            summary: 'Lipa Mdogo Mdogo plans with an installment unpaid past the grace period (never auto-cancelled)',
            security,
            querystring: flaggedPlansQuery,
            response: { 200: flaggedPlansResponse, ...errors },
          },
        },
        async (request) => ok('Flagged plans', await listFlaggedPlans(ctx, { page: request.query.page, perPage: request.query.per_page })),
      );
    },
    { prefix: '/api/admin' },
  );
};

export default installmentRoutes;
