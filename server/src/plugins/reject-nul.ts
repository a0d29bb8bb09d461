/**
 * PostgreSQL text cannot hold U+0000, so a NUL character anywhere in a request's params, query or body
 * would fail deep inside a query as a 500. Refuse it up front: 400 VALIDATION_ERROR naming the field.
 * (Found by the fuzz test: `GET /api/transactions?search=%00`.)
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

const MAX_DEPTH = 32;

/** Parsed JSON, form or query data (the query parser's objects have their own null-based prototype). */
function isData(value: object): boolean {
  if (Array.isArray(value)) return true;
  if (ArrayBuffer.isView(value) || value instanceof Date || value instanceof Map || value instanceof Set) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function'; // not a stream (multipart files)
}

/** The dotted path of the first string (or key) holding a NUL, or null. Only plain data is walked. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (!isData(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNul(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export default fp(
  async function rejectNul(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = findNul(part);
        if (field !== null) {
          throw new AppError('VALIDATION_ERROR', `${field}: must not contain NUL characters`, {
            errors: { [field]: ['Must not contain NUL characters'] },
          });
        }
      }
    });
  },
  { name: 'reject-nul' },
);
