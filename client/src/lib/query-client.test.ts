import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { isWorthRetrying } from './query-client';

describe('isWorthRetrying', () => {
  it('tries a read once more after no answer, a server fault or a timeout', () => {
    expect(isWorthRetrying(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(isWorthRetrying(0, new ApiError('down', 503, 'SERVICE_UNAVAILABLE'))).toBe(true);
    expect(isWorthRetrying(0, new ApiError('slow', 408, 'TIMEOUT'))).toBe(true);
    expect(isWorthRetrying(0, { data: { httpStatus: 500 } })).toBe(true);
  });

  it('never tries a refusal again: its answer would be the same', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) {
      expect(isWorthRetrying(0, new ApiError('no', status, 'REFUSED'))).toBe(false);
    }
    expect(isWorthRetrying(0, { data: { httpStatus: 403 } })).toBe(false);
  });

  it('tries once only', () => {
    expect(isWorthRetrying(1, new ApiError('down', 503, 'SERVICE_UNAVAILABLE'))).toBe(false);
  });
});
