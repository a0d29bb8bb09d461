/**
 * Fuzzing every route of the OpenAPI document (and every tRPC procedure) with fast-check: at least
 * 10,000 requests through `app.inject`, most with valid tokens so they reach the handlers. Valid-shaped
 * bodies, unknown fields, dropped required fields, wrong types, huge strings, random and malformed JSON,
 * wrong content types, oversized bodies, bad ids, garbage queries and broken credentials.
 *
 * Never a 5xx. Every /api error is the CONTRACT envelope with a 4xx the contract allows and the operation
 * documents; every request
 * that is invalid by construction is refused; every 2xx matches its documented response schema; no
 * response carries a stack trace, SQL, or a secret. The ledger is still balanced afterwards.
 *
 * FUZZ_RUNS (default 10,000) and FUZZ_SEED (default fixed) reproduce or widen a run.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../src/trpc/root.ts';
import { bearer, makeUser, randomPhone, TEST_PASSWORD, type MadeUser } from './factories.ts';
import { action, createTransaction, expectLedgerHealthy, pay, payAndSettle } from './escrow-helpers.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { requestArbitrary, type Caller, type FuzzPools, type FuzzRequest } from './support/fuzz-requests.ts';
import { checkDocumentedResponse, fillPath, loadOpenApi, type Operation } from './support/openapi.ts';
import { signHs256, tamperedToken } from './support/tokens.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const CONCURRENCY = 16;
/**
 * Statuses an /api error may have (docs/contract.md "Envelope and errors"; 413/415 for bodies the parser
 * refuses, 405 for a path asked with a method it lacks).
 */
const ALLOWED_ERRORS = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);

/**
 * Ids are chosen when requests are generated but resolved when they are sent, from lists that grow
 * with every transaction and payment the fuzz creates: `ID_<kind>_<n>_` stands for the n-th id of a kind
 * (`transactions`, `payments`, `users`, `disputes`, `contact-messages`, `evidence`; `any` for all).
 */
const SLOTS_PER_KIND = 16;
const slotsOf = (kind: string) => Array.from({ length: SLOTS_PER_KIND }, (_, slot) => `ID_${kind}_${slot}_`);
const liveIds = new Map<string, string[]>();
const rememberId = (kind: string, id: string) => {
  const list = liveIds.get(kind) ?? [];
  if (!list.includes(id)) list.push(id);
  liveIds.set(kind, list);
};
const allIds = () => [...new Set([...liveIds.values()].flat())];
const resolveIds = (text: string) =>
  text.replace(/ID_([a-z-]+)_(\d+)_/g, (_match, kind: string, slot: string) => {
    const list = liveIds.get(kind)?.length ? liveIds.get(kind)! : allIds();
    return list[Number(slot) % list.length]!;
  });
function rememberIds(status: number, body: string) {
  if (status !== 201 && status !== 202) return;
  const data = (JSON.parse(body) as { data?: { transaction?: { id?: string }; payment?: { id?: string } } }).data;
  if (data?.transaction?.id) rememberId('transactions', data.transaction.id);
  if (data?.payment?.id) rememberId('payments', data.payment.id);
}

let t: TestApp;
const users: Record<'buyer' | 'seller' | 'both' | 'admin', MadeUser> = {} as never;
let operations: Operation[] = [];
let pools: FuzzPools;
let secrets: string[] = [];

/** Words that must never appear in a response unless the request itself contained them. */
function leakPatterns(): { name: string; pattern: RegExp }[] {
  return [
    { name: 'stack frame', pattern: /\bat [\w.<>$]+ \(?[^)\s]+:\d+:\d+\)?/ },
    { name: 'source path', pattern: /node_modules|\/server\/src\/|\.ts:\d+/ },
    { name: 'prisma', pattern: /prisma/i },
    { name: 'SQL', pattern: /\b(SELECT\s+.+\s+FROM|INSERT INTO|UPDATE\s+"?\w+"?\s+SET|DELETE FROM)\b/i },
    {
      name: 'PostgreSQL error',
      pattern:
        /\b(duplicate key value|violates (foreign key|unique|check) constraint|syntax error at or near|relation "\w+" does not exist)\b/i,
    },
    ...secrets.map((secret) => ({ name: 'a secret', pattern: new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })),
  ];
}

function authorization(caller: Caller, path: string): Promise<string | undefined> | string | undefined {
  switch (caller) {
    case 'none':
      return undefined;
    case 'garbage':
      return 'Bearer not.a.jwt';
    case 'empty_bearer':
      return 'Bearer ';
    case 'basic':
      return 'Basic YWRtaW46YWRtaW4=';
    case 'wrong_key':
      return `Bearer ${signHs256({ sub: users.admin.id, role: 'admin', jti: '00000000-0000-4000-8000-000000000000' }, 'not-the-secret-not-the-secret-0123456789')}`;
    case 'tampered':
      return `Bearer ${tamperedToken(users.buyer.token, { role: 'admin', sub: users.admin.id })}`;
    default: {
      const user = users[caller];
      // Logging out revokes the token: give each logout its own session so the others keep working.
      if (/\/logout$/.test(path))
        return t.app.issueToken(t.ctx.db, { id: user.id, userType: user.userType }).then((token) => `Bearer ${token}`);
      return `Bearer ${user.token}`;
    }
  }
}

interface Outcome {
  request: FuzzRequest | TrpcRequest;
  url: string;
  status: number;
  problem: string | null;
}

function describeRequest(request: FuzzRequest | TrpcRequest, url: string): string {
  const payload = 'payload' in request && request.payload !== undefined ? ` body=${request.payload.slice(0, 160)}` : '';
  const type = 'contentType' in request && request.contentType ? ` (${request.contentType})` : '';
  return `${request.method} ${url.slice(0, 200)} [${request.caller}${'mutation' in request ? `, ${request.mutation}` : ''}]${type}${payload}`;
}

function findLeak(response: LightMyRequestResponse, requestText: string): string | null {
  const text = `${JSON.stringify(response.headers)}\n${response.body}`;
  for (const { name, pattern } of leakPatterns()) {
    if (pattern.test(text) && !pattern.test(requestText)) return `response leaks ${name}: ${text.match(pattern)?.[0]?.slice(0, 80)}`;
  }
  return null;
}

function checkApiResponse(request: FuzzRequest, url: string, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `${status} ${response.body.slice(0, 200)}`;
  const isApi = url.startsWith('/api/');
  if (status >= 400 && isApi) {
    if (!ALLOWED_ERRORS.has(status)) return `unexpected status ${status}`;
    let body: Record<string, unknown>;
    try {
      body = response.json();
    } catch {
      return `${status} without a JSON envelope: ${response.body.slice(0, 120)}`;
    }
    if (
      body.success !== false ||
      typeof body.message !== 'string' ||
      !body.message ||
      typeof body.code !== 'string' ||
      !/^[A-Z_]+$/.test(body.code)
    ) {
      return `${status} with a body that is not the error envelope: ${response.body.slice(0, 160)}`;
    }
    if (status === 429 && !response.headers['retry-after']) return '429 without Retry-After';
  }
  if (request.isInvalid && status < 400) return `invalid input (${request.mutation}) accepted with ${status}`;
  if (isApi && !(String(status) in request.operation.responses)) return `${status} is not among the documented answers`;
  if (status >= 200 && status < 300 && String(response.headers['content-type'] ?? '').includes('application/json')) {
    const problem = checkDocumentedResponse(request.operation, status, response.json());
    if (problem) return `2xx does not match the documented schema: ${problem}`;
  }
  return findLeak(response, `${url} ${request.payload ?? ''}`);
}

// ── tRPC: every procedure, by GET and POST, single and batched, with random inputs ──

interface TrpcRequest {
  method: 'GET' | 'POST';
  procedure: string;
  input: unknown;
  isBatch: boolean;
  caller: Caller;
}

function trpcArbitrary(procedures: string[]): fc.Arbitrary<TrpcRequest> {
  const idInput = fc.constantFrom(...slotsOf('transactions'), ...slotsOf('users')).map((id) => ({ id }));
  return fc.record({
    method: fc.constantFrom<'GET' | 'POST'>('GET', 'POST'),
    procedure: fc.oneof(
      { arbitrary: fc.constantFrom(...procedures), weight: 8 },
      { arbitrary: fc.constantFrom('admin', 'nope', 'admin.nope', '__proto__', 'admin.dashboard,admin.stats', 'constructor'), weight: 1 },
    ),
    input: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: idInput, weight: 2 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 3 },
    ),
    isBatch: fc.boolean(),
    caller: fc.constantFrom<Caller>('admin', 'admin', 'admin', 'buyer', 'none', 'garbage', 'tampered'),
  });
}

function trpcUrlAndPayload(request: TrpcRequest): { url: string; payload?: string } {
  const wrapped = request.isBatch ? { 0: request.input } : request.input;
  const batch = request.isBatch ? 'batch=1' : '';
  if (request.method === 'GET') {
    const input = request.input === undefined && !request.isBatch ? '' : `input=${encodeURIComponent(JSON.stringify(wrapped) ?? '')}`;
    const query = [batch, input].filter(Boolean).join('&');
    return { url: `/trpc/${encodeURIComponent(request.procedure).replaceAll('%2C', ',')}${query ? `?${query}` : ''}` };
  }
  return {
    url: `/trpc/${encodeURIComponent(request.procedure).replaceAll('%2C', ',')}${batch ? `?${batch}` : ''}`,
    payload: JSON.stringify(wrapped) ?? '',
  };
}

async function runTrpc(request: TrpcRequest): Promise<Outcome> {
  const built = trpcUrlAndPayload(request);
  const url = resolveIds(built.url);
  const payload = built.payload === undefined ? undefined : resolveIds(built.payload);
  const headers: Record<string, string> = {};
  const auth = await authorization(request.caller, url);
  if (auth) headers.authorization = auth;
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const response = await t.app.inject({ method: request.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  let problem: string | null = response.statusCode >= 500 ? `${response.statusCode} ${response.body.slice(0, 200)}` : null;
  if (!problem && response.statusCode >= 400) {
    const body = JSON.parse(response.body) as unknown;
    const errors = Array.isArray(body) ? body : [body];
    if (!errors.every((entry) => typeof entry === 'object' && entry !== null && ('error' in entry || 'result' in entry)))
      problem = `tRPC error without an error object: ${response.body.slice(0, 120)}`;
  }
  if (!problem && request.caller !== 'admin' && response.statusCode < 300 && procedureNames.includes(request.procedure)) {
    problem = `admin procedure answered ${response.statusCode} to ${request.caller}`;
  }
  problem ??= findLeak(response, `${url} ${payload ?? ''}`);
  return { request, url, status: response.statusCode, problem };
}

async function runApi(generated: FuzzRequest): Promise<Outcome> {
  const request = { ...generated, ...(generated.payload !== undefined ? { payload: resolveIds(generated.payload) } : {}) };
  const url = resolveIds(fillPath(request.operation.path, request.path) + (request.query ? `?${request.query}` : ''));
  const headers: Record<string, string> = {};
  const auth = await authorization(request.caller, url);
  if (auth !== undefined) headers.authorization = auth;
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
  const response = await t.app.inject({
    method: request.method as 'GET',
    url,
    headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  if (process.env.FUZZ_DEBUG && request.operation.path.includes(process.env.FUZZ_DEBUG)) {
    console.log(`${response.statusCode} ${describeRequest(request, url)}\n    → ${response.body.slice(0, 200)}`);
  }
  const problem = checkApiResponse(request, url, response);
  if (!problem) rememberIds(response.statusCode, response.body);
  return { request, url, status: response.statusCode, problem };
}

let procedureNames: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  secrets = [t.config.JWT_SECRET, new URL(t.databaseUrl).password].filter((secret) => secret.length >= 8);
  users.buyer = await makeUser(t.app, { userType: 'buyer' });
  users.seller = await makeUser(t.app, { userType: 'seller' });
  users.both = await makeUser(t.app, { userType: 'both' });
  users.admin = await makeUser(t.app, { userType: 'admin' });
  const sacrificial = await Promise.all([0, 1, 2].map(() => makeUser(t.app, { userType: 'both' })));
  await makeUser(t.app, { userType: 'buyer', verified: false });

  // Transactions in several states, so actions on known ids reach the state machine.
  const { buyer, seller, both } = users;
  const make = (amount: number, type = 'standard', who = buyer, sellerPhone = seller.phone) =>
    createTransaction(t, who, {
      seller_phone: sellerPhone,
      amount,
      product_name: `Fuzz item ${amount}`,
      transaction_type: type,
      ...(type === 'lipa_mdogo_mdogo' ? { amount: 4000, total_cost: amount, installment_months: 3 } : {}),
    });
  const pending = await make(1000);
  const funded = await make(2000);
  const dispatched = await make(3000);
  const disputed = await make(4000, 'protected');
  const installments = await make(20_000, 'lipa_mdogo_mdogo');
  const asBoth = await make(1500, 'standard', both, seller.phone);
  const payments = [];
  for (const txn of [funded, dispatched, disputed, installments]) payments.push(await payAndSettle(t, buyer, txn.id));
  payments.push(await pay(t, both, asBoth.id, { phone_number: randomPhone('1037') }));
  expect((await action(t, seller, dispatched.id, 'dispatch')).statusCode).toBe(200);
  expect((await action(t, buyer, disputed.id, 'dispute', { reason: 'The phone never arrived' })).statusCode).toBe(200);
  const detail = await t.app.inject({ method: 'GET', url: `/api/transactions/${disputed.id}`, headers: bearer(buyer) });
  const disputeId = detail.json().data.dispute?.id as string | undefined;
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: {
      first_name: 'Fuzz',
      last_name: 'Tester',
      email: 'fuzz@example.co.ke',
      topic: 'support',
      message: 'Testing the contact form for fuzzing.',
    },
  });
  const contactId = contact.statusCode === 201 ? (contact.json().data.id as string) : undefined;

  for (const txn of [pending, funded, dispatched, disputed, installments, asBoth]) rememberId('transactions', txn.id);
  for (const payment of payments) rememberId('payments', payment.id);
  for (const user of sacrificial) rememberId('users', user.id);
  if (disputeId) rememberId('disputes', disputeId);
  if (contactId) rememberId('contact-messages', contactId);

  const transactionSlot = fc.constantFrom(...slotsOf('transactions'));
  const text = (words: string[]) => fc.constantFrom(...words);
  const disputeBody = fc.record({
    reason: text(['The item never arrived', 'Not as described in the listing']),
    dispute_type: fc.constantFrom('non_delivery', 'not_as_described', 'quality_issue', 'payment_delay', 'other'),
  });
  pools = {
    ids: (kind) => slotsOf(kind),
    named: { secret: [t.config.MPESA_CALLBACK_SECRET, t.config.AT_CALLBACK_SECRET, 'wrong-secret', ''] },
    examples: {
      'POST /api/auth/register': fc.record({
        first_name: text(['Achieng', 'Mwangi']),
        last_name: text(['Otieno', 'Kariuki']),
        phone_number: fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `07${n}`),
        user_type: fc.constantFrom('buyer', 'seller', 'both'),
        password: fc.constant('Password123!'),
        password_confirmation: fc.constant('Password123!'),
      }),
      'POST /api/auth/login': fc.record({
        phone_or_email: fc.constantFrom(...sacrificial.map((user) => user.phone), `0${users.buyer.phone.slice(3)}`),
        password: fc.constantFrom(TEST_PASSWORD, 'Wrong-password-1'),
      }),
      'PUT /api/auth/profile': fc.record({ first_name: text(['Renamed', 'Fuzzed']), last_name: text(['Person']) }, { requiredKeys: [] }),
      'POST /api/contact': fc.record({
        first_name: text(['Fuzz']),
        last_name: text(['Tester']),
        email: text(['fuzz@example.co.ke']),
        topic: fc.constantFrom('general', 'support', 'billing', 'partnership'),
        message: text(['Please tell me more about escrow for my shop.']),
      }),
      'POST /api/transactions': fc.oneof(
        fc.record({
          seller_phone: fc.constantFrom(users.seller.phone, `0${users.both.phone.slice(3)}`, randomPhone()),
          amount: fc.integer({ min: 1, max: 200_000 }),
          product_name: text(['Tecno Spark 20', 'Sofa set', 'Maize (90 kg bag)']),
          transaction_type: fc.constantFrom('standard', 'protected'),
        }),
        fc.record({
          seller_phone: fc.constant(users.seller.phone),
          amount: fc.constantFrom(4000, 5000),
          total_cost: fc.constantFrom(20_000, 25_000),
          installment_months: fc.constantFrom(3, 6, 12, 24),
          product_name: text(['Fridge on installments']),
          transaction_type: fc.constant('lipa_mdogo_mdogo'),
        }),
      ),
      'POST /api/payments/initiate': fc.record({ transaction_id: transactionSlot }),
      'POST /api/transactions/{id}/dispute': disputeBody,
      'POST /api/transactions/{id}/refund_request': disputeBody,
      'POST /api/transactions/{id}/withdrawal_request': fc.record({ reason: text(['I can no longer afford the plan']) }),
      'POST /api/transactions/{id}/withdrawal_response': fc.record({ accept: fc.boolean() }),
      'POST /api/transactions/{id}/dispute/respond': fc.record({ response: text(['I shipped it the same day; here is the receipt']) }),
      'POST /api/transactions/{id}/dispute/evidence': fc.record({
        kind: fc.constantFrom('statement', 'other', 'chat_history'),
        description: text(['What happened, in my words']),
      }),
      'POST /api/admin/disputes/{id}/resolve': fc.oneof(
        fc.record({ outcome: fc.constantFrom('release_seller', 'refund_buyer'), note: text(['Ruled on the evidence']) }),
        fc.record({ outcome: fc.constant('split'), buyer_amount: fc.constantFrom('100.00', 500), note: text(['Half each']) }),
      ),
      'POST /api/admin/users/{id}/suspend': fc.record({ reason: text(['Suspicious activity']) }, { requiredKeys: [] }),
      'POST /api/ussd/simulator': fc.record({
        sessionId: fc.integer({ min: 1, max: 1_000_000 }).map((n) => `fuzz-${n}`),
        serviceCode: fc.constant('*384*40#'),
        phoneNumber: fc.constantFrom(users.buyer.phone, `+${users.seller.phone}`, randomPhone()),
        text: fc.constantFrom('', '1', '2', '3', '1*1', '2*1', '0', '00', '9*9*9'),
      }),
    },
  };

  operations = (await loadOpenApi(t.app)).operations.filter((operation) => !operation.path.startsWith('/trpc/'));
  procedureNames = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
});
afterAll(() => t?.close());

describe('fuzzing every route', () => {
  it(`answers ${RUNS} generated requests without a 5xx, with envelopes, refusals and documented shapes`, { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(procedureNames.length).toBeGreaterThan(5);

    const apiWeight = operations.map((operation) => ({
      arbitrary: requestArbitrary(operation, pools) as fc.Arbitrary<FuzzRequest | TrpcRequest>,
      weight: 10,
    }));
    const everything = fc.oneof(...apiWeight, { arbitrary: trpcArbitrary(procedureNames), weight: 40 });
    const requests = fc.sample(everything, { numRuns: RUNS, seed: SEED });
    console.log(
      `fuzz: ${requests.length} requests over ${operations.length} operations and ${procedureNames.length} tRPC procedures, seed ${SEED}`,
    );

    const outcomes: Outcome[] = [];
    const started = Date.now();
    for (let i = 0; i < requests.length; i += CONCURRENCY) {
      const batch = requests.slice(i, i + CONCURRENCY);
      outcomes.push(...(await Promise.all(batch.map((request) => ('procedure' in request ? runTrpc(request) : runApi(request))))));
    }
    const seconds = (Date.now() - started) / 1000;

    const statuses = new Map<number, number>();
    for (const outcome of outcomes) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
    const byOperation = new Map<string, { total: number; ok: number }>();
    for (const outcome of outcomes) {
      const key = 'operation' in outcome.request ? `${outcome.request.method} ${outcome.request.operation.path}` : 'tRPC';
      const entry = byOperation.get(key) ?? { total: 0, ok: 0 };
      entry.total++;
      if (outcome.status < 300) entry.ok++;
      byOperation.set(key, entry);
    }
    const successes = outcomes.filter((outcome) => outcome.status < 300).length;
    console.log(
      `fuzz: ${outcomes.length} requests in ${seconds.toFixed(1)} s (${Math.round(outcomes.length / seconds)}/s); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; 2xx ${successes}`,
    );

    const neverSucceeded = [...byOperation].filter(([, entry]) => entry.ok === 0).map(([key]) => key);
    console.log(`fuzz: routes with no 2xx (only refusals reached): ${neverSucceeded.join(', ') || 'none'}`);

    const problems = outcomes
      .filter((outcome) => outcome.problem)
      .map((outcome) => `${outcome.problem}\n    ← ${describeRequest(outcome.request, outcome.url)}`);
    expect(problems.slice(0, 25), `${problems.length} problems`).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(Math.min(RUNS, 10_000));
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    // The fuzz reaches the handlers: a good share of requests succeed, on every route.
    expect(successes / outcomes.length).toBeGreaterThan(0.1);
    for (const operation of operations) {
      const entry = byOperation.get(`${operation.method} ${operation.path}`);
      expect(entry?.total ?? 0, `${operation.method} ${operation.path} was not fuzzed`).toBeGreaterThan(RUNS / operations.length / 4);
    }

    // No money was created or destroyed by all of that.
    await expectLedgerHealthy(t);
  });
});
