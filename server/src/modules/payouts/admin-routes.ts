/** `POST /api/admin/payouts/{id}/retry` and `/return_to_buyer`: an admin's answer to a failed payout. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPayoutResponse, returnPayoutBody } from '@escrow/core/contract/admin';
import { errorEnvelope, idParam } from '@escrow/core/contract/common';
import { caller } from '../../plugins/auth.ts';
import { resolveFailedPayout } from './use-cases/resolve-failed-payout.ts';

const payoutAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = {
    tags: ['admin'],
    security: [{ bearerAuth: [] }],
    params: idParam,
    response: {
      200: adminPayoutResponse,
      400: errorEnvelope,
      401: errorEnvelope,
      403: errorEnvelope,
      404: errorEnvelope,
      409: errorEnvelope,
      422: errorEnvelope,
    },
  };

  app.post(
    '/payouts/:id/retry',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...schema,
        summary: 'Send a failed payout again on its rail, with a new request id (audited; 409 unless the payout failed)',
      },
    },
    async (request) => {
      const payout = await resolveFailedPayout(app.ctx, {
        payoutId: request.params.id,
        action: 'retry',
        adminId: caller(request).userId,
        ip: request.ip,
      });
      return { success: true as const, message: 'Payout sent again', data: { payout } };
    },
  );

  app.post(
    '/payouts/:id/return_to_buyer',
    {
      onRequest: app.requireAdmin,
      schema: {
        ...schema,
        body: returnPayoutBody,
        summary:
          "Give a failed seller payout's money back to the buyer, to the phones that paid (audited; 409 unless a failed seller payout)",
      },
    },
    async (request) => {
      const payout = await resolveFailedPayout(app.ctx, {
        payoutId: request.params.id,
        action: 'return_to_buyer',
        adminId: caller(request).userId,
        ip: request.ip,
        ...(request.body?.note ? { note: request.body.note } : {}),
      });
      return { success: true as const, message: 'The money is being returned to the buyer', data: { payout } };
    },
  );
};

export default payoutAdminRoutes;
