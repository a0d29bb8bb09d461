import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys, requestIdentity } from './idempotency-keys';

function keys() {
  let issued = 0;
  return createIdempotencyKeys(() => `key-${++issued}`);
}

const create = requestIdentity('POST', 'https://escrow.test/api/transactions', { amount: 4500, seller_phone: '254711000202' });

describe('one Idempotency-Key per intended request', () => {
  it.each([
    ['no answer came (the connection dropped)', { status: 0 }],
    ['the server failed (5xx)', { status: 503, code: 'SERVICE_UNAVAILABLE' }],
    ['the server is still working on the first attempt', { status: 409, code: 'IDEMPOTENCY_CONFLICT', retryAfter: 1 }],
  ])('sends the same key again when %s', (_case, outcome) => {
    const store = keys();
    const first = store.keyFor(create);
    store.settle(create, outcome);
    expect(store.keyFor(create)).toBe(first);
  });

  it.each([
    ['a success', { status: 201 }],
    ['a refusal the person can correct', { status: 422, code: 'BUSINESS_RULE' }],
    ['a state the request cannot change', { status: 409, code: 'INVALID_STATE' }],
    ['a key taken by another request (no Retry-After)', { status: 409, code: 'IDEMPOTENCY_CONFLICT' }],
  ])('starts a new key after %s', (_case, outcome) => {
    const store = keys();
    const first = store.keyFor(create);
    store.settle(create, outcome);
    expect(store.keyFor(create)).not.toBe(first);
  });

  it('gives another request (another body or address) its own key', () => {
    const store = keys();
    const other = requestIdentity('POST', 'https://escrow.test/api/transactions', { amount: 4600, seller_phone: '254711000202' });
    const initiate = requestIdentity('POST', 'https://escrow.test/api/payments/initiate', { amount: 4500, seller_phone: '254711000202' });
    expect(new Set([store.keyFor(create), store.keyFor(other), store.keyFor(initiate)]).size).toBe(3);
  });
});
