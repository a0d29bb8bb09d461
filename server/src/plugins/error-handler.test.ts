import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable, toErrorEnvelope } from './error-handler.ts';

const adapterError = (cause: Record<string, unknown>, code = 'P2010') =>
  Object.assign(new Error('Raw query failed'), { code, meta: { driverAdapterError: { name: 'DriverAdapterError', cause } } });

describe('toErrorEnvelope', () => {
  it('answers 503 with Retry-After when PostgreSQL is unreachable or restarting, without details', () => {
    const unreachable = Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: 'P1001' });
    for (const error of [
      unreachable,
      adapterError({ kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 }),
      adapterError({ kind: 'postgres', originalCode: '57P01', originalMessage: 'terminating connection due to administrator command' }),
      new Error('Connection terminated unexpectedly'),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      const { status, body, retryAfter } = toErrorEnvelope(error);
      expect(status).toBe(503);
      expect(retryAfter).toBeGreaterThan(0);
      expect(body).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: expect.not.stringMatching(/127\.0\.0\.1|database|postgres/i),
      });
    }
  });

  it('keeps other failures a plain 500, and AppErrors their own status', () => {
    expect(isDatabaseUnavailable(adapterError({ kind: 'postgres', originalCode: '23505' }))).toBe(false);
    expect(toErrorEnvelope(new TypeError('x is undefined')).status).toBe(500);
    expect(toErrorEnvelope(new AppError('NOT_FOUND', 'Transaction not found')).status).toBe(404);
  });
});
