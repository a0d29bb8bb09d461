/**
 * tRPC, in the create-t3-app shape: the context (who is calling, from the same bearer token as REST),
 * `initTRPC` with the error formatter, and the procedures (`publicProcedure`, `adminProcedure`).
 *
 * AppError codes map to tRPC codes here — the second and last place error codes are mapped (the first
 * is plugins/error-handler.ts via ERROR_STATUS). The formatter keeps the REST envelope's `code` and
 * `errors` in `data` so the client handles both channels alike, and hides internal details.
 */
import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AppContext } from '../context.ts';
import { AppError, type ErrorCode } from '../lib/app-error.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { invalidTextError } from '../plugins/reject-invalid-text.ts';

const TRPC_CODE = {
  VALIDATION_ERROR: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  PHONE_NOT_VERIFIED: 'FORBIDDEN',
  ACCOUNT_SUSPENDED: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_SUPPORTED',
  INVALID_STATE: 'CONFLICT',
  IDEMPOTENCY_CONFLICT: 'CONFLICT',
  ALREADY_EXISTS: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  BUSINESS_RULE: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  UPSTREAM_UNAVAILABLE: 'BAD_GATEWAY',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<ErrorCode, TRPC_ERROR_CODE_KEY>;

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE[error.code], message: error.message, cause: error });
}

export interface TrpcContext {
  ctx: AppContext;
  /** The caller, or null without a token. */
  auth: AuthUser | null;
  /** A token was sent but is bad, expired, revoked or its account suspended: procedures that need a caller fail with it. */
  authError: AppError | null;
  ip: string;
  /**
   * Resolves once every live node has heard of sessions ended in this request (plugins/session-cache.ts),
   * as the REST routes wait before answering. Absent for in-process callers (createCaller).
   */
  sessionsEnded?: () => Promise<void>;
}

/** The context of each request: the caller, read from the bearer token exactly as the REST guards do. */
export function contextFactory(ctx: AppContext) {
  return async ({ req }: CreateFastifyContextOptions): Promise<TrpcContext> => {
    const base = { ctx, ip: req.ip, sessionsEnded: () => req.server.sessionCache.barrier() };
    try {
      return { ...base, auth: await req.server.authenticate(req), authError: null };
    } catch (error) {
      if (error instanceof AppError) return { ...base, auth: null, authError: error };
      throw error;
    }
  };
}

/** Field → messages from a schema validation failure, as in the REST envelope's `errors`. */
function fieldErrors(cause: unknown): Record<string, string[]> | undefined {
  const issues = (cause as { issues?: unknown })?.issues;
  if (!Array.isArray(issues)) return undefined;
  const errors: Record<string, string[]> = {};
  for (const issue of issues as { path?: PropertyKey[]; message?: string }[]) {
    const field = (issue.path ?? []).map(String).join('.') || 'input';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  return errors;
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const appError = error.cause instanceof AppError ? error.cause : null;
    const errors = appError?.errors ?? (error.code === 'BAD_REQUEST' ? fieldErrors(error.cause) : undefined);
    const isInternal = error.code === 'INTERNAL_SERVER_ERROR';
    const firstError = errors ? Object.entries(errors)[0] : undefined;
    const message = isInternal
      ? 'Something went wrong on our side. Please try again.'
      : !appError && firstError
        ? `${firstError[0]}: ${firstError[1][0]}`
        : shape.message;
    return {
      ...shape,
      message,
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        /** The REST envelope's code (VALIDATION_ERROR, FORBIDDEN, …). */
        appCode: appError?.code ?? (error.code === 'BAD_REQUEST' ? 'VALIDATION_ERROR' : isInternal ? 'INTERNAL' : error.code),
        ...(errors ? { errors } : {}),
      },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Turns an AppError thrown anywhere below into the matching tRPC code (also for server-side callers). */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError && result.error.code === 'INTERNAL_SERVER_ERROR') {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

/**
 * tRPC's input arrives as JSON inside the query string or body, where the REST text check
 * (plugins/reject-invalid-text.ts) sees only its encoded form: the same check runs on the decoded input.
 */
const rejectInvalidText = t.middleware(async ({ getRawInput, next }) => {
  const refusal = invalidTextError(await getRawInput());
  if (refusal) throw refusal;
  return next();
});

const baseProcedure = t.procedure.use(mapAppErrors);

export const publicProcedure = baseProcedure.use(rejectInvalidText);

/**
 * 401 without a (valid) token, 403 for anyone but an admin: the same answers as the REST guards, and
 * like them before any input is looked at, so a non-admin learns nothing of it.
 */
export const adminProcedure = baseProcedure
  .use(({ ctx, next }) => {
    if (ctx.authError) throw ctx.authError;
    if (!ctx.auth) throw new AppError('UNAUTHENTICATED', 'Authentication required. Please log in.');
    if (ctx.auth.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrator access required');
    return next({ ctx: { ...ctx, auth: ctx.auth } });
  })
  .use(rejectInvalidText);
