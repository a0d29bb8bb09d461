/**
 * Airtel Money's collection callback under /api/payments/airtel: the body `{ transaction: { id,
 * message, status_code, airtel_money_id } }` parsed into a RailResult and handed to the same use-case as
 * every rail's. The URL registered with Airtel carries AIRTEL_CALLBACK_SECRET as its last segment; a
 * wrong one, or a caller outside GATEWAY_ALLOWED_IPS, is 404 before the body is read (docs/SECURITY.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@escrow/core/contract/common';
import { gatewayGuard } from '../../plugins/gateway-guard.ts';
import type { RailCallbackOptions } from '../port.ts';
import { airtelResult } from './airtel-rail.ts';

const airtelCallbackBody = z.object({
  transaction: z.object({
    id: z.string().min(1).max(64),
    message: z.string().max(500).default(''),
    status_code: z.string().max(8),
    airtel_money_id: z.string().max(64).nullish(),
  }),
});

const received = z.object({ status: z.literal('received') });

const airtelCallbackRoutes: FastifyPluginAsyncZod<RailCallbackOptions & { secret: string }> = async (app, options) => {
  const { handlers } = options;
  app.addHook('onRequest', gatewayGuard({ secret: options.secret, allowedIps: options.allowedIps }));
  app.post(
    '/callback/:secret',
    {
      schema: {
        tags: ['payments'],
        summary: "Airtel Money's collection callback (the secret path segment is part of the URL registered with Airtel)",
        params: z.object({ secret: z.string().max(200) }),
        body: airtelCallbackBody,
        response: { 200: received, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const transaction = request.body.transaction;
      const result = airtelResult({ ...transaction, status: transaction.status_code });
      // The transaction id is our payment id (airtel-rail.ts), so it is also the hint.
      await handlers.receive('airtel', 'collection', transaction.id, request.body, () =>
        handlers.collectionResult({ requestId: transaction.id, paymentIdHint: transaction.id, result }),
      );
      return { status: 'received' as const };
    },
  );
};

export default airtelCallbackRoutes;
