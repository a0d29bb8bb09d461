/**
 * PostgreSQL cannot store two things JavaScript strings can hold: U+0000 (in text or jsonb) and unpaired
 * UTF-16 surrogates such as "\ud800" (valid JSON escapes, refused by jsonb). Either would fail deep
 * inside a query as a 500, so requests carrying them in params, query or body are refused up front with
 * 400 VALIDATION_ERROR naming the field. (Both found by the fuzz test: `GET /api/transactions?search=%00`
 * and a Daraja callback whose OriginatorConversationID was "\ud800".)
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const MAX_DEPTH = 32;
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Parsed JSON, form or query data (the query parser's objects have their own null-based prototype). */
function isData(value: object): boolean {
  if (Array.isArray(value)) return true;
  if (ArrayBuffer.isView(value) || value instanceof Date || value instanceof Map || value instanceof Set) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function'; // not a stream (multipart files)
}

/** The dotted path of the first string (or key) PostgreSQL could not store, or null. */
export function findInvalidText(value: unknown): string | null {
  const keys = invalidKeys(value, 0);
  return keys === null ? null : keys.reverse().join('.') || 'request';
}

/**
 * The keys leading to the first invalid string, innermost first, or null. The path is built only for
 * the request that is refused: the others pay for the walk alone.
 */
function invalidKeys(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? [] : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || !isData(value)) return null;
  for (const key of Object.keys(value)) {
    if (INVALID_TEXT.test(key)) return [key];
    const keys = invalidKeys((value as Record<string, unknown>)[key], depth + 1);
    if (keys !== null) {
      keys.push(key);
      return keys;
    }
  }
  return null;
}

const MESSAGE = 'Must be valid text (no NUL characters or unpaired surrogates)';

/** The refusal for data holding such text, naming the field; null when all of it can be stored. */
export function invalidTextError(data: unknown): AppError | null {
  const field = findInvalidText(data);
  return field === null ? null : new AppError('VALIDATION_ERROR', `${field}: ${MESSAGE}`, { errors: { [field]: [MESSAGE] } });
}

export default fp(
  async function rejectInvalidText(app: FastifyInstance) {
    // A callback hook, not an async one: no promise per request. A GET has no body: its params and
    // query are all there is to walk.
    app.addHook('preValidation', (request, _reply, done) => {
      done(invalidTextError(request.params) ?? invalidTextError(request.query) ?? invalidTextError(request.body) ?? undefined);
    });
  },
  { name: 'reject-invalid-text' },
);
