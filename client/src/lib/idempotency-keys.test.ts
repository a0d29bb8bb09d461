import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys, KEEP_KEY_MS, requestIdentity } from './idempotency-keys';

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

/** A tab's session storage, which outlives the page (a reload) but not the tab. */
function tabStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("a creation's key outlives the page until the creation has its answer", () => {
  /** The page as it starts after a reload: a new store over the same tab storage. */
  function page(storage: ReturnType<typeof tabStorage>, clock = { now: 0 }) {
    let issued = 0;
    return createIdempotencyKeys(
      () => `key-${storage.items.size}-${++issued}-${Math.random()}`,
      () => storage,
      () => clock.now,
    );
  }

  it.each([
    ['no answer came (the connection dropped)', { status: 0 }],
    ['the server failed (5xx)', { status: 502 }],
  ])('sends the same key after a reload when %s', (_case, outcome) => {
    const storage = tabStorage();
    const before = page(storage);
    const first = before.keyFor(create, true);
    before.settle(create, outcome);
    expect(page(storage).keyFor(create, true)).toBe(first);
  });

  it('keeps it while the first attempt is still on its way (a reload before any answer)', () => {
    const storage = tabStorage();
    const first = page(storage).keyFor(create, true);
    expect(page(storage).keyFor(create, true)).toBe(first);
  });

  it.each([
    ['a success', { status: 201 }],
    ['a refusal', { status: 422, code: 'BUSINESS_RULE' }],
  ])('starts a new key after %s, on this page and after a reload (a second transaction on purpose)', (_case, outcome) => {
    const storage = tabStorage();
    const before = page(storage);
    const first = before.keyFor(create, true);
    before.keyFor(create, true);
    const after = page(storage);
    expect(after.keyFor(create, true)).toBe(first);
    after.settle(create, outcome);
    expect(after.keyFor(create, true)).not.toBe(first);
    expect(page(tabStorage()).keyFor(create, true)).not.toBe(first);
    after.settle(create, outcome);
    expect(storage.items.size).toBe(0);
  });

  it('gives another form (another body) its own key after a reload', () => {
    const storage = tabStorage();
    const first = page(storage).keyFor(create, true);
    const other = requestIdentity('POST', 'https://escrow.test/api/transactions', { amount: 4600, seller_phone: '254711000202' });
    expect(page(storage).keyFor(other, true)).not.toBe(first);
  });

  it('does not keep the key of a request that is not a creation (a payment prompt)', () => {
    const storage = tabStorage();
    const initiate = requestIdentity('POST', 'https://escrow.test/api/payments/initiate', { transaction_id: 't1' });
    const first = page(storage).keyFor(initiate);
    expect(storage.items.size).toBe(0);
    expect(page(storage).keyFor(initiate)).not.toBe(first);
  });

  it('stops sending a kept key after half a day, well before the server forgets it', () => {
    const storage = tabStorage();
    const clock = { now: Date.parse('2026-11-28T08:00:00Z') };
    const first = page(storage, clock).keyFor(create, true);
    clock.now += KEEP_KEY_MS - 1;
    expect(page(storage, clock).keyFor(create, true)).toBe(first);
    clock.now += 1;
    expect(page(storage, clock).keyFor(create, true)).not.toBe(first);
  });

  it('writes no body down: a release code stays out of storage', () => {
    const storage = tabStorage();
    page(storage).keyFor(requestIdentity('POST', 'https://escrow.test/api/transactions/t1/release_with_code', { code: '493817' }), true);
    expect([...storage.items.values()].join()).not.toContain('493817');
  });

  it('works as before when storage is disabled', () => {
    const store = createIdempotencyKeys(
      () => crypto.randomUUID(),
      () => {
        throw new Error('SecurityError');
      },
    );
    const first = store.keyFor(create, true);
    store.settle(create, { status: 0 });
    expect(store.keyFor(create, true)).toBe(first);
  });
});
