/**
 * The USSD channel's protocol and safety: request validation (400, never 5xx), sessions in PostgreSQL
 * (expiry, clean-up, replays, one phone per session), 0/00 navigation, the PIN lockout with its SMS,
 * and the account made over USSD reaching the web through forgot-password.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { bearer, makeUser, randomAirtelPhone, randomPhone } from '../../../test/factories.ts';
import { action, createTransaction, detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, eventually, type TestApp } from '../../../test/helpers.ts';
import { findFreePort } from '../../db/embedded-postgres.ts';
import { throughStandIn } from '../../../test/rail-stand-in.ts';
import { SESSION_TTL_MS } from './session-store.ts';
import {
  dialAndWalk,
  dialAndWalkWith,
  firstLine,
  giveUssdPin,
  M,
  phoneSession,
  postUssd,
  TEST_PIN,
  ussdForm,
  ussdUrl,
} from './test/ussd-client.ts';
import { displayTime, PIN_LOCK_MINUTES } from './use-cases/verify-ussd-pin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const m = M.en;
const local = (phone: string) => `0${phone.slice(3)}`;

describe('protocol', () => {
  it('answers text/plain starting CON on the first request, for every accepted phone form', async () => {
    for (const phoneNumber of ['+254711223344', '254711223344', '0711223344']) {
      const response = await t.app.inject({
        method: 'POST',
        url: ussdUrl(t),
        ...ussdForm({ sessionId: randomUUID(), serviceCode: USSD_SERVICE_CODE, phoneNumber, networkCode: '63902', text: '' }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body).toBe(`CON ${m.welcome}\n1. ${m.guestMenu[0]}\n2. ${m.guestMenu[1]}\n3. ${m.guestMenu[2]}`);
    }
  });

  it.each([
    ['no sessionId', { serviceCode: USSD_SERVICE_CODE, phoneNumber: '+254711223344', text: '' }, 'sessionId'],
    ['an unknown service code', { sessionId: 's1', serviceCode: '*123#', phoneNumber: '+254711223344', text: '' }, 'serviceCode'],
    ['a foreign phone', { sessionId: 's1', serviceCode: USSD_SERVICE_CODE, phoneNumber: '+15551234567', text: '' }, 'phoneNumber'],
    ['no phone', { sessionId: 's1', serviceCode: USSD_SERVICE_CODE, text: '' }, 'phoneNumber'],
    ['a huge text', { sessionId: 's1', serviceCode: USSD_SERVICE_CODE, phoneNumber: '+254711223344', text: '1*'.repeat(1500) }, 'text'],
    [
      'a huge session id',
      { sessionId: 'x'.repeat(500), serviceCode: USSD_SERVICE_CODE, phoneNumber: '+254711223344', text: '' },
      'sessionId',
    ],
  ])('rejects a form with %s: 400 envelope naming the field', async (_name, fields, field) => {
    const response = await t.app.inject({ method: 'POST', url: ussdUrl(t), ...ussdForm(fields as Record<string, string>) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', errors: { [field]: expect.any(Array) } });
  });

  it('never answers 5xx to malformed bodies', async () => {
    const bodies: { headers: Record<string, string>; payload: string }[] = [
      { headers: { 'content-type': 'application/json' }, payload: '{"sessionId": ' },
      { headers: { 'content-type': 'application/json' }, payload: '{"sessionId": 5, "serviceCode": [], "phoneNumber": {}, "text": 7}' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '%%%&&&===' },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' },
      { headers: { 'content-type': 'text/xml' }, payload: '<ussd/>' },
    ];
    for (const body of bodies) {
      const response = await t.app.inject({ method: 'POST', url: ussdUrl(t), ...body });
      expect(response.statusCode, body.payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.payload).toBeLessThan(500);
      expect(response.json()).toMatchObject({ success: false });
    }
  });

  it('is documented in the OpenAPI document, with the SMS delivery report', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    for (const path of ['/api/ussd/{secret}', '/api/ussd/simulator']) {
      expect(paths[path].post.tags).toEqual(['ussd']);
      expect(Object.keys(paths[path].post.requestBody.content)).toContain('application/x-www-form-urlencoded');
      expect(paths[path].post.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(
        expect.arrayContaining(['sessionId', 'serviceCode', 'phoneNumber']),
      );
    }
    expect(
      paths['/api/sms/delivery-report/{secret}'].post.requestBody.content['application/x-www-form-urlencoded'].schema.properties.status
        .enum,
    ).toContain('Success');
  });

  it('accepts JSON bodies too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: ussdUrl(t),
      payload: { sessionId: randomUUID(), serviceCode: USSD_SERVICE_CODE, phoneNumber: '+254711223355', text: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith('CON ')).toBe(true);
  });
});

describe('sessions', () => {
  it('reads only the new input, so an input may contain *', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    await session.walk('1', local(seller.phone), 'Sofa*set 3*2', '1', '20000');
    expect(await session.send(TEST_PIN)).toMatchObject({ kind: 'END' });
    expect(await t.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: buyer.id } })).toMatchObject({ productName: 'Sofa*set 3*2' });
  });

  it('answers a repeated request with the same screen, and never creates a second escrow', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const sessionId = randomUUID();
    const steps = ['', '1', `1*${seller.phone}`, `1*${seller.phone}*Radio`, `1*${seller.phone}*Radio*1`, `1*${seller.phone}*Radio*1*700`];
    for (const text of steps) await postUssd(t, { sessionId, phone: buyer.phone, text });
    const final = `${steps.at(-1)}*${TEST_PIN}`;
    const [first, second] = await Promise.all([
      postUssd(t, { sessionId, phone: buyer.phone, text: final }),
      postUssd(t, { sessionId, phone: buyer.phone, text: final }),
    ]);
    expect(first.kind).toBe('END');
    expect(second).toEqual(first);
    expect(await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } })).toBe(1);
    // After the end, a further input cannot revive the session.
    expect(await postUssd(t, { sessionId, phone: buyer.phone, text: `${final}*1` })).toEqual({ kind: 'END', text: m.sessionExpired });
  });

  it('does not let another phone continue a session', async () => {
    const sessionId = randomUUID();
    await postUssd(t, { sessionId, phone: randomPhone(), text: '' });
    expect(await postUssd(t, { sessionId, phone: randomPhone(), text: '1' })).toEqual({ kind: 'END', text: m.sessionExpired });
  });

  it('ends a session idle for more than 5 minutes, and cleans old sessions up', async () => {
    const registered = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, registered.id);
    const guest = randomPhone();
    const stale = phoneSession(t, registered.phone);
    await stale.dial();
    const guestOld = phoneSession(t, guest);
    await guestOld.dial();
    await guestOld.walk('2', '2');
    const guestNewer = phoneSession(t, guest);
    await guestNewer.dial();
    const past = new Date(Date.now() - SESSION_TTL_MS - 60_000);
    await t.ctx.db.ussdSession.updateMany({
      where: { sessionId: { in: [stale.sessionId, guestOld.sessionId] } },
      data: { updatedAt: past },
    });
    await t.ctx.db.ussdSession.update({ where: { sessionId: guestNewer.sessionId }, data: { updatedAt: new Date(past.getTime() + 1000) } });

    expect(await stale.send('2')).toEqual({ kind: 'END', text: m.sessionExpired });
    // A new dial cleans up: expired sessions of accounts go; an unregistered phone keeps its newest row (its language).
    await dialAndWalk(t, randomPhone());
    expect(await t.ctx.db.ussdSession.count({ where: { sessionId: stale.sessionId } })).toBe(0);
    expect(await t.ctx.db.ussdSession.count({ where: { sessionId: guestOld.sessionId } })).toBe(0);
    const kept = await t.ctx.db.ussdSession.findUniqueOrThrow({ where: { sessionId: guestNewer.sessionId } });
    expect(kept.state).toEqual({});
  });

  it('remembers the language an unregistered phone chose, and gives it to the account at registration', async () => {
    const phone = randomPhone();
    const first = phoneSession(t, phone);
    await first.dial();
    expect(firstLine(await first.walk('2', '2'))).toBe(M.sw.languageSaved);
    const second = phoneSession(t, phone);
    const welcome = await second.dial();
    expect(firstLine(welcome)).toBe(M.sw.welcome);
    expect(await second.walk('1', 'Baraka', 'Mwangi', '2', '1111', '1111')).toEqual({ kind: 'END', text: M.sw.registered('Baraka') });
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: phone } })).toMatchObject({ language: 'sw', userType: 'seller' });
  });
});

describe('navigation and input errors', () => {
  it('0 goes back one screen and 00 goes home, dropping what was typed', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    await session.walk('1', '0722000111');
    expect((await session.send('0')).text).toContain(m.sellerPhone);
    expect((await session.send('0')).text).toContain(m.mainMenu[0]);
    await session.walk('1', '0722000111', 'Bicycle', '1');
    const home = await session.send('00');
    expect(home.text).toContain(m.hello('Test'));
    const draft = await t.ctx.db.ussdSession.findUniqueOrThrow({ where: { sessionId: session.sessionId } });
    expect(draft.state).toMatchObject({ stack: ['home'], draft: {} });
    // Guests navigate the same way.
    const guest = phoneSession(t, randomPhone());
    await guest.dial();
    await guest.walk('1', 'Amani');
    expect((await guest.send('0')).text).toContain(m.firstName);
    expect(firstLine(await guest.send('00'))).toBe(m.welcome);
  });

  it('explains invalid input and keeps the screen', async () => {
    const guest = phoneSession(t, randomPhone());
    await guest.dial();
    expect(firstLine(await guest.send('7'))).toBe(m.invalidChoice);
    expect(firstLine(await guest.send(''))).toBe(m.invalidChoice);
    await guest.send('1');
    expect(firstLine(await guest.send('12345'))).toBe(m.invalidName);
    expect(firstLine(await guest.send('x'.repeat(61)))).toBe(m.invalidName);
    await guest.send('Juma');
    await guest.send('Hamisi');
    expect(firstLine(await guest.send('4'))).toBe(m.invalidChoice);
    await guest.send('1');
    expect(firstLine(await guest.send('abcd'))).toBe(m.pinFormat);

    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    expect(firstLine(await session.send('99'))).toBe(m.invalidChoice);
    await session.walk('1', '0722000111');
    expect(firstLine(await session.send('x'.repeat(101)))).toBe(m.invalidItem);
    await session.walk('Phone', '1');
    expect(firstLine(await session.send('0.5'))).toBe(m.invalidAmount('1', '500,000'));
    expect(firstLine(await session.send('abc'))).toBe(m.invalidAmount('1', '500,000'));
  });

  it('refuses a suspended account', async () => {
    const user = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, user.id);
    await t.ctx.db.user.update({ where: { id: user.id }, data: { status: 'suspended' } });
    expect(await dialAndWalk(t, user.phone)).toEqual({ kind: 'END', text: m.suspended });
  });
});

describe('PIN lockout', () => {
  it('locks the PIN for 30 minutes after 3 wrong tries, tells the owner by SMS, and unlocks after', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    await giveUssdPin(t, buyer.id);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 3000,
      product_name: 'Water tank',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);

    const session = phoneSession(t, buyer.phone);
    await session.dial();
    await session.walk('3', '1');
    const wrong = await session.send('0000');
    expect(firstLine(wrong)).toBe(m.wrongPin(2));
    // The summary stays under the refusal: the caller still sees what they are confirming.
    expect(wrong.text).toContain(created.reference_number);
    // A malformed PIN is not a try.
    expect(firstLine(await session.send('12'))).toBe(m.pinFormat);
    expect(firstLine(await session.send('1111'))).toBe(m.wrongPin(1));
    const locked = await session.send('2222');
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: buyer.id } });
    expect(row.ussdPinLockedUntil!.getTime()).toBeGreaterThan(Date.now() + (PIN_LOCK_MINUTES - 1) * 60_000);
    expect(locked).toEqual({ kind: 'END', text: m.pinLocked(displayTime(row.ussdPinLockedUntil!)) });
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: buyer.phone, template: 'ussd_pin_locked' } });
    expect(sms.message).toContain(displayTime(row.ussdPinLockedUntil!));

    // Even the right PIN is refused while locked, and nothing moves; the transactions cannot be read either.
    const lockedScreen = { kind: 'END', text: m.pinLocked(displayTime(row.ussdPinLockedUntil!)) };
    expect(await dialAndWalk(t, buyer.phone, '3')).toEqual(lockedScreen);
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('dispatched');
    expect(await dialAndWalk(t, buyer.phone, '2')).toEqual(lockedScreen);
    // Menus that show no transactions still work, and the first screen says the PIN is locked.
    expect(firstLine(await phoneSession(t, buyer.phone).dial())).toBe(m.pinLockedTitle(displayTime(row.ussdPinLockedUntil!)));
    expect((await dialAndWalk(t, buyer.phone, '8')).text).toContain(m.accountTitle);

    await t.ctx.db.user.update({ where: { id: buyer.id }, data: { ussdPinLockedUntil: new Date(Date.now() - 1000) } });
    expect(await dialAndWalk(t, buyer.phone, '3', '1', TEST_PIN)).toEqual({ kind: 'END', text: m.released(created.reference_number) });
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).toMatchObject({
      ussdPinFailures: 0,
      ussdPinLockedUntil: null,
    });
  });

  it('counts wrong PINs across sessions', async () => {
    const user = await makeUser(t.app, { userType: 'both' });
    await giveUssdPin(t, user.id);
    expect(firstLine(await dialAndWalk(t, user.phone, '8', '1', '0001'))).toBe(m.wrongPin(2));
    expect(firstLine(await dialAndWalk(t, user.phone, '8', '1', '0002'))).toBe(m.wrongPin(1));
    expect(await dialAndWalk(t, user.phone, '8', '1', '0003')).toMatchObject({ kind: 'END' });
    expect(await t.ctx.db.smsMessage.count({ where: { phoneNumber: user.phone, template: 'ussd_pin_locked' } })).toBe(1);
  });
});

describe('USSD and the web are one product', () => {
  it('an account made over USSD sets a web password with forgot-password and sees its USSD escrow on the web', async () => {
    const phone = randomPhone();
    const seller = await makeUser(t.app, { userType: 'seller' });
    expect(await dialAndWalk(t, phone, '1', 'Halima', 'Ali', '1', '5555', '5555')).toMatchObject({ kind: 'END' });
    expect(await dialAndWalk(t, phone, '1', local(seller.phone), 'Solar panel', '1', '12000', '5555')).toMatchObject({ kind: 'END' });

    // The web sign-up refuses the phone; the way in is forgot-password.
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        first_name: 'Halima',
        last_name: 'Ali',
        phone_number: local(phone),
        user_type: 'buyer',
        password: 'Halima@2026',
        password_confirmation: 'Halima@2026',
      },
    });
    expect(register.statusCode).toBe(409);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot_password', payload: { phone_or_email: local(phone) } })).statusCode,
    ).toBe(200);
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: phone, template: 'password_reset_code' } });
    const code = /\b(\d{6})\b/.exec(sms.message)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset_password',
      payload: { phone_or_email: phone, code, password: 'Halima@2026', password_confirmation: 'Halima@2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone_or_email: local(phone), password: 'Halima@2026' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { token, user } = login.json().data;
    expect(user).toMatchObject({ phone_number: phone, first_name: 'Halima', is_verified: true });

    const list = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer({ token }) });
    expect(list.json().data.transactions).toEqual([
      expect.objectContaining({ product_name: 'Solar panel', amount: '12000.00', status: 'pending' }),
    ]);
    const id = list.json().data.transactions[0].id;
    const one = await t.app.inject({ method: 'GET', url: `/api/transactions/${id}`, headers: bearer({ token }) });
    expect(one.json().data.transaction).toMatchObject({
      channel: 'ussd',
      my_role: 'buyer',
      allowed_actions: expect.arrayContaining(['pay', 'cancel']),
    });

    // The USSD PIN still works after the web password is set.
    expect((await dialAndWalkWith(t, phone, { autoUnlock: '5555' }, '2')).text).toContain('Solar p..');
  });

  it('an escrow naming an unregistered seller attaches when that phone registers over USSD', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const sellerPhone = randomPhone();
    const created = await createTransaction(t, buyer, {
      seller_phone: sellerPhone,
      amount: 900,
      product_name: 'Sandals',
      transaction_type: 'standard',
    });
    await dialAndWalk(t, sellerPhone, '1', 'Wafula', 'Chebukati', '2', '7777', '7777');
    const seller = await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: sellerPhone } });
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ sellerId: seller.id });
    expect((await dialAndWalkWith(t, sellerPhone, { autoUnlock: '7777' }, '2')).text).toContain(created.reference_number.slice(4));
  });

  it('a USSD payment the customer cancels on the phone fails cleanly and can be retried', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer', phone: randomPhone('1032') });
    await giveUssdPin(t, buyer.id);
    const seller = await makeUser(t.app, { userType: 'seller' });
    expect(await dialAndWalk(t, buyer.phone, '1', seller.phone, 'Mattress', '1', '6000', TEST_PIN)).toMatchObject({ kind: 'END' });
    await t.ctx.jobs.drain({ until: new Date(Date.now() + 60_000) });
    const txn = await t.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: buyer.id } });
    await eventually(() => t.ctx.db.payment.findFirst({ where: { transactionId: txn.id, status: 'cancelled' } }));
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: txn.id } })).toMatchObject({ status: 'pending' });
    expect(await t.ctx.db.smsMessage.count({ where: { phoneNumber: buyer.phone, template: 'payment_failed' } })).toBe(1);
    // Still payable from the Pay menu.
    expect((await dialAndWalk(t, buyer.phone, '5')).text).toContain(txn.referenceNumber.slice(4));
  });
});

describe('a USSD payment whose rail cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    // Nothing listens on this port: every collection request is refused before reaching Airtel Money.
    down = await buildTestApp({ railBaseUrls: { AIRTEL_BASE_URL: `http://127.0.0.1:${await findFreePort()}/airtel` } });
  });
  afterAll(() => down?.close());

  it('texts the buyer that no prompt is coming once every attempt has failed, and the escrow stays payable', async () => {
    const buyer = await makeUser(down.app, { userType: 'buyer', phone: randomAirtelPhone() });
    await giveUssdPin(down, buyer.id);
    const seller = await makeUser(down.app, { userType: 'seller' });
    expect(await dialAndWalk(down, buyer.phone, '1', seller.phone, 'Cooker', '1', '4000', TEST_PIN)).toMatchObject({ kind: 'END' });
    const txn = await down.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: buyer.id } });
    const notice = () => down.ctx.db.smsMessage.findMany({ where: { phoneNumber: buyer.phone, template: 'payment_failed' } });

    // Each drain runs one attempt; the buyer hears nothing while another attempt is still to come.
    for (const attempt of [1, 2]) {
      await down.ctx.jobs.drain({ queues: ['ussd.stk_push'], until: new Date(Date.now() + 3_600_000) });
      expect(await notice(), `after attempt ${attempt}`).toEqual([]);
    }
    await down.ctx.jobs.drain({ queues: ['ussd.stk_push'], until: new Date(Date.now() + 3_600_000) });
    const [sms, ...more] = await notice();
    expect(more).toEqual([]);
    expect(sms!.message).toBe(
      `Payment for ${txn.referenceNumber} did not go through. We could not reach Airtel Money to send the prompt. No money was taken. Please try again.`,
    );
    expect(await down.ctx.db.transaction.findUniqueOrThrow({ where: { id: txn.id } })).toMatchObject({ status: 'pending' });
    expect((await dialAndWalk(down, buyer.phone, '5')).text).toContain(txn.referenceNumber.slice(4));
  });
});

describe('a USSD payment the rail refuses', () => {
  it('texts the buyer at once that Airtel Money refused it, not that Airtel Money could not be reached, and asks no more', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer', phone: randomAirtelPhone() });
    await giveUssdPin(t, buyer.id);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const refusal = {
      status: 400,
      body: {
        status: {
          code: '400',
          message: 'Exceeds withdrawal amount limit(s)',
          result_code: 'ESB000001',
          response_code: 'DP00800001003',
          success: false,
        },
      },
    };
    const pushes = await throughStandIn(
      t,
      'airtel',
      (request) => (request.path.startsWith('/merchant/v1/payments') ? refusal : undefined),
      async (standIn) => {
        expect(await dialAndWalk(t, buyer.phone, '1', seller.phone, 'Oven', '1', '4200', TEST_PIN)).toMatchObject({ kind: 'END' });
        // As many runs as the job has attempts: a refusal is not asked again.
        for (let run = 0; run < 3; run++) await t.ctx.jobs.drain({ queues: ['ussd.stk_push'], until: new Date(Date.now() + 3_600_000) });
        return standIn.requests.filter((request) => request.path.startsWith('/merchant/v1/payments')).length;
      },
    );
    expect(pushes).toBe(1);
    const txn = await t.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: buyer.id } });
    const notices = await t.ctx.db.smsMessage.findMany({ where: { phoneNumber: buyer.phone, template: 'payment_failed' } });
    expect(notices.map((sms) => sms.message)).toEqual([
      `Payment for ${txn.referenceNumber} did not go through. Airtel Money refused the payment request. No money was taken. Check the number and amount, or try again later.`,
    ]);
    expect(await t.ctx.db.payment.findFirstOrThrow({ where: { transactionId: txn.id } })).toMatchObject({
      status: 'failed',
      failureKind: 'refused',
    });
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: txn.id } })).toMatchObject({ status: 'pending' });
  });
});
