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
export function findInvalidText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return INVALID_TEXT.test(value) ? path || 'request' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || !isData(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (INVALID_TEXT.test(key)) return itemPath;
    const found = findInvalidText(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export default fp(
  async function rejectInvalidText(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = findInvalidText(part);
        if (field !== null) {
          const message = 'Must be valid text (no NUL characters or unpaired surrogates)';
          throw new AppError('VALIDATION_ERROR', `${field}: ${message}`, { errors: { [field]: [message] } });
        }
      }
    });
  },
  { name: 'reject-invalid-text' },
);
