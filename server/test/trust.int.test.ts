/**
 * The doors at the edges, tried from outside as an attacker would (docs/SECURITY.md): who may speak
 * for a phone over USSD, the gateway callbacks' secret path and address list, demo versus production
 * mode, secrets in logs, one-time codes in the admin outbox, and the abuse limits on everything that
 * texts or prompts someone else's phone. Each test fails on the code before these doors existed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { createPrisma } from '../src/db/prisma.ts';
import {
  dialAndWalk,
  dialAndWalkWith,
  M,
  phoneSession,
  postUssd,
  TEST_PIN,
  giveUssdPin,
  ussdForm,
  firstLine,
} from '../src/modules/ussd/test/ussd-client.ts';
import { renderSms } from '../src/modules/notifications/templates.ts';
import { sendUssdStkPush } from '../src/modules/ussd/stk-push-job.ts';
import { MAX_PIN_TRIES } from '../src/modules/ussd/use-cases/verify-ussd-pin.ts';
import { bearer, makeUser, randomPhone, TEST_PASSWORD } from './factories.ts';
import { action, createTransaction, detail, payAndSettle } from './escrow-helpers.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { inboxOf, latestCode } from './sms-inbox.ts';
import { checkDocumentedResponse, loadOpenApi } from './support/openapi.ts';

const m = M.en;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const gatewayForm = (phone: string, text = '', sessionId = randomUUID()) =>
  ussdForm({ sessionId, serviceCode: USSD_SERVICE_CODE, phoneNumber: `+${phone}`, networkCode: '63902', text });

async function standardEscrow(
  target: TestApp,
  buyer: { id: string; phone: string; token: string; userType: 'buyer' | 'seller' | 'both' | 'admin' },
  sellerPhone: string,
) {
  return createTransaction(target, buyer, {
    seller_phone: sellerPhone,
    amount: 1500,
    product_name: 'Gas cylinder',
    transaction_type: 'standard',
  });
}

describe('the USSD callback speaks for a phone only with the gateway secret', () => {
  it('answers 404 and changes nothing without the secret, with a wrong one, or at the old path', async () => {
    const phone = randomPhone();
    for (const url of ['/api/ussd', '/api/ussd/', '/api/ussd/not-the-secret', `/api/ussd/${t.config.AT_CALLBACK_SECRET.slice(0, -1)}x`]) {
      const response = await t.app.inject({ method: 'POST', url, ...gatewayForm(phone) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    // Even a continuation that would register the phone creates nothing.
    const registering = await t.app.inject({ method: 'POST', url: '/api/ussd/wrong', ...gatewayForm(phone, '1*Eve*Mallory*1*1111*1111') });
    expect(registering.statusCode).toBe(404);
    expect(await t.ctx.db.ussdSession.count({ where: { phoneNumber: phone } })).toBe(0);
    expect(await t.ctx.db.user.count({ where: { phoneNumber: phone } })).toBe(0);

    const right = await t.app.inject({ method: 'POST', url: `/api/ussd/${t.config.AT_CALLBACK_SECRET}`, ...gatewayForm(phone) });
    expect(right.statusCode).toBe(200);
    expect(right.body.startsWith(`CON ${m.welcome}`)).toBe(true);
  });

  it('guards SMS delivery reports with the same secret', async () => {
    const { phone } = await makeUser(t.app, { userType: 'buyer', verified: false });
    await t.app.inject({ method: 'POST', url: '/api/auth/send_verification_code', payload: { phone_number: phone } });
    await inboxOf(t, phone);
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: phone } });
    const forged = new URLSearchParams({ id: sms.providerMessageId!, status: 'Failed', failureReason: 'Forged' }).toString();
    for (const url of ['/api/sms/delivery-report', '/api/sms/delivery-report/guess']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: forged,
      });
      expect(response.statusCode, url).toBe(404);
    }
    const after = await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: sms.id } });
    expect(after.failureReason).not.toBe('Forged');
    expect(after.status).not.toBe('failed');
  });
});

describe('a web account over USSD', () => {
  it('cannot get a first PIN from a stranger who only knows the phone number', async () => {
    const owner = await makeUser(t.app, { userType: 'both', firstName: 'Wanjiku' });
    const stranger = phoneSession(t, owner.phone, { origin: 'simulator' });
    const intro = await stranger.dial();
    expect(intro.text).toBe(m.proveFirstPin('Wanjiku'));
    // The old flow: type a PIN twice and reach the main menu.
    expect(firstLine(await stranger.send('1234'))).toBe(m.wrongProof);
    expect(firstLine(await stranger.send('1234'))).toBe(m.wrongProof);
    expect(firstLine(await stranger.send('000000'))).toBe(m.wrongProof);
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(row.ussdPinHash).toBeNull();
    // The owner reads the code on the phone and sets the PIN.
    const session = phoneSession(t, owner.phone, { origin: 'simulator' });
    await session.dial();
    expect((await session.send(await latestCode(t, owner.phone))).text).toContain(m.newPin);
    expect((await session.walk('4321', '4321')).text).toContain(m.pinSet);
  });

  it('limits the first-PIN codes a phone is sent, however often someone dials as it', async () => {
    const owner = await makeUser(t.app, { userType: 'buyer' });
    for (let dial = 0; dial < 5; dial++) await phoneSession(t, owner.phone, { origin: 'simulator' }).dial();
    expect(await t.ctx.db.smsMessage.count({ where: { phoneNumber: owner.phone, template: 'verification_code' } })).toBe(1);
  });

  it('accepts the web password as the proof, and then gives no phone verification for it', async () => {
    const owner = await makeUser(t.app, { userType: 'buyer', verified: false });
    const session = phoneSession(t, owner.phone, { origin: 'simulator' });
    await session.dial();
    expect((await session.send(TEST_PASSWORD)).text).toContain(m.newPin);
    expect((await session.walk('8642', '8642')).text).toContain(m.pinSet);
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(row.ussdPinHash).not.toBeNull();
    // Nobody vouched for the phone: the simulator and a password do not prove it.
    expect(row.phoneVerifiedAt).toBeNull();
  });

  it('reads transactions only after the PIN', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const created = await standardEscrow(t, buyer, randomPhone());
    const session = phoneSession(t, buyer.phone, { autoUnlock: false });
    await session.dial();
    const asked = await session.send('2');
    expect(firstLine(asked)).toBe(m.unlockPin);
    expect(asked.text).not.toContain(created.reference_number.slice(4));
    const wrong = await session.send('9999');
    expect(firstLine(wrong)).toBe(m.wrongPin(MAX_PIN_TRIES - 1));
    expect(wrong.text).not.toContain(created.reference_number.slice(4));
    expect((await session.send(TEST_PIN)).text).toContain(created.reference_number.slice(4));
    // Once per session: back home and into the list again without the PIN.
    await session.send('00');
    expect((await session.send('2')).text).toContain(created.reference_number.slice(4));
    // Find-by-reference and the action lists are behind the same door.
    for (const choice of ['3', '5', '6', '7']) {
      expect(firstLine(await dialAndWalkNoUnlock(buyer.phone, choice)), `menu ${choice}`).toBe(m.unlockPin);
    }
  });

  it('counts parallel PIN guesses atomically: the right PIN sent after the last try is spent is refused', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const created = await standardEscrow(t, buyer, randomPhone());
    // Two wrong tries already: one is left.
    await t.ctx.db.user.update({ where: { id: buyer.id }, data: { ussdPinFailures: MAX_PIN_TRIES - 1 } });
    const sessions = Array.from({ length: 20 }, () => phoneSession(t, buyer.phone, { autoUnlock: false }));
    for (const session of sessions) {
      await session.dial();
      expect(firstLine(await session.send('2'))).toBe(m.unlockPin);
    }
    // 19 wrong guesses and the right PIN last, all at once.
    const guesses = sessions.map((session, index) => session.send(index === sessions.length - 1 ? TEST_PIN : String(1000 + index)));
    const screens = await Promise.all(guesses);
    const readAny = screens.filter((screen) => screen.text.includes(created.reference_number.slice(4)));
    expect(readAny, 'a guess past the limit read the transactions').toHaveLength(0);
    for (const screen of screens) expect(screen.kind).toBe('END');
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: buyer.id } });
    expect(row.ussdPinLockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await t.ctx.db.smsMessage.count({ where: { phoneNumber: buyer.phone, template: 'ussd_pin_locked' } })).toBe(1);
  });
});

async function dialAndWalkNoUnlock(phone: string, ...inputs: string[]) {
  const session = phoneSession(t, phone, { autoUnlock: false });
  await session.dial();
  return session.walk(...inputs);
}

describe('the USSD simulator beside the gateway', () => {
  it('cannot continue a gateway session, even with its id and phone: the PIN proven there does not speak for the simulator', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const created = await standardEscrow(t, buyer, randomPhone());
    const gateway = phoneSession(t, buyer.phone, { autoUnlock: false });
    await gateway.dial();
    expect(firstLine(await gateway.send('2'))).toBe(m.unlockPin);
    expect((await gateway.send(TEST_PIN)).text).toContain(created.reference_number.slice(4));
    // The gateway's session id is no secret from the gateway's logs or a proxy: whoever learns it and types
    // the same phone in the simulator gets a session of their own, which has proven nothing.
    const replay = await postUssd(t, {
      sessionId: gateway.sessionId,
      phone: buyer.phone,
      text: [...gateway.inputs, '1'].join('*'),
      origin: 'simulator',
    });
    expect(replay).toEqual({ kind: 'END', text: m.sessionExpired });
    // The holder's own session on the gateway goes on untouched, its PIN still proven.
    expect((await gateway.send('0')).kind).toBe('CON');
    expect((await gateway.send('2')).text).toContain(created.reference_number.slice(4));
  });
});

describe('registering a phone over USSD', () => {
  it('through the simulator does not take over the escrows that name the phone as seller', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const victimPhone = randomPhone();
    const created = await standardEscrow(t, buyer, victimPhone);
    const stranger = phoneSession(t, victimPhone, { origin: 'simulator' });
    await stranger.dial();
    expect((await stranger.walk('1', 'Eve', 'Mallory', '2', '1111', '1111')).kind).toBe('END');
    const account = await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: victimPhone } });
    expect(account.phoneVerifiedAt).toBeNull();
    expect((await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } })).sellerId).toBeNull();
    // Nor does the escrow show on that account's USSD screens.
    const screen = await dialAndWalk(t, victimPhone, '2');
    expect(screen.text).not.toContain(created.reference_number.slice(4));
  });

  it("through the simulator leaves no PIN that speaks for the phone's holder once they prove it", async () => {
    const holderPhone = randomPhone();
    const stranger = phoneSession(t, holderPhone, { origin: 'simulator' });
    await stranger.dial();
    expect((await stranger.walk('1', 'Eve', 'Mallory', '3', '1111', '1111')).kind).toBe('END');

    // The holder cannot sign up (the number has an account): they recover it with the texted code.
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload: { phone_or_email: holderPhone } });
    const code = await latestCode(t, holderPhone, 'password_reset_code');
    const password = 'Holder-pass-1';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset_password',
      payload: { phone_or_email: holderPhone, code, password, password_confirmation: password },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { phone_or_email: holderPhone, password } });
    expect(login.statusCode).toBe(200);
    const holder = {
      id: login.json().data.user.id as string,
      phone: holderPhone,
      token: login.json().data.token as string,
      userType: 'both' as const,
    };
    const seller = await makeUser(t.app, { userType: 'seller' });
    const created = await standardEscrow(t, holder, seller.phone);
    await payAndSettle(t, holder, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);

    // The stranger dials again with their PIN: the account now asks for a proof of the phone, which the
    // PIN is not, and the holder's escrow stays where it was.
    const again = phoneSession(t, holderPhone, { origin: 'simulator' });
    expect((await again.dial()).text).toBe(m.proveFirstPin('Eve'));
    expect(firstLine(await again.send('1111'))).toBe(m.wrongProof);
    expect(firstLine(await dialAndWalkWith(t, holderPhone, { origin: 'simulator' }, '3', '1', '1111'))).toBe(m.wrongProof);
    expect((await detail(t, holder, created.id)).transaction.status).toBe('dispatched');
  });

  it("leaves a stranger's web password no use once the phone's holder proves the phone over USSD", async () => {
    const holderPhone = randomPhone();
    const strangerPassword = 'Stranger-pass-1';
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        first_name: 'Mallory',
        last_name: 'Squat',
        phone_number: holderPhone,
        user_type: 'seller',
        password: strangerPassword,
        password_confirmation: strangerPassword,
      },
    });
    expect(registered.statusCode).toBe(201);
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await standardEscrow(t, buyer, holderPhone);

    // The holder dials through the gateway and proves the phone with the code texted to it.
    const holder = phoneSession(t, holderPhone);
    expect((await holder.dial()).text).toBe(m.proveFirstPin('Mallory'));
    expect((await holder.send(await latestCode(t, holderPhone))).text).toContain(m.newPin);
    expect((await holder.walk('4321', '4321')).text).toContain(m.pinSet);
    const account = await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: holderPhone } });
    expect(account.phoneVerifiedAt).toBeInstanceOf(Date);
    expect((await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } })).sellerId).toBe(account.id);

    // The stranger's password no longer signs in; the holder is told by SMS how to choose their own.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone_or_email: holderPhone, password: strangerPassword },
    });
    expect(login.statusCode).toBe(401);
    expect((await inboxOf(t, holderPhone)).map((sms) => sms.message)).toContain(renderSms('web_password_dropped', 'en', {}));
  });

  it('keeps the web password when it was the proof for the first PIN on a gateway dial', async () => {
    const owner = await makeUser(t.app, { userType: 'buyer', verified: false });
    const session = phoneSession(t, owner.phone);
    await session.dial();
    expect((await session.send(TEST_PASSWORD)).text).toContain(m.newPin);
    expect((await session.walk('8642', '8642')).text).toContain(m.pinSet);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone_or_email: owner.phone, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.token).toEqual(expect.any(String));
  });

  it('through the gateway (the network vouches for the phone) attaches them', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const sellerPhone = randomPhone();
    const created = await standardEscrow(t, buyer, sellerPhone);
    await dialAndWalk(t, sellerPhone, '1', 'Wafula', 'Otieno', '2', '7777', '7777');
    const seller = await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: sellerPhone } });
    expect(seller.phoneVerifiedAt).toBeInstanceOf(Date);
    expect((await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } })).sellerId).toBe(seller.id);
  });
});

describe('USSD under load', () => {
  it('answers 25 parallel requests promptly from a pool of 5 connections (each request holds at most one)', async () => {
    const small = await buildTestApp({ db: (url) => createPrisma(url, { poolSize: 5 }) });
    try {
      const users = await Promise.all(Array.from({ length: 25 }, () => makeUser(small.app, { userType: 'buyer' })));
      for (const user of users) await giveUssdPin(small, user.id);
      const sessions = users.map((user) => phoneSession(small, user.phone));
      const started = Date.now();
      await Promise.all(sessions.map((session) => session.dial()));
      const screens = await Promise.all(sessions.map((session) => session.send('2')));
      const elapsed = Date.now() - started;
      for (const screen of screens) expect(screen.text).toContain(m.noTransactions);
      // A request holding a transaction while it asked the pool for a second connection stalled for the
      // pool's 10-second wait and failed.
      expect(elapsed).toBeLessThan(8_000);
    } finally {
      await small.close();
    }
  });
});

describe('demo and production mode', () => {
  it('serves the mocks, the simulator and the demo ribbon flag in demo mode', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ success: true, data: { mode: 'demo' } });
    const simulator = await t.app.inject({ method: 'POST', url: '/api/ussd/simulator', ...gatewayForm(randomPhone()) });
    expect(simulator.statusCode).toBe(200);
  });

  it('mounts no mock and no simulator when both rails are real', async () => {
    const real = await buildTestApp({
      env: {
        MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke',
        SMS_BASE_URL: 'https://api.sandbox.africastalking.com',
        AIRTEL_BASE_URL: 'https://openapiuat.airtel.africa',
      },
    });
    try {
      expect((await real.app.inject({ method: 'GET', url: '/api/config' })).json().data.mode).toBe('production');
      const probes = [
        { method: 'POST' as const, url: '/api/ussd/simulator', ...gatewayForm(randomPhone()) },
        { method: 'POST' as const, url: '/mock/daraja/oauth/v1/generate' },
        { method: 'GET' as const, url: '/mock/daraja/oauth/v1/generate?grant_type=client_credentials' },
        { method: 'POST' as const, url: '/mock/airtel/auth/oauth2/token', payload: { grant_type: 'client_credentials' } },
        {
          method: 'POST' as const,
          url: '/mock/africastalking/version1/messaging',
          payload: { username: 'sandbox', to: '+254700000000', message: 'x' },
        },
        { method: 'GET' as const, url: `/mock/africastalking/inbox?phone=${randomPhone()}` },
      ];
      for (const probe of probes) expect((await real.app.inject(probe)).statusCode, probe.url).toBe(404);
      // The gateway's own door is still there.
      const gateway = await real.app.inject({
        method: 'POST',
        url: `/api/ussd/${real.config.AT_CALLBACK_SECRET}`,
        ...gatewayForm(randomPhone()),
      });
      expect(gateway.statusCode).toBe(200);
    } finally {
      await real.close();
    }
  });
});

describe('GATEWAY_ALLOWED_IPS', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await buildTestApp({ env: { GATEWAY_ALLOWED_IPS: '203.0.113.0/24, 2001:db8::1' } });
  });
  afterAll(() => guarded?.close());

  it('refuses the USSD callback and the SMS report from other addresses with 404, even with the secret', async () => {
    const url = `/api/ussd/${guarded.config.AT_CALLBACK_SECRET}`;
    const phone = randomPhone();
    const outsider = await guarded.app.inject({ method: 'POST', url, remoteAddress: '198.51.100.7', ...gatewayForm(phone) });
    expect(outsider.statusCode).toBe(404);
    expect(await guarded.ctx.db.ussdSession.count({ where: { phoneNumber: phone } })).toBe(0);
    const report = await guarded.app.inject({
      method: 'POST',
      url: `/api/sms/delivery-report/${guarded.config.AT_CALLBACK_SECRET}`,
      remoteAddress: '198.51.100.7',
      ...ussdForm({ id: 'ATXid_unknown', status: 'Success' }),
    });
    expect(report.statusCode).toBe(404);
    for (const address of ['203.0.113.9', '2001:db8::1', '::ffff:203.0.113.200']) {
      const allowed = await guarded.app.inject({ method: 'POST', url, remoteAddress: address, ...gatewayForm(randomPhone()) });
      expect(allowed.statusCode, address).toBe(200);
    }
  });

  it('refuses Daraja callbacks from other addresses: the payment stays pending', async () => {
    const buyer = await makeUser(guarded.app, { userType: 'buyer' });
    const created = await standardEscrow(guarded, buyer, randomPhone());
    // The mock calls back from 127.0.0.1, which is not allowed here: the forged-looking callback is refused.
    const initiated = await guarded.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: bearer(buyer),
      payload: { transaction_id: created.id },
    });
    expect(initiated.statusCode).toBe(202);
    const payment = initiated.json().data.payment;
    const callback = {
      Body: {
        stkCallback: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: payment.checkout_request_id,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1523 },
              { Name: 'MpesaReceiptNumber', Value: 'FORGED0001' },
              { Name: 'PhoneNumber', Value: Number(buyer.phone) },
            ],
          },
        },
      },
    };
    const forged = await guarded.app.inject({
      method: 'POST',
      url: `/api/payments/mpesa/callback/${guarded.config.MPESA_CALLBACK_SECRET}?payment=${payment.id}`,
      remoteAddress: '198.51.100.7',
      payload: callback,
    });
    expect(forged.statusCode).toBe(404);
    expect((await guarded.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } })).railReceipt).toBeNull();
  });

  it('reads the client address from X-Forwarded-For only behind a trusted proxy', async () => {
    const url = `/api/ussd/${guarded.config.AT_CALLBACK_SECRET}`;
    const spoofedForm = gatewayForm(randomPhone());
    const spoofed = await guarded.app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.7',
      payload: spoofedForm.payload,
      headers: { ...spoofedForm.headers, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(spoofed.statusCode).toBe(404);
    const proxied = await buildTestApp({ env: { GATEWAY_ALLOWED_IPS: '203.0.113.0/24', TRUST_PROXY: '10.0.0.1' } });
    try {
      const form = gatewayForm(randomPhone());
      const viaProxy = await proxied.app.inject({
        method: 'POST',
        url: `/api/ussd/${proxied.config.AT_CALLBACK_SECRET}`,
        remoteAddress: '10.0.0.1',
        payload: form.payload,
        headers: { ...form.headers, 'x-forwarded-for': '203.0.113.9' },
      });
      expect(viaProxy.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('one-time codes', () => {
  it('are masked in the admin outbox, and reach only the phone', async () => {
    const admin = await makeUser(t.app, { userType: 'admin' });
    const victim = await makeUser(t.app, { userType: 'buyer' });
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload: { phone_or_email: victim.phone } });
    const outbox = await t.app.inject({ method: 'GET', url: `/api/admin/sms?phone=${victim.phone}`, headers: bearer(admin) });
    expect(outbox.statusCode).toBe(200);
    const [reset] = outbox.json().data.messages;
    expect(reset.template).toBe('password_reset_code');
    expect(reset.message).toContain('******');
    expect(reset.message).not.toMatch(/\d{6}/);

    // The phone's inbox (demo mode) has the code, newest first, and it works.
    const inbox = await inboxOf(t, victim.phone, 20);
    expect(inbox[0]).toMatchObject({ to: `+${victim.phone}`, status: 'Success', message: expect.stringMatching(/\d{6}/) });
    expect(Object.keys(inbox[0]!).sort()).toEqual(['created_at', 'from', 'id', 'message', 'status', 'to']);
    const code = await latestCode(t, victim.phone, 'password_reset_code');
    const reset2 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset_password',
      payload: { phone_or_email: victim.phone, code, password: 'Another-pass-1', password_confirmation: 'Another-pass-1' },
    });
    expect(reset2.statusCode).toBe(200);
  });
});

describe('abuse limits', () => {
  it(`refuses the ${31}st transaction of an account within the hour with 429 and Retry-After`, async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const seller = await makeUser(t.app, { userType: 'seller' });
    for (let index = 0; index < t.config.LIMIT_TRANSACTIONS_PER_HOUR; index++) await standardEscrow(t, buyer, seller.phone);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: bearer(buyer),
      payload: { seller_phone: seller.phone, amount: 1500, product_name: 'One more', transaction_type: 'standard' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it('invites a phone with no account at most 5 times a day from all senders; a registered seller is never limited', async () => {
    const unknownPhone = randomPhone();
    const seller = await makeUser(t.app, { userType: 'seller' });
    const buyers = await Promise.all(Array.from({ length: 7 }, () => makeUser(t.app, { userType: 'buyer' })));
    const statuses: number[] = [];
    for (const buyer of buyers) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: bearer(buyer),
        payload: { seller_phone: unknownPhone, amount: 1500, product_name: 'Invitation', transaction_type: 'standard' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.headers['retry-after']).toBeDefined();
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(await t.ctx.db.smsMessage.count({ where: { phoneNumber: unknownPhone } })).toBe(5);
    for (const buyer of buyers) await standardEscrow(t, buyer, seller.phone);
  });

  it('limits M-Pesa prompts per account and per target phone', async () => {
    // A customer who never answers the prompt (…1037). One transaction holds one pending prompt at a
    // time, so each call names a new transaction; a repeated call for the same one counts too.
    const buyer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1037') });
    const initiate = (user: { token: string }, transactionId: string, phone?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: bearer(user),
        payload: { transaction_id: transactionId, ...(phone ? { phone_number: phone } : {}) },
      });
    const statuses: number[] = [];
    let refusal: Awaited<ReturnType<typeof initiate>> | undefined;
    for (let call = 0; call <= t.config.LIMIT_PAYMENTS_PER_ACCOUNT_PER_HOUR; call++) {
      const created = await standardEscrow(t, buyer, randomPhone());
      refusal = await initiate(buyer, created.id);
      statuses.push(refusal.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The refusal is one the API document announces, so a client generated from it can handle it.
    expect(Number(refusal!.headers['retry-after'])).toBeGreaterThan(0);
    const { operations } = await loadOpenApi(t.app);
    const documented = operations.find((op) => op.method === 'POST' && op.path === '/api/payments/initiate')!;
    expect(Object.keys(documented.responses)).toContain('429');
    expect(checkDocumentedResponse(documented, 429, refusal!.json())).toBeNull();
    // A payment chosen over USSD (its prompt pushed after the session ends) is refused too, and the buyer,
    // promised a prompt on the menu, is told by SMS that none is coming.
    const overUssd = await standardEscrow(t, buyer, randomPhone());
    await sendUssdStkPush(t.ctx, { transactionId: overUssd.id, userId: buyer.id });
    expect(await t.ctx.db.payment.count({ where: { transactionId: overUssd.id } })).toBe(0);
    const told = await t.ctx.db.smsMessage.findMany({ where: { transactionId: overUssd.id, template: 'payment_prompt_not_sent' } });
    expect(told.map((sms) => [sms.phoneNumber, sms.message])).toEqual([
      [buyer.phone, renderSms('payment_prompt_not_sent', 'en', { ref: overUssd.reference_number })],
    ]);

    // Several accounts pushing prompts to one victim's phone share its limit.
    const victim = randomPhone('1037');
    const pushers = await Promise.all(Array.from({ length: 3 }, () => makeUser(t.app, { userType: 'buyer' })));
    const pushed: number[] = [];
    for (let call = 0; call <= t.config.LIMIT_PAYMENTS_PER_PHONE_PER_HOUR; call++) {
      const pusher = pushers[call % pushers.length]!;
      const own = await standardEscrow(t, pusher, randomPhone());
      pushed.push((await initiate(pusher, own.id, `0${victim.slice(3)}`)).statusCode);
    }
    expect(pushed.slice(0, -1).every((status) => status === 202)).toBe(true);
    expect(pushed.at(-1)).toBe(429);
  });

  it('locks password guessing per account and address: a stranger cannot lock the admin out', async () => {
    const admin = await makeUser(t.app, { userType: 'admin' });
    const login = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { phone_or_email: admin.phone, password } });
    for (let attempt = 0; attempt < t.config.LIMIT_LOGIN_FAILURES; attempt++)
      expect((await login('Guess-1234', '198.51.100.66')).statusCode).toBe(401);
    expect((await login(TEST_PASSWORD, '198.51.100.66')).statusCode).toBe(429);
    const owner = await login(TEST_PASSWORD, '203.0.113.10');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.token).toEqual(expect.any(String));
  });

  it('limits USSD registrations per phone', async () => {
    const limited = await buildTestApp({ env: { LIMIT_USSD_REGISTRATIONS_PER_PHONE_PER_DAY: '1' } });
    try {
      const phone = randomPhone();
      expect(await dialAndWalk(limited, phone, '1', 'Juma', 'Hamisi', '1', '1357', '1357')).toMatchObject({ kind: 'END' });
      // The account goes (say an admin removed it); registering the number again today is refused.
      await limited.ctx.db.user.delete({ where: { phoneNumber: phone } });
      expect(await dialAndWalk(limited, phone, '1', 'Juma', 'Hamisi', '1', '1357', '1357')).toEqual({
        kind: 'END',
        text: m.tooManyRegistrations,
      });
      expect(await limited.ctx.db.user.count({ where: { phoneNumber: phone } })).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('secrets in logs', () => {
  it('logs callback URLs with the secret segment replaced by ***, and no secret anywhere', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({ env: { LOG_LEVEL: 'debug' }, logStream: { write: (line: string) => lines.push(line) } });
    try {
      const buyer = await makeUser(logged.app, { userType: 'buyer' });
      const created = await standardEscrow(logged, buyer, randomPhone());
      await payAndSettle(logged, buyer, created.id);
      await postUssd(logged, { sessionId: randomUUID(), phone: randomPhone(), text: '' });
      await inboxOf(logged, buyer.phone);
      await logged.app.inject({ method: 'GET', url: '/api/transactions?token=abc.def.ghi', headers: bearer(buyer) });
      await logged.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload: { phone_or_email: buyer.phone } });
    } finally {
      await logged.close();
    }
    const text = lines.join('');
    expect(text).toContain('/api/payments/mpesa/callback/***');
    expect(text).toContain('/api/ussd/***');
    for (const secret of [logged.config.MPESA_CALLBACK_SECRET, logged.config.AT_CALLBACK_SECRET, logged.config.JWT_SECRET]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('abc.def.ghi');
    // One-time codes reach the phone only, never the log.
    expect(text).not.toMatch(/reset code is \d{6}/);
  });
});
