/**
 * Release codes on /api/transactions/{id}: the seller releases with the buyer's code; the buyer reads
 * their code and asks for a new one (docs/contract.md "Payment links and release codes").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '@escrow/core/contract/common';
import { releaseCodeResponse, releaseWithCodeBody } from '@escrow/core/contract/payment-links';
import { transactionResponse } from '@escrow/core/contract/transactions';
import type { AppContext } from '../../context.ts';
import { caller } from '../../plugins/auth.ts';
import { signedInIdempotent } from '../../plugins/idempotency.ts';
import { transactionForCaller } from '../transactions/use-cases/read-transactions.ts';
import { readReleaseCode } from './use-cases/read-release-code.ts';
import { releaseWithCode } from './use-cases/release-with-code.ts';
import { resendReleaseCode } from './use-cases/resend-release-code.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

const releaseCodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guarded = signedInIdempotent(ctx, app.requireAuth);
  const security = [{ bearerAuth: [] }];

  app.post(
    '/:id/release_with_code',
    {
      ...guarded,
      schema: {
        tags: ['transactions', 'release-codes'],
        summary: "Seller: enter the buyer's 6-digit release code at hand-over; releases the money at once",
        description:
          'On a funded transaction it is dispatched first. A wrong code is 422 BUSINESS_RULE (`errors.code`, tries left in the message); the fifth wrong code burns it (422 until the buyer sends a new one). Wrong state: 409; the buyer: 403; a stranger: 404.',
        security,
        params: idParam,
        body: releaseWithCodeBody,
        response: { 200: transactionResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      await releaseWithCode(ctx, { transactionId: request.params.id, caller: who, code: request.body.code });
      return {
        success: true as const,
        message: 'Payment released to the seller',
        data: { transaction: await transactionForCaller(ctx, request.params.id, who) },
      };
    },
  );

  app.get(
    '/:id/release_code',
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['transactions', 'release-codes'],
        summary: 'Buyer: my release code for this transaction (the seller: 403; a stranger: 404)',
        security,
        params: idParam,
        response: { 200: releaseCodeResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Release code',
      data: { release_code: await readReleaseCode(ctx, { transactionId: request.params.id, caller: caller(request) }) },
    }),
  );

  app.post(
    '/:id/release_code/resend',
    {
      ...guarded,
      schema: {
        tags: ['transactions', 'release-codes'],
        summary: 'Buyer: send a new release code by SMS (replaces the old one; LIMIT_RELEASE_CODE_RESENDS_PER_HOUR)',
        security,
        params: idParam,
        response: { 200: releaseCodeResponse, ...errors },
      },
    },
    async (request) => {
      const who = caller(request);
      await resendReleaseCode(ctx, { transactionId: request.params.id, caller: who });
      return {
        success: true as const,
        message: 'A new release code was sent by SMS',
        data: { release_code: await readReleaseCode(ctx, { transactionId: request.params.id, caller: who }) },
      };
    },
  );
};

export default releaseCodeRoutes;
