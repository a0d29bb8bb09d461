import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, EMAIL_TAKEN_FIELD, PHONE_TAKEN, PHONE_TAKEN_FIELD } from '@escrow/core/contract/auth';
import { makeUser, randomPhone } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { inboxOf } from '../../../test/sms-inbox.ts';
import { authClient, countSms, latestCode, localForm, registration } from './test/auth-client.ts';

let t: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = authClient(t);
});
afterAll(() => t?.close());

describe('POST /api/auth/register', () => {
  it('creates an unverified account, answers 201 with the contract user, and sends a 6-digit code by SMS', async () => {
    const phone = randomPhone();
    const response = await client.post(
      '/register',
      registration(localForm(phone), { email: 'Wanjiru.Mwangi@Example.co.ke', user_type: 'seller' }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.requires_verification).toBe(true);
    expect(body.data).not.toHaveProperty('token');
    expect(body.data.user).toEqual({
      id: expect.any(String),
      full_name: 'Wanjiru Mwangi',
      display_name: 'Wanjiru M.',
      first_name: 'Wanjiru',
      last_name: 'Mwangi',
      phone_number: phone,
      email: 'wanjiru.mwangi@example.co.ke',
      user_type: 'seller',
      is_verified: false,
      preferred_language: 'en',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const stored = await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: phone } });
    expect(stored.phoneVerifiedAt).toBeNull();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.passwordHash).not.toContain('Sup3r-secret');

    expect(await countSms(t, phone)).toBe(1);
    const code = await latestCode(t, phone);
    const codes = await t.ctx.db.verificationCode.findMany({ where: { phoneNumber: phone } });
    expect(codes).toHaveLength(1);
    expect(codes[0]!.purpose).toBe('verify_phone');
    expect(codes[0]!.codeHash).not.toContain(code);
    const lifetime = codes[0]!.expiresAt.getTime() - codes[0]!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThan(610_000);
  });

  it('sends the code in the language of the page signed up on, and keeps it as the account’s language', async () => {
    const phone = randomPhone();
    const response = await client.post('/register', registration(localForm(phone), { preferred_language: 'sw' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.user.preferred_language).toBe('sw');
    const [sms] = await inboxOf(t, phone);
    expect(sms?.message).toMatch(/^Nambari yako ya uthibitisho ya Escrow Kenya ni \d{6}\. Itaisha baada ya dakika 10\./);

    const english = await client.post('/register', registration(localForm(randomPhone())));
    expect(english.json().data.user.preferred_language).toBe('en');
  });

  it.each([
    ['07…', (phone: string) => `0${phone.slice(3)}`],
    ['+254…', (phone: string) => `+${phone}`],
    ['254…', (phone: string) => phone],
    ['with spaces', (phone: string) => `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`],
  ])('accepts the phone as %s and stores 254XXXXXXXXX', async (_label, format) => {
    const phone = randomPhone();
    const response = await client.post('/register', registration(format(phone)));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.user.phone_number).toBe(phone);
  });

  it('accepts an 01… (Airtel/Safaricom 011) number', async () => {
    const phone = `2541${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const response = await client.post('/register', registration(`0${phone.slice(3)}`, { user_type: 'both' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.user).toMatchObject({ phone_number: phone, user_type: 'both' });
  });

  it('refuses a phone that already has an account with 409 ALREADY_EXISTS, in any format', async () => {
    const phone = randomPhone();
    expect((await client.post('/register', registration(phone))).statusCode).toBe(201);
    for (const format of [localForm(phone), `+${phone}`, phone]) {
      const response = await client.post('/register', registration(format, { first_name: 'Other' }));
      expect(response.statusCode, format).toBe(409);
      // The words the client's catalogs translate (client/src/i18n/en/auth-messages.ts).
      expect(response.json()).toMatchObject({
        success: false,
        code: 'ALREADY_EXISTS',
        message: PHONE_TAKEN,
        errors: { phone_number: [PHONE_TAKEN_FIELD] },
      });
    }
    expect(await t.ctx.db.user.count({ where: { phoneNumber: phone } })).toBe(1);
  });

  it('refuses an email that already has an account with 409, whatever its case', async () => {
    await makeUser(t.app, { email: 'taken@example.co.ke' });
    const response = await client.post('/register', registration(randomPhone(), { email: 'TAKEN@example.co.ke' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ALREADY_EXISTS', message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN_FIELD] } });
  });

  it('lets only one of two simultaneous sign-ups for one phone through', async () => {
    const phone = randomPhone();
    const answers = await Promise.all([1, 2, 3].map(() => client.post('/register', registration(phone))));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('never creates an admin', async () => {
    const phone = randomPhone();
    const response = await client.post('/register', registration(phone, { user_type: 'admin' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { user_type: [expect.any(String)] } });
    expect(await t.ctx.db.user.count({ where: { phoneNumber: phone } })).toBe(0);
  });

  it.each([
    ['a short password', { password: 'short', password_confirmation: 'short' }, 'password', /at least 8/],
    ['a confirmation that does not match', { password_confirmation: 'Different-1' }, 'password_confirmation', /Passwords do not match/],
    ['a missing first name', { first_name: '   ' }, 'first_name', /required/],
    ['a missing last name', { last_name: undefined }, 'last_name', /required/],
    ['a landline', { phone_number: '0201234567' }, 'phone_number', /0 or 254/],
    ['a phone with too many digits', { phone_number: '07123456789' }, 'phone_number', /0 or 254/],
    ['a bad email', { email: 'not-an-email' }, 'email', /valid email/],
    ['an unknown account type', { user_type: 'merchant' }, 'user_type', /buyer, seller or both/],
    ['a huge name', { first_name: 'x'.repeat(10_000) }, 'first_name', /60/],
  ])('answers %s with 400 VALIDATION_ERROR naming the field', async (_label, overrides, field, message) => {
    const phone = randomPhone();
    const response = await client.post('/register', registration(phone, overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(body.errors[field]?.join(' ')).toMatch(message);
    expect(await t.ctx.db.user.count({ where: { phoneNumber: phone } })).toBe(0);
  });

  it('answers malformed bodies with 400, never 5xx', async () => {
    for (const payload of [
      'not json',
      '[]',
      '{"first_name": 5}',
      'null',
      JSON.stringify({ ...registration(randomPhone()), password: 12345678 }),
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().success).toBe(false);
    }
  });

  it('is documented in the OpenAPI document with the auth tag', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/auth/register', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/auth/send_verification_code', 'post'],
      ['/api/auth/resend_verification_code', 'post'],
      ['/api/auth/verify_phone', 'post'],
      ['/api/auth/profile', 'get'],
      ['/api/auth/profile', 'put'],
      ['/api/auth/forgot_password', 'post'],
      ['/api/auth/reset_password', 'post'],
      ['/api/auth/logout', 'post'],
    ] as const) {
      expect(spec.paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['auth']);
    }
    expect(spec.paths['/api/admin/sms']?.get?.tags).toEqual(['admin']);
  });
});
