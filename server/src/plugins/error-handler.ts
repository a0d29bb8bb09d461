/**
 * The single Fastify error handler: every failure becomes the envelope of docs/contract.md. 5xx bodies never
 * carry a stack trace, SQL or the original message; the log keeps those.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, ERROR_STATUS, type ErrorCode } from '../lib/app-error.ts';
import { isGatewayDoor } from './gateway-guard.ts';

export interface ErrorEnvelope {
  success: false;
  message: string;
  code: ErrorCode;
  errors?: Record<string, string[]>;
}

/** The 404 of a path no route answers (the API's own; the web's pages have their 404 page). */
export function routeNotFound(method: string, url: string): ErrorEnvelope {
  return { success: false, message: `Route ${method} ${url.split('?')[0] ?? '/'} not found`, code: 'NOT_FOUND' };
}

/** Methods the app's routes are declared with (HEAD comes with every GET); OPTIONS is the CORS hook's. */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods some route answers at `url` (query string ignored); empty when no route has the path.
 * Asked by the not-found handler only, so a request that finds its route never pays for it. A gateway's
 * callback door (a route with a `:secret` parameter, plugins/gateway-guard.ts) counts as no route: asked
 * without its secret it must look like an unknown path, whatever the method (docs/SECURITY.md).
 */
export function allowedMethods(app: Pick<FastifyInstance, 'findRoute'>, url: string): string[] {
  const pathname = url.split('?')[0] ?? '/';
  return ROUTED_METHODS.filter((method) => {
    const route = app.findRoute({ method, url: pathname });
    return route !== null && !isGatewayDoor(route.params);
  });
}

/** The 405 of a known path asked with a method it does not have; the `Allow` header lists `allowed`. */
export function methodNotAllowed(method: string, url: string, allowed: string[]): ErrorEnvelope {
  return {
    success: false,
    message: `Method ${method} is not allowed on ${url.split('?')[0] ?? '/'}; it takes ${allowed.join(', ')}`,
    code: 'METHOD_NOT_ALLOWED',
  };
}

/** Maps any thrown value to a status and an envelope. Pure, so tRPC and tests can use it too. */
export function toErrorEnvelope(error: unknown): { status: number; body: ErrorEnvelope; retryAfter?: number } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      retryAfter: error.retryAfter,
      body: { success: false, message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
      const pathParts = params?.issue?.path ?? issue.instancePath.split('/').filter(Boolean);
      const field = pathParts.map(String).join('.') || issue.instancePath.replace(/^\//, '') || 'request';
      (errors[field] ??= []).push(issue.message ?? 'Invalid value');
    }
    const first = Object.entries(errors)[0];
    const message = first ? (first[0] === 'request' ? first[1][0]! : `${first[0]}: ${first[1][0]}`) : 'Invalid request';
    return { status: 400, body: { success: false, message, code: 'VALIDATION_ERROR', errors } };
  }
  const fastifyError = error as Partial<FastifyError> & { status?: number };
  const status = fastifyError.statusCode ?? fastifyError.status;
  if (!isResponseSerializationError(error) && typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { success: false, message: clientMessage(fastifyError), code: codeForStatus(status) } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
      body: { success: false, message: 'The service is briefly unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' },
    };
  }
  return { status: 500, body: { success: false, message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers or URL over the size limit, a
 * request line or header it cannot read, headers that never finish arriving), written straight to the
 * socket as the same envelope as every other refusal; Fastify's default writes a body of its own shape.
 * The connection is closed after it, as Node does.
 */
export function clientErrorResponse(error: { code?: string }): string {
  const [status, reason, message, code]: [number, string, string, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers or URL are too large', 'PAYLOAD_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive', 'VALIDATION_ERROR']
        : [400, 'Bad Request', 'Malformed HTTP request', 'VALIDATION_ERROR'];
  const body = JSON.stringify({ success: false, message, code } satisfies ErrorEnvelope);
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Prisma codes for "cannot reach / lost the database" and "no pooled connection in time". */
const UNREACHABLE_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
const UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/** PostgreSQL SQLSTATEs of a server shutting down or starting up. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006']);

/**
 * True when PostgreSQL is down or restarting (not when a query is wrong): such a request may be
 * retried as is, so it is answered 503 with Retry-After instead of 500 (faults.int.test.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const candidate = error as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } };
  };
  if (typeof candidate?.code === 'string' && UNREACHABLE_CODES.has(candidate.code)) return true;
  const cause = candidate?.meta?.driverAdapterError?.cause;
  if (cause?.kind && UNREACHABLE_KINDS.has(cause.kind)) return true;
  if (cause?.originalCode && UNAVAILABLE_SQLSTATES.has(cause.originalCode)) return true;
  return (
    typeof candidate?.message === 'string' &&
    /Can't reach database server|Connection terminated unexpectedly|terminating connection due to administrator command|the database system is (starting up|shutting down)/.test(
      candidate.message,
    )
  );
}

function clientMessage(error: Partial<FastifyError>): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body must not be empty when the content type is JSON';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case undefined:
      return error.message && error.statusCode === 400 ? 'Malformed request body' : (error.message ?? 'Bad request');
    default:
      return error.message ?? 'Bad request';
  }
}

function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(([, value]) => value === status);
  return match?.[0] ?? 'VALIDATION_ERROR';
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler((error, request, reply) => {
      const { status, body, retryAfter } = toErrorEnvelope(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, status }, body.message);
      if (retryAfter !== undefined) void reply.header('Retry-After', String(retryAfter));
      return reply.status(status).send(body);
    });
  },
  { name: 'error-handler' },
);
