/**
 * The one error type use-cases throw. Its code decides the HTTP status (and the tRPC code), in exactly
 * two places: plugins/error-handler.ts and trpc/init.ts.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PHONE_NOT_VERIFIED: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_STATE: 409,
  IDEMPOTENCY_CONFLICT: 409,
  ALREADY_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Which refusal this is, for callers that word refusals themselves (the USSD menus, in two languages),
 * so that rewording a message cannot change what they show. Server-side only: never on the wire.
 */
export type RefusalReason =
  | 'too_many_transactions'
  | 'too_many_invitations'
  | 'withdrawal_unanswered'
  | 'withdrawal_unanswered_lapsed'
  | 'withdrawal_already_waiting'
  | 'withdrawal_waiting_lapsed'
  | 'no_withdrawal_waiting'
  | 'withdrawal_answer_too_late'
  | 'inspection_over'
  | 'seller_account_only'
  | 'seller_is_buyer';

export interface AppErrorOptions {
  /** Field → messages, for VALIDATION_ERROR and BUSINESS_RULE. */
  errors?: Record<string, string[]>;
  /** Seconds, for RATE_LIMITED and a key still in use (IDEMPOTENCY_CONFLICT). */
  retryAfter?: number;
  reason?: RefusalReason;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: Record<string, string[]>;
  readonly retryAfter?: number;
  readonly reason?: RefusalReason;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.retryAfter = options.retryAfter;
    this.reason = options.reason;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'Transaction') => new AppError('NOT_FOUND', `${what} not found`);
export const invalidState = (message: string, reason?: RefusalReason) => new AppError('INVALID_STATE', message, { reason });
export const businessRule = (message: string, field?: string, reason?: RefusalReason) =>
  new AppError('BUSINESS_RULE', message, { ...(field ? { errors: { [field]: [message] } } : {}), reason });
/** An Idempotency-Key whose first request has not answered yet: worth asking again in a moment. */
export const keyStillInUse = () =>
  new AppError('IDEMPOTENCY_CONFLICT', 'A request with this Idempotency-Key is still being processed', { retryAfter: 1 });
export const validationError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: [message] } });
