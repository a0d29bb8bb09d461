/**
 * A failed payment reads the same plain sentence everywhere, in the person's language: the payment's
 * failure_reason and the payment_failed SMS. The language is the profile's preferred_language, which
 * the web client saves when the person switches language (and which the USSD menu's setting changes).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';
import { renderSms } from '../src/modules/notifications/templates.ts';
import { bearer, makeUser, randomPhone, type MadeUser } from './factories.ts';
import { createTransaction, payAndSettle } from './escrow-helpers.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { inboxOf } from './sms-inbox.ts';

let t: TestApp;
let seller: MadeUser;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeUser(t.app, { userType: 'seller' });
});
afterAll(() => t?.close());

const standard = (amount: number) => ({
  seller_phone: `0${seller.phone.slice(3)}`,
  amount,
  product_name: 'Tecno Spark 20',
  transaction_type: 'standard',
});

async function setLanguage(user: MadeUser, language: string) {
  return t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(user), payload: { preferred_language: language } });
}

/** A buyer whose own phone is the Daraja mock's customer who types a wrong PIN (…2001). */
const wrongPinBuyer = () => makeUser(t.app, { userType: 'buyer', phone: randomPhone('2001') });

describe('the language of a person', () => {
  it('is English by default, saved by PUT /profile, and shown on the profile', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const before = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(buyer) });
    expect(before.json().data.user.preferred_language).toBe('en');
    const saved = await setLanguage(buyer, 'sw');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.user.preferred_language).toBe('sw');
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(buyer) });
    expect(after.json().data.user.preferred_language).toBe('sw');
    // The one field the USSD menu's language setting writes too.
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).language).toBe('sw');
  });

  it('accepts only en or sw, and only from the signed-in person', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    for (const bad of ['fr', 'SW', '', 1]) {
      const response = await setLanguage(buyer, bad as string);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
    }
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { preferred_language: 'sw' } });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: buyer.id } })).language).toBe('en');
  });
});

describe('a wrong-PIN payment', () => {
  it('tells an English reader in plain words, on the wire and by SMS; the rail text stays for staff', async () => {
    const buyer = await wrongPinBuyer();
    const created = await createTransaction(t, buyer, standard(400));
    const payment = await payAndSettle(t, buyer, created.id);
    const sentence = 'The M-Pesa PIN was wrong. Try again and enter your PIN carefully.';
    expect(payment).toMatchObject({ status: 'failed', failure_reason: sentence });
    const row = await t.ctx.db.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(row).toMatchObject({ resultCode: 2001, resultDesc: 'The initiator information is invalid.', failureKind: 'wrong_pin' });

    const sms = (await inboxOf(t, buyer.phone)).map((message) => message.message);
    expect(sms).toContain(renderSms('payment_failed', 'en', { ref: created.reference_number, kind: 'wrong_pin', rail: 'M-Pesa' }));
    expect(sms.find((message) => message.includes(created.reference_number) && message.includes(sentence))).toBeTruthy();
    expect(sms.join('\n')).not.toContain('initiator');
  });

  it('tells a person who switched to Kiswahili in Kiswahili, on the wire and by SMS', async () => {
    const buyer = await wrongPinBuyer();
    expect((await setLanguage(buyer, 'sw')).statusCode).toBe(200);
    const created = await createTransaction(t, buyer, standard(400));
    const payment = await payAndSettle(t, buyer, created.id);
    const sentence = paymentFailureSentence('wrong_pin', 'sw', 'M-Pesa');
    expect(sentence).toBe('PIN ya M-Pesa haikuwa sahihi. Jaribu tena na uweke PIN yako kwa makini.');
    expect(payment).toMatchObject({ status: 'failed', failure_reason: sentence });

    const sms = (await inboxOf(t, buyer.phone)).map((message) => message.message);
    const failed = sms.find((message) => message.includes(created.reference_number) && message.startsWith('Malipo ya'));
    expect(failed).toBe(`Malipo ya ${created.reference_number} hayakufaulu. ${sentence}`);
    // Every SMS after the switch is Kiswahili (the transaction's own SMS included).
    const created_sms = sms.find((message) => message.startsWith(`Escrow ${created.reference_number}`));
    expect(created_sms).toMatch(/imeundwa/);

    // The reader's language decides the wire text: switching back reads the same payment in English.
    expect((await setLanguage(buyer, 'en')).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/api/payments/${payment.id}/status`, headers: bearer(buyer) });
    expect(again.json().data.payment.failure_reason).toBe(paymentFailureSentence('wrong_pin', 'en', 'M-Pesa'));
  });
});

describe('a payment from a phone with no account', () => {
  it("texts that phone in the buyer's language", async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    expect((await setLanguage(buyer, 'sw')).statusCode).toBe(200);
    const created = await createTransaction(t, buyer, standard(400));
    // A relative's phone, the Daraja mock's customer who types a wrong PIN (…2001).
    const relative = randomPhone('2001');
    const payment = await payAndSettle(t, buyer, created.id, { phone_number: `0${relative.slice(3)}` });
    expect(payment.status).toBe('failed');
    const sms = (await inboxOf(t, relative)).map((message) => message.message);
    expect(sms).toContain(renderSms('payment_failed', 'sw', { ref: created.reference_number, kind: 'wrong_pin', rail: 'M-Pesa' }));
  });
});

describe('the waiting time a payer is promised', () => {
  it('is the configured wait before the server asks the rail about an unanswered prompt', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().data.payment_prompt_seconds).toBe(t.ctx.config.STK_RECONCILE_AFTER_SECONDS);
  });
});
