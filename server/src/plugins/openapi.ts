/** The OpenAPI document, generated from the same zod schemas the routes validate with, and its UI at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export default fp(
  async function openapi(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Escrow Kenya API',
          version: '1.0.0',
          description: [
            'Escrow and Lipa Mdogo Mdogo installment payments for Kenya.',
            '',
            'Every JSON response of `/api/**` is an envelope `{ success, message, data }`; errors carry `code` and',
            'optionally `errors` (field → messages). Amounts are strings with two decimals on the wire and are',
            'accepted as numbers or numeric strings with at most two decimals. Phone numbers are accepted as',
            '07XXXXXXXX, 01XXXXXXXX, 2547…, 2541… or +254… and returned as 254XXXXXXXXX.',
            'Money-moving POSTs accept an `Idempotency-Key` header: the same key and body replay the first',
            'response; the same key with another body answers 409 IDEMPOTENCY_CONFLICT.',
          ].join('\n'),
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        tags: [
          { name: 'auth', description: 'Accounts, phone verification and sessions' },
          { name: 'charges', description: 'Fee bands (public)' },
          { name: 'transactions', description: 'Escrow transactions and their actions' },
          { name: 'payments', description: 'M-Pesa STK push pay-ins and Daraja callbacks' },
          { name: 'disputes', description: 'Disputes and evidence' },
          { name: 'admin', description: 'Monitoring and mediation (admin token)' },
          { name: 'ussd', description: "Africa's Talking USSD callback" },
          { name: 'health', description: 'Liveness and readiness' },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  },
  { name: 'openapi' },
);
