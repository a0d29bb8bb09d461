/**
 * Two OpenAPI 3.1 documents generated from the same zod schemas the routes validate with:
 *
 * - the product's API (`/api/**`) at `/api/docs/json`, with its UI at `/api/docs`;
 * - the internal one (health, the rails' mocks, the admin tRPC procedures) at `/api/docs/internal/json`.
 *
 * A route documents itself with `summary`, `tags`, `description`, its zod schemas and the answers only it
 * gives (422, 429 …); plugins/openapi-document.ts derives the rest. `npm run check` (scripts/openapi.ts)
 * validates the product's document with swagger-parser and Redocly's recommended rules.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appRouter } from '../trpc/root.ts';
import { acceptsIdempotencyKey } from './idempotency.ts';
import { BEARER_SECURITY, finishDocument, X_ACCESS, X_IDEMPOTENT, type Access } from './openapi-document.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The internal OpenAPI document (health, mocks, tRPC); `app.swagger()` is the product's. */
    internalSwagger: FastifyInstance['swagger'];
  }
}

type Json = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const DOCS_PREFIX = '/api/docs';

/** The product's API: everything under /api except the documentation itself. */
export const isProductRoute = (url: string) => url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX);

/** Operations and development: the mocks, tRPC, and any other route that documents itself with tags. */
const isInternalRoute = (url: string, schema: Json | undefined) =>
  !isProductRoute(url) && !url.startsWith(DOCS_PREFIX) && (url.startsWith('/mock/') || url.startsWith('/trpc') || !!schema?.tags);

function hooksOf(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
}

function accessOf(app: FastifyInstance, route: RouteOptions, url: string, schema: Json): Access {
  const hooks = hooksOf(route);
  if (url.startsWith('/api/admin/') || url.startsWith('/trpc') || hooks.includes(app.requireAdmin)) return 'admin';
  if (hooks.includes(app.requireAuth)) return 'user';
  return Array.isArray(schema.security) && schema.security.length > 0 ? 'user' : 'public';
}

function transformFor(app: FastifyInstance, isProductDocument: boolean) {
  return (input: TransformInput) => {
    const route = input.route as RouteOptions;
    const schema = input.schema as Json | undefined;
    const belongs = isProductDocument ? isProductRoute(input.url) : isInternalRoute(input.url, schema);
    if (!belongs || schema?.hide) return { schema: { hide: true }, url: input.url };
    const result = jsonSchemaTransform(input);
    const transformed = (result.schema ?? {}) as Json;
    transformed[X_ACCESS] = accessOf(app, route, input.url, transformed);
    if (acceptsIdempotencyKey(route)) transformed[X_IDEMPOTENT] = true;
    documentBinaryAnswer(transformed);
    return { ...result, schema: transformed };
  };
}

/** A route that `produces` only non-JSON bytes (a file download) and declares no success schema. */
function documentBinaryAnswer(schema: Json) {
  const produces = (schema.produces as string[] | undefined)?.filter((type) => !type.includes('json')) ?? [];
  const response = (schema.response ?? {}) as Json;
  if (produces.length === 0 || Object.keys(response).some((status) => status.startsWith('2'))) return;
  schema.response = {
    ...response,
    200: {
      description: 'The content, as the stored bytes',
      content: Object.fromEntries(produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    },
  };
}

/** The tRPC catch-all as one operation per procedure: queries by GET, mutations by POST. */
function trpcPaths(): Record<string, Json> {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: unknown[] } }>;
  const paths: Record<string, Json> = {};
  for (const [name, procedure] of Object.entries(procedures).sort(([a], [b]) => a.localeCompare(b))) {
    const isQuery = procedure._def.type === 'query';
    const input = procedure._def.inputs[0] as z.ZodType | undefined;
    const inputSchema = input ? (z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Json) : undefined;
    if (inputSchema) delete inputSchema.$schema;
    const operation: Json = {
      operationId: `trpc.${name}`,
      summary: `tRPC ${procedure._def.type} ${name} (admin dashboard)`,
      tags: ['trpc'],
      security: BEARER_SECURITY,
      responses: {
        '200': { description: 'tRPC result `{ result: { data } }`' },
        '400': { description: 'tRPC error (BAD_REQUEST): the input fails the schema' },
        '401': { description: 'tRPC error (UNAUTHORIZED): no valid bearer token' },
        '403': { description: 'tRPC error (FORBIDDEN): not an admin' },
      },
    };
    if (isQuery && inputSchema) {
      operation.parameters = [
        {
          name: 'input',
          in: 'query',
          required: false,
          description: 'The input as JSON',
          content: { 'application/json': { schema: inputSchema } },
        },
      ];
    } else if (!isQuery) {
      operation.requestBody = { required: !!inputSchema, content: { 'application/json': { schema: inputSchema ?? {} } } };
    }
    paths[`/trpc/${name}`] = { [isQuery ? 'get' : 'post']: operation };
  }
  return paths;
}

const PRODUCT_TAGS = [
  { name: 'auth', description: 'Accounts, phone verification and sessions' },
  { name: 'charges', description: 'Fee bands (public)' },
  { name: 'config', description: 'What the web client needs to know about this deployment (public)' },
  { name: 'transactions', description: 'Escrow transactions and their actions' },
  { name: 'payments', description: 'M-Pesa STK push pay-ins and Daraja callbacks' },
  { name: 'installments', description: 'Lipa Mdogo Mdogo plans and withdrawals' },
  { name: 'disputes', description: 'Disputes and evidence' },
  {
    name: 'payment-links',
    description:
      'Seller payment links shared on social media (`/pay/{code}`): create, list, disable (seller), read (public), checkout (buyer). Sold out, expired or disabled: 409; the seller buying from their own link: 422.',
  },
  {
    name: 'release-codes',
    description:
      "The buyer's 6-digit hand-over code: sent by SMS when funded, shown only to the buyer; the seller enters it to release at once. 5 wrong codes burn it; the buyer resends.",
  },
  { name: 'contact', description: 'Messages to the support team' },
  { name: 'admin', description: 'Monitoring and mediation (admin token)' },
  { name: 'ussd', description: "Africa's Talking USSD callback" },
  { name: 'sms', description: "Africa's Talking SMS delivery reports" },
];

const INTERNAL_TAGS = [
  { name: 'health', description: 'Liveness and readiness' },
  { name: 'mock-daraja', description: 'The built-in Daraja (M-Pesa) mock, demo mode only' },
  { name: 'mock-africastalking', description: "The built-in Africa's Talking mock, demo mode only" },
  { name: 'trpc', description: 'Admin dashboard procedures over tRPC' },
];

const DESCRIPTION = [
  'Escrow and Lipa Mdogo Mdogo installment payments for Kenya.',
  '',
  'Every JSON response of `/api/**` is an envelope `{ success, message, data }`; errors carry `code` and',
  'optionally `errors` (field → messages). Amounts are strings with two decimals on the wire and are',
  'accepted as numbers or numeric strings with at most two decimals. Phone numbers are accepted as',
  '07XXXXXXXX, 01XXXXXXXX, 2547…, 2541… or +254… and returned as 254XXXXXXXXX.',
  'Money-moving POSTs accept an `Idempotency-Key` header: the same key and body replay the first',
  'response; the same key with another body answers 409 IDEMPOTENCY_CONFLICT.',
].join('\n');

export default fp(
  async function openapi(app: FastifyInstance) {
    const servers = [{ url: app.ctx.config.PUBLIC_BASE_URL, description: 'This deployment' }];
    const info = { version: '1.0.0', license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } };
    const securitySchemes = { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } as const;

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { ...info, title: 'Escrow Kenya API', description: DESCRIPTION },
        servers,
        components: { securitySchemes },
        tags: PRODUCT_TAGS,
      },
      transform: transformFor(app, true),
      transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as Json, { isEnvelopeApi: true }) as never,
    });

    await app.register(swagger, {
      decorator: 'internalSwagger',
      openapi: {
        openapi: '3.1.0',
        info: {
          ...info,
          title: 'Escrow Kenya internal endpoints',
          description: 'Health checks, the built-in mocks of the M-Pesa and SMS rails (demo mode), and the admin tRPC procedures.',
        },
        servers,
        components: { securitySchemes },
        tags: INTERNAL_TAGS,
      },
      transform: transformFor(app, false),
      transformObject: (input) => {
        const document = jsonSchemaTransformObject(input) as Json;
        const paths = document.paths as Record<string, Json>;
        for (const path of Object.keys(paths)) if (path.startsWith('/trpc')) delete paths[path];
        Object.assign(paths, trpcPaths());
        return finishDocument(document, { isEnvelopeApi: false }) as never;
      },
    });

    app.get(`${DOCS_PREFIX}/internal/json`, { schema: { hide: true } }, async () => app.internalSwagger());
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
  },
  { name: 'openapi' },
);
