/**
 * The doors of docs/SECURITY.md tried once more from outside, where their own tests left a gap: every
 * gateway callback door (taken from the API documents, so a new door is tried without edits) with a
 * missing, wrong, truncated, lengthened, case-changed or another door's secret, and with the right
 * secret from an address GATEWAY_ALLOWED_IPS refuses behind a forged X-Forwarded-For; the USSD
 * simulator, the mocks, health and the API documents on a production start on the real rails; a buyer
 * calling the admin tRPC mutations, one by one and batched; the static files asked for a path out of
 * the client's folder. Each stranger gets the 404 (or 401/403) envelope, and nothing in the database
 * changes: every table's rows are fingerprinted before and after.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { parseEnv } from '../src/config/env.ts';
import type { Db } from '../src/db/prisma.ts';
import { startRuntime, type Runtime } from '../src/main.ts';
import { ussdForm } from '../src/modules/ussd/test/ussd-client.ts';
import { bearer, makeUser, randomAirtelPhone, randomPhone, TEST_PASSWORD, type MadeUser } from './factories.ts';
import { createTransaction, pay, paymentStatus } from './escrow-helpers.ts';
import { buildTestApp, createTestDatabase, eventually, type TestApp } from './helpers.ts';
import { inboxOf } from './sms-inbox.ts';
import { fillPath, loadOpenApi } from './support/openapi.ts';
import { PRODUCTION_ENV } from './support/production-env.ts';

/**
 * One fingerprint of every row of every table the product writes: equal before and after means the
 * request wrote nothing. Left out: the migrations' own table and the job workers' heartbeat.
 */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('_prisma_migrations', 'job_workers')
      ORDER BY table_name`,
  );
  const prints: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.$queryRawUnsafe<{ print: string | null }[]>(
      `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS print FROM "${name}" t`,
    );
    prints[name] = row?.print ?? '';
  }
  return prints;
}

/**
 * The fingerprint once the background work of earlier steps (a mock's callback, its SMS and their delivery
 * reports) has finished: the same twice, 400 ms apart. A door's "nothing written" compares against it.
 */
async function settledFingerprint(db: Db): Promise<Record<string, string>> {
  let last = await fingerprint(db);
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    const next = await fingerprint(db);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  throw new Error('the database kept changing for 20 s: background work of an earlier step never finished');
}

/** The secret each door's gateway was given (docs/SECURITY.md "Doors"). */
function secretOf(config: { AT_CALLBACK_SECRET: string; MPESA_CALLBACK_SECRET: string; AIRTEL_CALLBACK_SECRET: string }, door: string) {
  if (door.startsWith('/api/ussd/') || door.startsWith('/api/sms/')) return config.AT_CALLBACK_SECRET;
  if (door.startsWith('/api/payments/mpesa/')) return config.MPESA_CALLBACK_SECRET;
  if (door.startsWith('/api/payments/airtel/')) return config.AIRTEL_CALLBACK_SECRET;
  throw new Error(`${door}: a callback door whose secret this test does not know`);
}

const swapCase = (text: string) => [...text].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The callback doors as the API documents name them, `{secret}` in the path. */
async function callbackDoors(app: TestApp['app']): Promise<string[]> {
  const { operations } = await loadOpenApi(app);
  return operations
    .filter((operation) => operation.pathParams.some((param) => param.name === 'secret'))
    .map((operation) => operation.path)
    .sort();
}

const EXPECTED_DOORS = [
  '/api/payments/airtel/callback/{secret}',
  '/api/payments/mpesa/b2c/result/{secret}',
  '/api/payments/mpesa/b2c/status/result/{secret}',
  '/api/payments/mpesa/b2c/status/timeout/{secret}',
  '/api/payments/mpesa/b2c/timeout/{secret}',
  '/api/payments/mpesa/callback/{secret}',
  '/api/sms/delivery-report/{secret}',
  '/api/ussd/{secret}',
];

interface Targets {
  mpesaPaymentId: string;
  checkoutRequestId: string;
  airtelPaymentId: string;
  smsMessageId: string;
  ussdPhone: string;
}

/** A body that would change something if the door let it through: a payment credited, a phone registered, a report applied. */
function bodyFor(door: string, targets: Targets): { headers: Record<string, string>; payload: string; query: string } {
  const json = (value: unknown, query = '') => ({ headers: { 'content-type': 'application/json' }, payload: JSON.stringify(value), query });
  const b2c = (id: string) =>
    json({
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        OriginatorConversationID: id,
        ConversationID: `AG_${id}`,
        TransactionID: 'FORGED0002',
        ResultParameters: { ResultParameter: [{ Key: 'TransactionReceipt', Value: 'FORGED0002' }] },
      },
    });
  if (door.startsWith('/api/payments/mpesa/callback/'))
    return json(
      {
        Body: {
          stkCallback: {
            MerchantRequestID: 'forged-merchant',
            CheckoutRequestID: targets.checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 1523 },
                { Name: 'MpesaReceiptNumber', Value: 'FORGED0001' },
              ],
            },
          },
        },
      },
      `?payment=${targets.mpesaPaymentId}`,
    );
  if (door.startsWith('/api/payments/mpesa/b2c/status/')) return { ...b2c(randomUUID()), query: `?payout=${randomUUID()}` };
  if (door.startsWith('/api/payments/mpesa/b2c/')) return b2c(randomUUID());
  if (door.startsWith('/api/payments/airtel/'))
    return json({ transaction: { id: targets.airtelPaymentId, message: 'Paid', status_code: 'TS', airtel_money_id: 'MPFORGED0001' } });
  if (door.startsWith('/api/sms/'))
    return { ...ussdForm({ id: targets.smsMessageId, status: 'Failed', failureReason: 'DeliveryFailure' }), query: '' };
  if (door.startsWith('/api/ussd/'))
    return {
      ...ussdForm({
        sessionId: randomUUID(),
        serviceCode: USSD_SERVICE_CODE,
        phoneNumber: `+${targets.ussdPhone}`,
        networkCode: '63902',
        text: '1*Eve*Mallory*1*1111*1111',
      }),
      query: '',
    };
  throw new Error(`${door}: no forged body`);
}

const NOT_FOUND = { success: false, code: 'NOT_FOUND' };

describe('the gateway callback doors, tried with every near miss of the secret', () => {
  let t: TestApp;
  let targets: Targets;

  beforeAll(async () => {
    t = await buildTestApp();
    // An M-Pesa and an Airtel payment that stay pending (the mocks' customers ending 1037 never answer).
    const seller = await makeUser(t.app, { userType: 'seller' });
    const mpesaBuyer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1037') });
    const airtelBuyer = await makeUser(t.app, { userType: 'buyer', phone: randomAirtelPhone('1037') });
    const order = { seller_phone: seller.phone, amount: 1500, product_name: 'Gas cylinder', transaction_type: 'standard' };
    const mpesa = await pay(t, mpesaBuyer, (await createTransaction(t, mpesaBuyer, order)).id);
    const airtel = await pay(t, airtelBuyer, (await createTransaction(t, airtelBuyer, order)).id);
    // A text whose delivery report has come, so nothing is still on its way while the doors are tried.
    const texted = await makeUser(t.app, { userType: 'buyer', verified: false });
    await t.app.inject({ method: 'POST', url: '/api/auth/send_verification_code', payload: { phone_number: texted.phone } });
    await inboxOf(t, texted.phone);
    const sms = await eventually(() => t.ctx.db.smsMessage.findFirst({ where: { phoneNumber: texted.phone, status: 'delivered' } }));
    targets = {
      mpesaPaymentId: mpesa.id,
      checkoutRequestId: mpesa.checkout_request_id,
      airtelPaymentId: airtel.id,
      smsMessageId: sms.providerMessageId!,
      ussdPhone: randomPhone(),
    };
    expect((await paymentStatus(t, mpesaBuyer, mpesa.id)).status).toBe('pending');
  });
  afterAll(() => t?.close());

  it('lists the callback doors this test tries (a new door must be added to docs/SECURITY.md and here)', async () => {
    expect(await callbackDoors(t.app)).toEqual(EXPECTED_DOORS);
  });

  it('answers each door 404 with the unknown-path envelope, and writes nothing, for any secret but its own', async () => {
    const config = t.config;
    const others = [config.AT_CALLBACK_SECRET, config.MPESA_CALLBACK_SECRET, config.AIRTEL_CALLBACK_SECRET];
    const before = await settledFingerprint(t.ctx.db);
    for (const door of EXPECTED_DOORS) {
      const secret = secretOf(config, door);
      const misses = new Map<string, string>([
        ['no secret segment', door.replace('/{secret}', '')],
        ['an empty segment', fillPath(door, { secret: '' })],
        ['a guess', fillPath(door, { secret: 'secret' })],
        ['the secret less its last character', fillPath(door, { secret: secret.slice(0, -1) })],
        ['the secret and one more character', fillPath(door, { secret: `${secret}0` })],
        ['the secret with its case changed', fillPath(door, { secret: swapCase(secret) })],
        ['the secret in capitals', fillPath(door, { secret: secret.toUpperCase() })],
        ['the secret after a space', fillPath(door, { secret: ` ${secret}` })],
        ['the secret as an extra segment', `${fillPath(door, { secret: 'x' })}/${encodeURIComponent(secret)}`],
        ...others
          .filter((other) => other !== secret)
          .map((other, index): [string, string] => [`another door's secret (${index})`, fillPath(door, { secret: other })]),
      ]);
      const body = bodyFor(door, targets);
      for (const [name, url] of misses) {
        const response = await t.app.inject({ method: 'POST', url: `${url}${body.query}`, headers: body.headers, payload: body.payload });
        const where = `${door} with ${name}: ${response.statusCode} ${response.body.slice(0, 120)}`;
        expect(response.statusCode, where).toBe(404);
        expect(response.headers['content-type'], where).toMatch(/^application\/json/);
        expect(response.json(), where).toMatchObject(NOT_FOUND);
        // Word for word what a path nobody routes answers.
        expect(response.json().message, where).toBe(`Route POST ${url.split('?')[0]} not found`);
      }
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('takes the same forged STK callback with the right secret (the control), once, however often it is replayed', async () => {
    const door = '/api/payments/mpesa/callback/{secret}';
    const body = bodyFor(door, targets);
    const url = `${fillPath(door, { secret: t.config.MPESA_CALLBACK_SECRET })}${body.query}`;
    for (let replay = 0; replay < 3; replay++) {
      const response = await t.app.inject({ method: 'POST', url, headers: body.headers, payload: body.payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: targets.mpesaPaymentId } });
    expect(payment.railReceipt).toBe('FORGED0001');
    const deposits = await t.ctx.db.ledgerJournal.count({ where: { transactionId: payment.transactionId, kind: 'deposit' } });
    expect(deposits).toBe(1);
  });

  it('takes the same forged Airtel callback with the right secret (the control), once, however often it is replayed', async () => {
    const door = '/api/payments/airtel/callback/{secret}';
    const body = bodyFor(door, targets);
    const url = fillPath(door, { secret: t.config.AIRTEL_CALLBACK_SECRET });
    for (let replay = 0; replay < 3; replay++) {
      const response = await t.app.inject({ method: 'POST', url, headers: body.headers, payload: body.payload });
      expect(response.statusCode, response.body).toBe(200);
    }
    const payment = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: targets.airtelPaymentId } });
    expect(payment.status).toBe('completed');
    const deposits = await t.ctx.db.ledgerJournal.count({ where: { transactionId: payment.transactionId, kind: 'deposit' } });
    expect(deposits).toBe(1);
  });
});

describe('a production start on the real rails', () => {
  let runtime: Runtime;
  let dataDir: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    dataDir = mkdtempSync(path.join(tmpdir(), 'escrow-doors-'));
    // TRUST_PROXY off: this node is reached directly, so X-Forwarded-For is anyone's to write.
    const { TRUST_PROXY: _trusted, ...env } = PRODUCTION_ENV;
    runtime = await startRuntime({
      env: parseEnv({ ...env, DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', JOBS_ENABLED: 'false', LOG_LEVEL: 'silent' }),
      dataDir,
      say: () => {},
      logger: false,
    });
  });
  afterAll(async () => {
    await runtime?.stop();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves no USSD simulator and no mock: 404 with the envelope, and no phone registered', async () => {
    const phone = randomPhone();
    const before = await settledFingerprint(runtime.app.ctx.db);
    const form = ussdForm({
      sessionId: randomUUID(),
      serviceCode: USSD_SERVICE_CODE,
      phoneNumber: `+${phone}`,
      text: '1*Eve*Mallory*1*1111*1111',
    });
    for (const [method, url, body] of [
      ['POST', '/api/ussd/simulator', form],
      ['GET', `/mock/africastalking/inbox?phone=${phone}`, undefined],
      ['POST', '/mock/daraja/oauth/v1/generate', undefined],
      ['POST', '/mock/airtel/auth/oauth2/token', undefined],
    ] as const) {
      const response = await fetch(`${runtime.url}${url}`, { method, ...(body ? { headers: body.headers, body: body.payload } : {}) });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(await response.json(), `${method} ${url}`).toMatchObject(NOT_FOUND);
    }
    expect(await runtime.app.ctx.db.user.count({ where: { phoneNumber: phone } })).toBe(0);
    expect(await fingerprint(runtime.app.ctx.db)).toEqual(before);
  });

  it('refuses every callback door with the right secret from an address outside GATEWAY_ALLOWED_IPS, whatever X-Forwarded-For says', async () => {
    const doors = await callbackDoors(runtime.app);
    expect(doors).toEqual(EXPECTED_DOORS);
    const targets: Targets = {
      mpesaPaymentId: randomUUID(),
      checkoutRequestId: 'ws_CO_forged',
      airtelPaymentId: randomUUID(),
      smsMessageId: 'ATXid_forged',
      ussdPhone: randomPhone(),
    };
    const before = await settledFingerprint(runtime.app.ctx.db);
    for (const door of doors) {
      const body = bodyFor(door, targets);
      const url = `${runtime.url}${fillPath(door, { secret: secretOf(runtime.config, door) })}${body.query}`;
      // 196.201.214.0/24 is the allowed range; this request comes from 127.0.0.1.
      for (const forwarded of [undefined, '196.201.214.10', '196.201.214.10, 127.0.0.1']) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { ...body.headers, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
          body: body.payload,
        });
        expect(response.status, `${door} forwarded for ${forwarded}`).toBe(404);
        expect(await response.json()).toMatchObject(NOT_FOUND);
      }
    }
    expect(await runtime.app.ctx.db.user.count({ where: { phoneNumber: targets.ussdPhone } })).toBe(0);
    expect(await fingerprint(runtime.app.ctx.db)).toEqual(before);
  });

  it('answers health with its status alone, and the API documents name no secret or credential', async () => {
    const healthz = await fetch(`${runtime.url}/healthz`);
    expect(await healthz.json()).toEqual({ status: 'ok' });
    const readyz = await fetch(`${runtime.url}/readyz`);
    expect(await readyz.json()).toEqual({ status: 'ready' });

    const secrets = Object.entries({ ...PRODUCTION_ENV, JWT_SECRET: runtime.config.JWT_SECRET })
      .filter(([name]) => /SECRET|KEY|PASSKEY|CREDENTIAL|PASSWORD|TOKEN|PIN|DATABASE_URL|CLIENT_ID/.test(name))
      .map(([name, value]) => [name, value] as const);
    expect(secrets.length).toBeGreaterThanOrEqual(12);
    for (const url of ['/healthz', '/readyz', '/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/internal/json', '/api/config']) {
      const response = await fetch(`${runtime.url}${url}`);
      expect(response.status, url).toBe(200);
      const text = await response.text();
      for (const [name, value] of secrets) expect(text.includes(value), `${url} holds ${name}`).toBe(false);
      for (const name of ['pg-password', 'db.internal']) expect(text.includes(name), `${url} holds the database's ${name}`).toBe(false);
    }
    const document = (await (await fetch(`${runtime.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/ussd/{secret}', '/api/payments/mpesa/callback/{secret}']));
  });
});

describe('a stranger at the other doors', () => {
  let t: TestApp;
  let distDir: string;
  let buyer: MadeUser;
  let seller: MadeUser;

  beforeAll(async () => {
    // The client's folder, with a file beside it that must never be served.
    const root = mkdtempSync(path.join(tmpdir(), 'escrow-static-'));
    distDir = path.join(root, 'dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Home</title>');
    writeFileSync(path.join(distDir, 'assets', 'app.js'), 'export {};');
    writeFileSync(path.join(distDir, '404.html'), '<!doctype html><title>Page not found</title>');
    // The client's routes as the build lists them: any other path is a real 404.
    writeFileSync(path.join(distDir, 'routes.json'), JSON.stringify(['/', '/pricing']));
    writeFileSync(path.join(root, 'outside.txt'), 'OUTSIDE-THE-CLIENT');
    t = await buildTestApp({ env: { CLIENT_DIST_DIR: distDir } });
    buyer = await makeUser(t.app, { userType: 'buyer' });
    seller = await makeUser(t.app, { userType: 'seller', verified: false });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(path.dirname(distDir), { recursive: true, force: true });
  });

  const trpc = (headers: Record<string, string>, procedures: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/trpc/${procedures}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('lets no buyer run an admin tRPC mutation, alone or batched, on a real account: 403 and the account untouched', async () => {
    const before = await settledFingerprint(t.ctx.db);
    const suspend = { id: seller.id, reason: 'Taken over by a buyer' };
    for (const headers of [{}, bearer(buyer)]) {
      const expected = 'authorization' in headers ? 403 : 401;
      expect((await trpc(headers, 'admin.suspendUser', suspend)).statusCode).toBe(expected);
      expect((await trpc(headers, 'admin.verifyUser', { id: seller.id })).statusCode).toBe(expected);
      const batched = await trpc(headers, 'admin.verifyUser,admin.suspendUser?batch=1', { 0: { id: seller.id }, 1: suspend });
      const answers = batched.json() as { error?: { data?: { httpStatus?: number } } }[];
      expect(
        answers.map((answer) => answer.error?.data?.httpStatus),
        batched.body,
      ).toEqual([expected, expected]);
      // A mutation asked as a query is not run either.
      const asQuery = await t.app.inject({
        method: 'GET',
        url: `/trpc/admin.suspendUser?input=${encodeURIComponent(JSON.stringify(suspend))}`,
        headers,
      });
      expect(asQuery.statusCode).toBeGreaterThanOrEqual(400);
    }
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: seller.id } });
    expect(row.phoneVerifiedAt).toBeNull();
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it("replays no one else's answer for an Idempotency-Key a stranger copies, on creation and on payment", async () => {
    const owner = await makeUser(t.app, { userType: 'buyer' });
    const stranger = await makeUser(t.app, { userType: 'buyer' });
    const key = `order-${randomUUID()}`;
    const order = { seller_phone: randomPhone(), amount: 2100, product_name: 'Private cooker', transaction_type: 'standard' };
    const post = (user: MadeUser, url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: { ...bearer(user), 'idempotency-key': key }, payload: payload as object });
    const first = await post(owner, '/api/transactions', order);
    expect(first.statusCode, first.body).toBe(201);
    const mine = first.json().data.transaction as { id: string; reference_number: string };
    const copied = await post(stranger, '/api/transactions', order);
    expect(copied.statusCode, copied.body).toBe(201);
    const theirs = copied.json().data.transaction as { id: string; reference_number: string };
    expect(theirs.id).not.toBe(mine.id);
    expect(copied.body).not.toContain(mine.reference_number);
    expect(copied.body).not.toContain(owner.phone);

    const paid = await post(owner, '/api/payments/initiate', { transaction_id: mine.id });
    expect(paid.statusCode, paid.body).toBe(202);
    const paymentsBefore = await t.ctx.db.payment.count({ where: { transactionId: mine.id } });
    const copiedPay = await post(stranger, '/api/payments/initiate', { transaction_id: mine.id });
    expect(copiedPay.statusCode, copiedPay.body).toBe(404);
    expect(copiedPay.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(copiedPay.body).not.toContain(paid.json().data.payment.id);
    expect(await t.ctx.db.payment.count({ where: { transactionId: mine.id } })).toBe(paymentsBefore);
    // The owner's prompt is answered by the mock in the background: let it land here, not in a later test.
    await eventually(() => t.ctx.db.payment.findFirst({ where: { transactionId: mine.id, status: { not: 'pending' } } }), 20_000);
  });

  it('lets no one without a token, nor an account whose phone is unproven, check out a payment link: nothing bought, nothing held', async () => {
    const linkSeller = await makeUser(t.app, { userType: 'seller' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links',
      headers: bearer(linkSeller),
      payload: { product_name: 'Hand-woven basket', amount: 1200, transaction_type: 'standard', quantity: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().data.payment_link.code as string;
    const unproven = await makeUser(t.app, { userType: 'buyer', verified: false });
    const before = await settledFingerprint(t.ctx.db);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/payment-links/${code}/checkout` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const unverified = await t.app.inject({ method: 'POST', url: `/api/payment-links/${code}/checkout`, headers: bearer(unproven) });
    expect(unverified.statusCode, unverified.body).toBe(403);
    expect(unverified.json()).toMatchObject({ success: false, code: 'PHONE_NOT_VERIFIED' });
    expect(await fingerprint(t.ctx.db)).toEqual(before);
    // The link still has its one unit for a buyer who proved their phone.
    const real = await t.app.inject({ method: 'POST', url: `/api/payment-links/${code}/checkout`, headers: bearer(buyer) });
    expect(real.statusCode, real.body).toBe(201);
  });

  it('serves nothing from outside the client folder, however the path is written', async () => {
    const port = new URL(t.baseUrl).port;
    // http.request sends the path as written (fetch would resolve the dots first).
    const raw = (rawPath: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: rawPath, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    // The control: a file inside the folder is served to the same client.
    expect((await raw('/assets/app.js')).status).toBe(200);
    for (const rawPath of [
      '/../outside.txt',
      '/assets/../../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/%2e%2e/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/assets/..%5c..%5coutside.txt',
      '/%2e%2e%2foutside.txt',
      '/assets/%252e%252e/%252e%252e/outside.txt',
      '/pay/..%2f..%2f..%2foutside.txt',
      // The API documents' UI serves its own files from its package's folder.
      '/api/docs/static/../../../package.json',
      '/api/docs/static/..%2f..%2f..%2fpackage.json',
      '/api/docs/static/%2e%2e/%2e%2e/%2e%2e/package.json',
    ]) {
      const response = await raw(rawPath);
      expect(response.body.includes('OUTSIDE-THE-CLIENT'), `${rawPath}: ${response.status}`).toBe(false);
      expect(response.body.includes('"dependencies"'), `${rawPath}: a package.json`).toBe(false);
      // The dots resolve inside the folder, where no such file or page is: a real 404, never the file beside it
      // (the documents' UI refuses a path that climbs out with 403), always in the error envelope.
      expect(rawPath.startsWith('/api/docs/') ? [403, 404] : [404], `${rawPath}: ${response.status}`).toContain(response.status);
      expect(rawPath.startsWith('/api/') ? JSON.parse(response.body) : {}).toMatchObject(
        rawPath.startsWith('/api/') ? { success: false } : {},
      );
    }
  });

  it('keeps the login lock per address when X-Forwarded-For changes and TRUST_PROXY is off', async () => {
    const victim = await makeUser(t.app, { userType: 'buyer' });
    const login = (forwarded: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': forwarded },
        payload: { phone_or_email: victim.phone, password },
      });
    for (let guess = 0; guess < 5; guess++) expect((await login(`198.51.100.${guess + 1}`, `Wrong-${guess}!x`)).statusCode).toBe(401);
    const sixth = await login('198.51.100.77', TEST_PASSWORD);
    expect(sixth.statusCode, sixth.body).toBe(429);
    expect(sixth.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
