/**
 * Security properties, walked over the OpenAPI document so new routes are covered without edits:
 * forged and expired tokens are refused; a stranger gets 404 from every route with an id and never
 * another person's data; every /api/admin route and tRPC procedure answers 401 without a token and 403
 * to non-admins; login brute force hits 429 with Retry-After; the helmet headers and the CORS policy
 * are in place. (No stack, SQL or secret in any answer: fuzz.int.test.ts and faults.int.test.ts.)
 */
import { connect } from 'node:net';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { darajaTimestamp, stkPassword } from '../src/rails/mpesa/daraja-client.ts';
import { appRouter } from '../src/trpc/root.ts';
import { bearer, makeUser, randomPhone, TEST_PASSWORD, type MadeUser } from './factories.ts';
import { action, createTransaction, payAndSettle } from './escrow-helpers.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { fillPath, loadOpenApi, type Operation } from './support/openapi.ts';
import { decodePayload, signHs256, tamperedToken, unsignedToken } from './support/tokens.ts';

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let stranger: MadeUser;
let admin: MadeUser;
let operations: Operation[];
/** Ids of the buyer's and seller's things, by path parameter name. */
const owned: Record<string, string[]> = {};
/** What the stranger must never see. */
let secretsOfOthers: string[] = [];

const ALLOWED_ORIGIN = 'https://partner.example.co.ke';

/** Bodies that pass validation, so the request reaches the access check (keyed `METHOD /path`). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/transactions/{id}/dispute': { reason: 'It never arrived' },
  'POST /api/transactions/{id}/refund_request': { reason: 'It never arrived' },
  'POST /api/transactions/{id}/withdrawal_request': { reason: 'Cannot afford it' },
  'POST /api/transactions/{id}/withdrawal_response': { accept: false },
  'POST /api/transactions/{id}/dispute/respond': { response: 'I did ship it' },
  'POST /api/transactions/{id}/release_with_code': { code: '123456' },
  'POST /api/transactions/{id}/dispute/evidence': { kind: 'statement', description: 'My statement' },
  'POST /api/admin/disputes/{id}/resolve': { outcome: 'release_seller', note: 'Ruling' },
  'POST /api/admin/users/{id}/suspend': { reason: 'Checking guards' },
  'PATCH /api/admin/contact-messages/{id}': { status: 'read' },
};

function requestFor(operation: Operation, values: Record<string, string>, headers: Record<string, string> = {}): InjectOptions {
  const body = VALID_BODIES[`${operation.method} ${operation.path}`];
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return {
    method: operation.method as InjectOptions['method'],
    url: fillPath(operation.path, values),
    headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
  };
}

function pngBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR security test image')]);
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Uint8Array }) {
  const boundary = 'securityboundary42';
  const parts: Uint8Array[] = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { CORS_ORIGINS: ALLOWED_ORIGIN } });
  buyer = await makeUser(t.app, { userType: 'buyer', firstName: 'Wanjiku' });
  seller = await makeUser(t.app, { userType: 'seller', firstName: 'Otieno' });
  stranger = await makeUser(t.app, { userType: 'both', firstName: 'Stranger' });
  admin = await makeUser(t.app, { userType: 'admin' });

  // The buyer's things: a disputed, paid transaction with a file as evidence, and an installment plan.
  const disputed = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount: 3200,
    product_name: 'Private sofa',
    transaction_type: 'protected',
  });
  const payment = await payAndSettle(t, buyer, disputed.id);
  expect((await action(t, buyer, disputed.id, 'dispute', { reason: 'Private complaint about the sofa' })).statusCode).toBe(200);
  const detail = (await t.app.inject({ method: 'GET', url: `/api/transactions/${disputed.id}`, headers: bearer(buyer) })).json().data;
  const upload = multipart(
    { kind: 'screenshot', description: 'Photo of the damage' },
    { name: 'damage.png', type: 'image/png', bytes: pngBytes() },
  );
  const evidence = await t.app.inject({
    method: 'POST',
    url: `/api/transactions/${disputed.id}/dispute/evidence`,
    headers: { ...bearer(buyer), 'content-type': upload.contentType },
    payload: upload.payload,
  });
  const lmm = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount: 5000,
    total_cost: 25_000,
    installment_months: 6,
    product_name: 'Private fridge',
    transaction_type: 'lipa_mdogo_mdogo',
  });
  operations = (await loadOpenApi(t.app)).operations;
  const hasEvidenceRoute = operations.some((operation) => operation.path.endsWith('/dispute/evidence'));
  if (hasEvidenceRoute) expect(evidence.statusCode, evidence.body).toBe(201);
  const evidenceId = evidence.statusCode === 201 ? (evidence.json().data.evidence.id as string) : undefined;
  const ids = [
    disputed.id,
    lmm.id,
    payment.id,
    ...(detail.dispute?.id ? [detail.dispute.id as string] : []),
    ...(evidenceId ? [evidenceId] : []),
  ];
  owned.id = ids;
  owned.evidenceId = evidenceId ? [evidenceId] : ids;
  secretsOfOthers = [
    disputed.reference_number,
    lmm.reference_number,
    buyer.phone,
    seller.phone,
    'Private sofa',
    'Private fridge',
    'Private complaint',
  ];
});
afterAll(() => t?.close());

describe('tokens', () => {
  const guarded = ['/api/auth/profile', '/api/transactions'];
  const claims = () => decodePayload(buyer.token);

  it.each([
    ['alg none', () => unsignedToken(claims())],
    ['alg none claiming admin', () => unsignedToken({ ...claims(), role: 'admin', sub: admin.id })],
    ['a wrong key', () => signHs256(claims(), 'another-secret-another-secret-0123456789')],
    ['HS512 with the right key', () => signHs256(claims(), t.config.JWT_SECRET, { alg: 'HS512', typ: 'JWT' })],
    ['a tampered payload (role → admin)', () => tamperedToken(buyer.token, { role: 'admin' })],
    ['a tampered payload (sub → another user)', () => tamperedToken(buyer.token, { sub: seller.id })],
    [
      'a past expiry, signed with the right key',
      () => signHs256({ ...claims(), exp: Math.floor(Date.now() / 1000) - 60 }, t.config.JWT_SECRET),
    ],
    [
      'a valid signature but an unknown session',
      () => signHs256({ ...claims(), jti: '3f0e0c8e-1b7a-4a52-9d6b-4d1f6f0d2b11' }, t.config.JWT_SECRET),
    ],
    ["a valid signature over another user's session", () => signHs256({ ...claims(), sub: seller.id }, t.config.JWT_SECRET)],
    ['garbage', () => 'abc.def.ghi'],
  ])('refuses a token with %s (401)', async (_name, token) => {
    for (const url of guarded) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token()}` } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('refuses a token after logout, on every process (the session row is revoked)', async () => {
    const user = await makeUser(t.app, { userType: 'buyer' });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(user) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(user) })).statusCode).toBe(401);
  });

  it('accepts the genuine token (the control)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(buyer) })).statusCode).toBe(200);
  });
});

describe('a stranger and every route with an id', () => {
  it("gets 404 (403 on admin routes) and never the owner's data, from every {id} route of the OpenAPI document", async () => {
    const idRoutes = operations.filter(
      (operation) => operation.path.startsWith('/api/') && operation.pathParams.some((param) => owned[param.name]),
    );
    expect(idRoutes.length).toBeGreaterThanOrEqual(10);
    const seen: string[] = [];
    for (const operation of idRoutes) {
      const param = operation.pathParams.find((candidate) => owned[candidate.name])!;
      for (const id of owned[param.name]!) {
        const response = await t.app.inject(requestFor(operation, { [param.name]: id }, bearer(stranger)));
        const where = `${operation.method} ${operation.path} with ${id}: ${response.statusCode} ${response.body.slice(0, 160)}`;
        const expected = operation.path.startsWith('/api/admin/') ? 403 : 404;
        expect(response.statusCode, where).toBe(expected);
        for (const secret of secretsOfOthers) expect(response.body.includes(secret), `${where} leaks ${secret}`).toBe(false);
      }
      seen.push(`${operation.method} ${operation.path}`);
    }
    // The important ones are among them.
    expect(seen).toEqual(
      expect.arrayContaining(['GET /api/transactions/{id}', 'POST /api/transactions/{id}/cancel', 'GET /api/payments/{id}/status']),
    );
  });

  it('answers a path the router cannot read with the same 404 envelope as any unknown path, gateway doors included', async () => {
    const wrongSecret = await fetch(`${t.baseUrl}/api/payments/mpesa/callback/not-the-secret`, { method: 'POST' });
    expect(wrongSecret.status).toBe(404);
    for (const [method, path] of [
      ['GET', '/api/transactions/%C0%AF'],
      ['GET', '/api/transactions/%ED%A0%80'],
      ['GET', `/api/payment-links/${'x'.repeat(600)}`],
      ['POST', '/api/payments/mpesa/callback/%C0%AF'],
      ['POST', `/api/payments/mpesa/callback/${'s'.repeat(600)}`],
    ] as const) {
      const response = await fetch(`${t.baseUrl}${path}`, { method, headers: bearer(buyer) });
      expect(response.status, `${method} ${path.slice(0, 60)}`).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('lets the owner read what the stranger could not (the ids are real)', async () => {
    const [transactionId, , paymentId] = owned.id!;
    expect((await t.app.inject({ method: 'GET', url: `/api/transactions/${transactionId}`, headers: bearer(buyer) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/status`, headers: bearer(buyer) })).statusCode).toBe(200);
    const evidenceRoute = operations.find((operation) => operation.pathParams.some((param) => param.name === 'evidenceId'));
    if (evidenceRoute && owned.evidenceId!.length === 1) {
      const file = await t.app.inject({
        method: 'GET',
        url: fillPath(evidenceRoute.path, { evidenceId: owned.evidenceId![0]! }),
        headers: bearer(seller),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
    }
  });

  it("lists none of the owner's transactions to the stranger, whatever the filters", async () => {
    for (const query of ['', '?search=Private', `?search=${buyer.phone}`, '?role=seller', '?role=buyer&per_page=100']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/transactions${query}`, headers: bearer(stranger) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.transactions).toEqual([]);
    }
  });
});

describe('admin guards', () => {
  it('every /api/admin route answers 401 without a token and 403 to a buyer and a seller', async () => {
    const adminRoutes = operations.filter((operation) => operation.path.startsWith('/api/admin/'));
    expect(adminRoutes.length).toBeGreaterThanOrEqual(10);
    for (const operation of adminRoutes) {
      const values = Object.fromEntries(operation.pathParams.map((param) => [param.name, owned.id![0]!]));
      const anonymous = await t.app.inject(requestFor(operation, values));
      expect(anonymous.statusCode, `${operation.method} ${operation.path} without a token`).toBe(401);
      for (const user of [buyer, seller]) {
        const response = await t.app.inject(requestFor(operation, values, bearer(user)));
        expect(response.statusCode, `${operation.method} ${operation.path} as ${user.userType}: ${response.body.slice(0, 120)}`).toBe(403);
        expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
    }
  });

  it('every /api/admin route answers 401 and 403 before reading its inputs: a non-admin learns nothing of them', async () => {
    const adminRoutes = operations.filter((operation) => operation.path.startsWith('/api/admin/'));
    for (const operation of adminRoutes) {
      const values = Object.fromEntries(operation.pathParams.map((param) => [param.name, 'not-an-id']));
      const query = operation.queryParams.map((param) => `${param.name}=%7Bnot-valid%7D`).join('&');
      const request = (headers: Record<string, string>): InjectOptions => {
        const base = requestFor(operation, values, headers);
        const hasBody = base.payload !== undefined;
        return { ...base, url: `${base.url as string}${query ? `?${query}` : ''}`, ...(hasBody ? { payload: '{"status": 42}' } : {}) };
      };
      const label = `${operation.method} ${operation.path} with bad inputs`;
      expect((await t.app.inject(request({}))).statusCode, `${label}, without a token`).toBe(401);
      expect((await t.app.inject(request(bearer(buyer)))).statusCode, `${label}, as a buyer`).toBe(403);
    }
  });

  it('every tRPC admin procedure answers 401 without a token and 403 to a non-admin', async () => {
    const procedures = Object.entries(
      (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures,
    );
    expect(procedures.length).toBeGreaterThan(5);
    for (const [name, procedure] of procedures) {
      const isQuery = procedure._def.type === 'query';
      const input = JSON.stringify({ id: owned.id![0] });
      const call = (headers: Record<string, string>) =>
        t.app.inject(
          isQuery
            ? { method: 'GET', url: `/trpc/${name}?input=${encodeURIComponent(input)}`, headers }
            : { method: 'POST', url: `/trpc/${name}`, headers: { ...headers, 'content-type': 'application/json' }, payload: input },
        );
      expect((await call({})).statusCode, `${name} without a token`).toBe(401);
      expect((await call(bearer(stranger))).statusCode, `${name} as a non-admin`).toBe(403);
      expect(
        (await call({ authorization: `Bearer ${tamperedToken(buyer.token, { role: 'admin' })}` })).statusCode,
        `${name} with a forged admin role`,
      ).toBe(401);
    }
  });
});

describe('rate limits', () => {
  it('stops password guessing on one account with 429 and Retry-After, and not the account next door', async () => {
    const victim = await makeUser(t.app, { userType: 'buyer' });
    const neighbour = await makeUser(t.app, { userType: 'buyer' });
    const login = (phone: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone_or_email: `0${phone.slice(3)}`, password } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) statuses.push((await login(victim.phone, `Wrong-${attempt}-password`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const refused = await login(victim.phone, TEST_PASSWORD); // even the right password, while locked
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Keyed by account, not by IP (carrier NAT): a neighbour on the same address still gets in.
    expect((await login(neighbour.phone, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits verification codes sent to one phone (429 with Retry-After)', async () => {
    const phone = randomPhone();
    const send = () => t.app.inject({ method: 'POST', url: '/api/auth/send_verification_code', payload: { phone_number: phone } });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const second = await send();
    // The contract answers the same for unknown numbers; a second code within the cooldown is refused.
    expect([200, 429]).toContain(second.statusCode);
    if (second.statusCode === 429) expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the Daraja mock', () => {
  it('calls back only to this server: no request forgery towards other hosts', async () => {
    const elsewhere = 'http://169.254.169.254/latest/meta-data';
    const basic = Buffer.from(`${t.config.MPESA_CONSUMER_KEY}:${t.config.MPESA_CONSUMER_SECRET}`).toString('base64');
    const oauth = await t.app.inject({
      url: '/mock/daraja/oauth/v1/generate?grant_type=client_credentials',
      headers: { authorization: `Basic ${basic}` },
    });
    const authorization = `Bearer ${oauth.json().access_token}`;
    // Everything else valid, so that the callback address is what is refused.
    const b2c = await t.app.inject({
      method: 'POST',
      url: '/mock/daraja/mpesa/b2c/v3/paymentrequest',
      headers: { authorization },
      payload: {
        InitiatorName: 'x',
        SecurityCredential: 'y',
        CommandID: 'BusinessPayment',
        Amount: 10,
        PartyA: t.config.MPESA_B2C_SHORTCODE,
        PartyB: '254711000111',
        ResultURL: elsewhere,
        QueueTimeOutURL: elsewhere,
        OriginatorConversationID: 'ssrf-b2c',
      },
    });
    expect(b2c.statusCode).toBe(400);
    expect(b2c.json().errorMessage).toBe('Bad Request - Invalid ResultURL');
    const timestamp = darajaTimestamp(new Date());
    const stk = await t.app.inject({
      method: 'POST',
      url: '/mock/daraja/mpesa/stkpush/v1/processrequest',
      headers: { authorization },
      payload: {
        BusinessShortCode: t.config.MPESA_SHORTCODE,
        Password: stkPassword(t.config.MPESA_SHORTCODE, t.config.MPESA_PASSKEY, timestamp),
        Timestamp: timestamp,
        TransactionType: 'CustomerPayBillOnline',
        Amount: 10,
        PartyA: '254711000111',
        PartyB: t.config.MPESA_SHORTCODE,
        PhoneNumber: '254711000111',
        CallBackURL: elsewhere,
        AccountReference: 'SSRF',
        TransactionDesc: 'x',
      },
    });
    expect(stk.statusCode).toBe(400);
    expect(stk.json().errorMessage).toBe('Bad Request - Invalid CallBackURL');
    expect(await t.ctx.db.mockMpesaRequest.count({ where: { callbackUrl: { startsWith: 'http://169.254' } } })).toBe(0);
  });
});

/** The helmet headers every answer carries. */
function expectSecurityHeaders(response: LightMyRequestResponse, where: string) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp, where).toContain("default-src 'self'");
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).toContain("object-src 'none'");
  // This test app's address is plain http: no upgrade, or a browser would fetch its scripts at https://.
  expect(csp, where).not.toContain('upgrade-insecure-requests');
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['x-frame-options'], where).toBe('SAMEORIGIN');
  expect(response.headers['referrer-policy'], where).toBe('no-referrer');
  expect(String(response.headers['strict-transport-security']), where).toMatch(/max-age=\d{7,}/);
  expect(response.headers['x-powered-by'], where).toBeUndefined();
}

describe('headers', () => {
  it('sends the helmet headers on API answers and error answers', async () => {
    for (const url of ['/api/v1/charges', '/api/transactions', '/healthz']) {
      expectSecurityHeaders(await t.app.inject({ method: 'GET', url }), url);
    }
  });
});

/** Writes raw bytes to the listening server and reads the whole answer (the connection is closed after it). */
function rawHttp(baseUrl: string, bytes: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests Node refuses before routing', () => {
  it('answers oversized headers, an over-long URL and an unreadable request with the error envelope', async () => {
    const cases = [
      { bytes: `GET /api/v1/charges HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, status: 431 },
      { bytes: `GET /api/${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, status: 431 },
      { bytes: 'GARBAGE\r\n\r\n', status: 400 },
      { bytes: 'GET /api/v1/charges HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', status: 400 },
    ];
    for (const { bytes, status } of cases) {
      const answer = await rawHttp(t.baseUrl, bytes);
      expect(answer.status, bytes.slice(0, 40)).toBe(status);
      expect(answer.headers.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(body, bytes.slice(0, 40)).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
      expect(body).not.toHaveProperty('statusCode');
    }
  });
});

describe('CORS', () => {
  it('gives a foreign origin no Access-Control-Allow-Origin and refuses its preflight', async () => {
    const simple = await t.app.inject({ method: 'GET', url: '/api/v1/charges', headers: { origin: 'https://evil.example.com' } });
    expect(simple.statusCode).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    expect(String(simple.headers.vary)).toMatch(/Origin/);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/transactions',
      headers: {
        origin: 'https://evil.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect(preflight.json()).toEqual({ success: false, message: 'This origin may not call the API', code: 'FORBIDDEN' });
    // The refusal is an answer like any other: it carries the security headers too.
    expectSecurityHeaders(preflight, 'refused preflight');
  });

  it('opens the API to an origin listed in CORS_ORIGINS, preflight included, without credentials', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/transactions',
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,idempotency-key',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const actual = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { origin: ALLOWED_ORIGIN, ...bearer(buyer) } });
    expect(actual.statusCode).toBe(200);
    expect(actual.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
  });

  it('answers same-origin requests (no Origin header) without CORS headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/charges' });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });
});
