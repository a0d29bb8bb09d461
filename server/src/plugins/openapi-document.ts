/**
 * Finishes the OpenAPI documents that @fastify/swagger builds from the routes' zod schemas, so that a
 * route gets complete documentation from what it already declares:
 *
 * - `operationId` from the method and path unless the route names one (`schema.operationId`);
 * - `security` from its guard (`requireAuth` / `requireAdmin`, or any route under /api/admin), `[]` when public;
 * - the error answers its shape implies: params → 400 + 404, query → 400, a body (any POST, PUT, PATCH,
 *   DELETE) → 400 + 413 + 415,
 *   signed in → 401 + 403, `Idempotency-Key` → 409, 405 (the path asked with a method it does not have,
 *   with `Allow`) everywhere but on a gateway's callback door, and 500 + 503 everywhere; each the envelope
 *   with a one-line description (a route's own `errorEnvelope.describe(…)` wins);
 * - the `Idempotency-Key` header where plugins/idempotency.ts guards the route;
 * - an example for every request body and JSON answer, sampled from the schemas' own `example`s;
 * - no trailing slashes, no HTTP methods OpenAPI does not know (Fastify's QUERY), no unused schemas.
 *
 * Pure functions over plain objects: plugins/openapi.ts wires them in, scripts/openapi.ts checks the result.
 */
import { sample } from 'openapi-sampler';
import { GATEWAY_SECRET_PARAM } from './gateway-guard.ts';

/** Loose JSON shapes: the document is built by @fastify/swagger and checked by swagger-parser and Redocly. */
type Json = Record<string, unknown>;

export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Who may call a route: anyone, a signed-in user, or an admin. */
export type Access = 'public' | 'user' | 'admin';

/** Route facts the route options know but the schema does not; carried on the operation, then removed. */
export const X_ACCESS = 'x-escrow-access';
export const X_IDEMPOTENT = 'x-escrow-idempotent';

export const BEARER_SECURITY = [{ bearerAuth: [] }];

export interface SharedErrorAnswer {
  name: string;
  description: string;
  example: Json;
  /** Sends `Retry-After`. */
  retryAfter?: boolean;
  /** Sends `Allow`. */
  allow?: boolean;
}

/** One shared answer per error status, referenced from every operation that can give it. */
export const ERROR_RESPONSES: Record<string, SharedErrorAnswer> = {
  '400': {
    name: 'ValidationError',
    description: 'VALIDATION_ERROR: the body, query or path parameters fail the schema; `errors` maps each field to its messages',
    example: {
      success: false,
      message: 'amount: Must be a number with at most 2 decimals',
      code: 'VALIDATION_ERROR',
      errors: { amount: ['Must be a number with at most 2 decimals'] },
    },
  },
  '401': {
    name: 'Unauthenticated',
    description: 'UNAUTHENTICATED: the bearer token is missing, malformed, expired or revoked',
    example: { success: false, message: 'Authentication required. Please log in.', code: 'UNAUTHENTICATED' },
  },
  '403': {
    name: 'Forbidden',
    description: 'FORBIDDEN, PHONE_NOT_VERIFIED or ACCOUNT_SUSPENDED: signed in but not allowed to do this',
    example: { success: false, message: 'Administrator access required', code: 'FORBIDDEN' },
  },
  '404': {
    name: 'NotFound',
    description: 'NOT_FOUND: no such id, or one the caller is not allowed to see',
    example: { success: false, message: 'Transaction not found', code: 'NOT_FOUND' },
  },
  '405': {
    name: 'MethodNotAllowed',
    description: 'METHOD_NOT_ALLOWED: the path exists but not with this method; `Allow` lists the methods it takes',
    example: {
      success: false,
      message: 'Method DELETE is not allowed on /api/v1/charges/calculate; it takes POST',
      code: 'METHOD_NOT_ALLOWED',
    },
    allow: true,
  },
  '409': {
    name: 'Conflict',
    description:
      'INVALID_STATE, IDEMPOTENCY_CONFLICT or ALREADY_EXISTS: not allowed now, or the Idempotency-Key was used for another request',
    example: {
      success: false,
      message: 'This Idempotency-Key was already used with a different request',
      code: 'IDEMPOTENCY_CONFLICT',
    },
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'PAYLOAD_TOO_LARGE: the body is over 1 MB',
    example: { success: false, message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'UNSUPPORTED_MEDIA_TYPE: the body is not in a content type this operation reads',
    example: { success: false, message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' },
  },
  '422': {
    name: 'BusinessRule',
    description: 'BUSINESS_RULE: a valid request that breaks a rule of the escrow (for example buyer and seller are the same)',
    example: { success: false, message: 'You cannot be both the buyer and the seller', code: 'BUSINESS_RULE' },
  },
  '429': {
    name: 'RateLimited',
    description: 'RATE_LIMITED: too many attempts; retry after the seconds in `Retry-After`',
    example: { success: false, message: 'Too many attempts. Please try again later.', code: 'RATE_LIMITED' },
    retryAfter: true,
  },
  '500': {
    name: 'InternalError',
    description: 'INTERNAL: an unexpected failure on the server (never with details)',
    example: { success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' },
  },
  '503': {
    name: 'ServiceUnavailable',
    description: 'SERVICE_UNAVAILABLE: the database is briefly unreachable; retry after `Retry-After` seconds',
    example: {
      success: false,
      message: 'The service is briefly unavailable. Please try again in a moment.',
      code: 'SERVICE_UNAVAILABLE',
    },
    retryAfter: true,
  },
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted: the work continues in the background',
  '204': 'No content',
};

const RETRY_AFTER_HEADER = {
  description: 'Seconds to wait before retrying',
  schema: { type: 'integer', minimum: 0 },
};

const ALLOW_HEADER = {
  description: 'The methods the path takes, comma-separated',
  schema: { type: 'string' },
  example: 'POST',
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key with the same request replays the first answer (with `Idempotent-Replayed: true`); ' +
    'the same key with another request is 409 IDEMPOTENCY_CONFLICT, and so is a repeat while the first is still running ' +
    '(with `Retry-After` in seconds). A creation whose first attempt created its transaction but never answered (the ' +
    'server stopped) is answered with that transaction as it is now, never a second one. Scoped to the caller and the route.',
  schema: { type: 'string', pattern: '^[\\w.:-]{1,200}$' },
  example: '7f9c2ba4-e88f-4a2c-9d7b-1c3f5e6a8b90',
};

const IDEMPOTENT_REPLAYED_HEADER = {
  description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key',
  schema: { type: 'string', enum: ['true'] },
};

/**
 * `POST /api/transactions/{id}/release_payment` → `postTransactionsByIdReleasePayment`;
 * `GET /api/v1/charges` → `getCharges` (the API prefix and its version are left out).
 */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api(\/v\d+)?\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      return param ? `by_${param}` : segment;
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())].join('');
}

const METHODS_WITH_BODY = new Set(['post', 'put', 'patch', 'delete']);

/** Error statuses a route can answer, from what it declares. */
export function impliedErrorStatuses(method: string, operation: Json, access: Access, isIdempotent: boolean): string[] {
  const parameters = (operation.parameters as { in?: string; name?: string }[] | undefined) ?? [];
  const statuses = new Set<string>(['500', '503']);
  // 405: a path asked with a method it lacks (plugins/static-client.ts), except a gateway's callback door,
  // which answers 404 to every method (error-handler.ts allowedMethods).
  const isGatewayDoor = parameters.some((parameter) => parameter.in === 'path' && parameter.name === GATEWAY_SECRET_PARAM);
  if (!isGatewayDoor) statuses.add('405');
  if (parameters.some((parameter) => parameter.in === 'path')) statuses.add('400').add('404');
  if (parameters.some((parameter) => parameter.in === 'query')) statuses.add('400');
  // Fastify parses a body sent to any of these methods, declared or not: bad JSON, too big, unknown type.
  if (operation.requestBody || METHODS_WITH_BODY.has(method)) statuses.add('400').add('413').add('415');
  if (access !== 'public') statuses.add('401').add('403');
  if (isIdempotent) statuses.add('409');
  return [...statuses];
}

interface FinishOptions {
  /** Add the envelope error answers and examples (the product's API); the internal document keeps its own shapes. */
  isEnvelopeApi: boolean;
}

/** Completes a document built by @fastify/swagger (see the file comment). Mutates and returns it. */
export function finishDocument(document: Json, { isEnvelopeApi }: FinishOptions): Json {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  const components = ((document.components ??= {}) as Json) ?? {};
  const finished: Record<string, Record<string, Json>> = {};
  normalizeEnumKeyedRecords(document);

  for (const [rawPath, item] of Object.entries(paths)) {
    const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
    const target = (finished[path] ??= {});
    for (const [method, operation] of Object.entries(item)) {
      // Fastify knows QUERY (and more); OpenAPI 3.1 does not, and validators refuse the key.
      if (!(OPENAPI_METHODS as readonly string[]).includes(method)) continue;
      const access = (operation[X_ACCESS] as Access | undefined) ?? 'public';
      const isIdempotent = operation[X_IDEMPOTENT] === true;
      delete operation[X_ACCESS];
      delete operation[X_IDEMPOTENT];
      operation.operationId ??= operationIdFor(method, path);
      operation.security ??= access === 'public' ? [] : BEARER_SECURITY;
      if (isIdempotent) addIdempotencyKey(operation);
      if (isEnvelopeApi) {
        describeAnswers(method, operation, access, isIdempotent);
        addExamples(operation, document);
      }
      target[method] = operation;
    }
  }
  document.paths = finished;

  if (isEnvelopeApi) {
    components.responses = {
      ...(components.responses as Json | undefined),
      ...Object.fromEntries(Object.values(ERROR_RESPONSES).map((answer) => [answer.name, sharedErrorResponse(answer)])),
    };
  }
  dropUnusedSchemas(document);
  return document;
}

/** The headers a shared error answer sends: `Retry-After`, `Allow`, both or none. */
export function errorAnswerHeaders({ retryAfter, allow }: Pick<SharedErrorAnswer, 'retryAfter' | 'allow'>): Json {
  return { ...(retryAfter ? { 'Retry-After': RETRY_AFTER_HEADER } : {}), ...(allow ? { Allow: ALLOW_HEADER } : {}) };
}

/** A shared error answer as a component response: the envelope, its example and every header it sends. */
export function sharedErrorResponse(answer: SharedErrorAnswer): Json {
  const headers = errorAnswerHeaders(answer);
  return {
    description: answer.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, example: answer.example } },
  };
}

function addIdempotencyKey(operation: Json) {
  const parameters = ((operation.parameters ??= []) as Json[]) ?? [];
  if (!parameters.some((parameter) => parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY_PARAMETER.name)) {
    parameters.push({ ...IDEMPOTENCY_KEY_PARAMETER });
  }
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
    if (!status.startsWith('2')) continue;
    response.headers = { ...(response.headers as Json | undefined), 'Idempotent-Replayed': IDEMPOTENT_REPLAYED_HEADER };
  }
}

function describeAnswers(method: string, operation: Json, access: Access, isIdempotent: boolean) {
  const responses = ((operation.responses ??= {}) as Record<string, Json>) ?? {};
  for (const [status, response] of Object.entries(responses)) {
    const isDefault = !response.description || response.description === 'Default Response';
    const shared = ERROR_RESPONSES[status];
    if (shared && isDefault) {
      responses[status] = { $ref: `#/components/responses/${shared.name}` };
      continue;
    }
    if (isDefault) response.description = SUCCESS_DESCRIPTIONS[status] ?? `HTTP ${status}`;
    // A route's own answer for a shared status (its own description) still sends that status's headers.
    if (shared) {
      const headers = { ...errorAnswerHeaders(shared), ...(response.headers as Json | undefined) };
      if (Object.keys(headers).length > 0) response.headers = headers;
    }
  }
  for (const status of impliedErrorStatuses(method, operation, access, isIdempotent)) {
    responses[status] ??= { $ref: `#/components/responses/${ERROR_RESPONSES[status]!.name}` };
  }
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** An example for each request body and JSON answer that has none, built from the schema's own examples. */
function addExamples(operation: Json, document: Json) {
  const media: Json[] = [];
  const requestBody = operation.requestBody as { content?: Record<string, Json> } | undefined;
  media.push(...Object.values(requestBody?.content ?? {}));
  for (const response of Object.values((operation.responses ?? {}) as Record<string, Json>)) {
    if (response.$ref) continue;
    const content = response.content as Record<string, Json> | undefined;
    if (content?.['application/json']) media.push(content['application/json']);
  }
  for (const entry of media) {
    if (entry.example !== undefined || entry.examples !== undefined || !entry.schema) continue;
    entry.example = sample(entry.schema as never, { skipReadOnly: false, quiet: true, enablePatterns: true }, document);
  }
}

/**
 * zod writes `z.record(z.enum([...]), v)` as `propertyNames` + `additionalProperties` + `required`;
 * valid JSON Schema, but tools read `required` names against `properties`. Spell the keys out.
 */
function normalizeEnumKeyedRecords(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) normalizeEnumKeyedRecords(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const keys = (schema.propertyNames as { enum?: unknown[] } | undefined)?.enum;
  if (
    Array.isArray(keys) &&
    keys.every((key) => typeof key === 'string') &&
    schema.additionalProperties &&
    typeof schema.additionalProperties === 'object' &&
    !schema.properties
  ) {
    schema.properties = Object.fromEntries((keys as string[]).map((key) => [key, structuredClone(schema.additionalProperties)]));
    schema.additionalProperties = false;
    delete schema.propertyNames;
  }
  for (const value of Object.values(schema)) normalizeEnumKeyedRecords(value);
}

function dropUnusedSchemas(document: Json) {
  const schemas = (document.components as { schemas?: Json } | undefined)?.schemas;
  if (!schemas) return;
  for (;;) {
    const text = JSON.stringify({ ...document, components: { ...(document.components as Json), schemas: {} } });
    const schemaText = JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((name) => {
      const ref = JSON.stringify(`#/components/schemas/${name}`);
      return !text.includes(ref) && !schemaText.replace(JSON.stringify(schemas[name]), '').includes(ref);
    });
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
}
