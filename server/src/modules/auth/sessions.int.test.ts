import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, randomPhone, TEST_PASSWORD } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { LOGIN_ATTEMPTS } from './limits.ts';
import { authClient, countSms, latestCode, localForm, randomIp, wrongCode } from './test/auth-client.ts';

let t: TestApp;
let client: ReturnType<typeof authClient>;
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(Date.now() + clockOffsetMs) });
  client = authClient(t);
});
afterAll(() => t?.close());

const login = async (phone: string, password = TEST_PASSWORD) => {
  const response = await client.post('/login', { phone_or_email: phone, password });
  expect(response.statusCode).toBe(200);
  return response.json().data.token as string;
};

describe('POST /api/auth/logout', () => {
  it('revokes this token only: it answers 401 afterwards, other sessions keep working', async () => {
    const user = await makeUser(t.app);
    const token = await login(user.phone);
    const other = await login(user.phone);
    const response = await client.post('/logout', undefined, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.any(String), data: {} });

    const after = await client.get('/profile', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect((await client.post('/logout', undefined, { token })).statusCode).toBe(401);
    expect((await client.get('/profile', { token: other })).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    expect((await client.post('/logout')).statusCode).toBe(401);
    expect((await client.post('/logout', undefined, { token: 'not.a.jwt' })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers forgot_password the same for known and unknown accounts, texting only the account', async () => {
    const user = await makeUser(t.app, { email: 'otieno@example.co.ke' });
    const answers = [];
    for (const identifier of [localForm(user.phone), randomPhone(), 'nobody@example.co.ke', 'gibberish']) {
      const response = await client.post('/forgot_password', { phone_or_email: identifier });
      expect(response.statusCode, identifier).toBe(200);
      answers.push(response.json());
    }
    expect(answers[0]).toEqual({ success: true, message: expect.any(String), data: { code_sent: true } });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await countSms(t, user.phone, 'password_reset_code')).toBe(1);
    // Within the cooldown: still 200, no second SMS.
    expect((await client.post('/forgot_password', { phone_or_email: 'OTIENO@example.co.ke' })).statusCode).toBe(200);
    expect(await countSms(t, user.phone, 'password_reset_code')).toBe(1);
  });

  it('resets the password with the SMS code and revokes every token of the account', async () => {
    const user = await makeUser(t.app, { email: 'reset@example.co.ke' });
    const tokens = [user.token, await login(user.phone), await login(user.phone)];
    for (const token of tokens) expect((await client.get('/profile', { token })).statusCode).toBe(200);

    expect((await client.post('/forgot_password', { phone_or_email: 'reset@example.co.ke' })).statusCode).toBe(200);
    const code = await latestCode(t, user.phone, 'password_reset_code');
    const response = await client.post('/reset_password', {
      phone_or_email: 'reset@example.co.ke',
      code,
      password: 'Brand-new-pass',
      password_confirmation: 'Brand-new-pass',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.any(String), data: {} });

    for (const token of tokens) expect((await client.get('/profile', { token })).statusCode).toBe(401);
    expect((await client.post('/login', { phone_or_email: user.phone, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect(await login(user.phone, 'Brand-new-pass')).toEqual(expect.any(String));
    // The code was used up.
    const again = await client.post('/reset_password', {
      phone_or_email: user.phone,
      code,
      password: 'Another-pass-1',
      password_confirmation: 'Another-pass-1',
    });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong or expired reset code, and burns it after 5 wrong tries', async () => {
    const user = await makeUser(t.app);
    await client.post('/forgot_password', { phone_or_email: user.phone });
    const code = await latestCode(t, user.phone, 'password_reset_code');
    const reset = (phoneOrEmail: string, attempt: string) =>
      client.post('/reset_password', {
        phone_or_email: phoneOrEmail,
        code: attempt,
        password: 'Brand-new-pass',
        password_confirmation: 'Brand-new-pass',
      });

    clockOffsetMs += 601_000;
    try {
      expect((await reset(user.phone, code)).statusCode).toBe(400);
    } finally {
      clockOffsetMs -= 601_000;
    }
    for (let attempt = 1; attempt <= 5; attempt++) expect((await reset(user.phone, wrongCode(code))).statusCode).toBe(400);
    const burnt = await reset(user.phone, code);
    expect(burnt.statusCode).toBe(400);
    expect(burnt.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { code: [expect.any(String)] } });
    expect((await client.get('/profile', { token: user.token })).statusCode).toBe(200);
    // An unknown account gets the same answer as a wrong code.
    const unknown = await reset(randomPhone(), code);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(burnt.json().message);
  });

  it('checks the new password before the code', async () => {
    const response = await client.post('/reset_password', {
      phone_or_email: randomPhone(),
      code: '123456',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['password', 'password_confirmation']);
  });

  it('unlocks an account locked by failed logins', async () => {
    const user = await makeUser(t.app);
    const ip = randomIp();
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS.limit; attempt++)
      await client.post('/login', { phone_or_email: user.phone, password: 'Wrong-password-1' }, { ip });
    expect((await client.post('/login', { phone_or_email: user.phone, password: TEST_PASSWORD }, { ip })).statusCode).toBe(429);
    await client.post('/forgot_password', { phone_or_email: user.phone });
    const code = await latestCode(t, user.phone, 'password_reset_code');
    const reset = await client.post('/reset_password', {
      phone_or_email: user.phone,
      code,
      password: 'Brand-new-pass',
      password_confirmation: 'Brand-new-pass',
    });
    expect(reset.statusCode).toBe(200);
    // From the very address that was locked.
    expect((await client.post('/login', { phone_or_email: user.phone, password: 'Brand-new-pass' }, { ip })).statusCode).toBe(200);
  });
});

describe('GET and PUT /api/auth/profile', () => {
  it('reads the signed-in user', async () => {
    const user = await makeUser(t.app, { firstName: 'Amina', email: 'amina.h@example.co.ke', userType: 'both' });
    const response = await client.get('/profile', { token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({
      id: user.id,
      first_name: 'Amina',
      full_name: 'Amina User',
      display_name: 'Amina U.',
      phone_number: user.phone,
      email: 'amina.h@example.co.ke',
      user_type: 'both',
      is_verified: true,
    });
    expect(response.json().data.user).not.toHaveProperty('password_hash');
  });

  it('updates names and email, and removes the email with null', async () => {
    const user = await makeUser(t.app);
    const updated = await client.put(
      '/profile',
      { first_name: ' Achieng ', last_name: 'Otieno', email: 'Achieng@Example.co.ke' },
      { token: user.token },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.user).toMatchObject({
      first_name: 'Achieng',
      last_name: 'Otieno',
      full_name: 'Achieng Otieno',
      email: 'achieng@example.co.ke',
    });
    expect((await client.get('/profile', { token: user.token })).json().data.user.email).toBe('achieng@example.co.ke');

    const partial = await client.put('/profile', { last_name: 'Odhiambo' }, { token: user.token });
    expect(partial.json().data.user).toMatchObject({ first_name: 'Achieng', last_name: 'Odhiambo', email: 'achieng@example.co.ke' });

    const cleared = await client.put('/profile', { email: null }, { token: user.token });
    expect(cleared.json().data.user.email).toBeNull();
  });

  it("refuses another account's email with 409, and changes to phone or role with 400", async () => {
    await makeUser(t.app, { email: 'used@example.co.ke' });
    const user = await makeUser(t.app, { userType: 'buyer' });
    const taken = await client.put('/profile', { email: 'USED@example.co.ke' }, { token: user.token });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('ALREADY_EXISTS');
    for (const body of [{ user_type: 'admin' }, { phone_number: randomPhone() }, { first_name: '' }, { email: 'nope' }]) {
      const response = await client.put('/profile', body, { token: user.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).userType).toBe('buyer');
  });

  it('needs a valid token', async () => {
    expect((await client.get('/profile')).statusCode).toBe(401);
    expect((await client.put('/profile', { first_name: 'X' })).statusCode).toBe(401);
    expect((await client.get('/profile', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' })).statusCode).toBe(401);
  });
});

describe('role guards on /api/admin', () => {
  const sms = (headers: Record<string, string> = {}, query = '') => t.app.inject({ method: 'GET', url: `/api/admin/sms${query}`, headers });

  it('answers 401 without a token or with a revoked one', async () => {
    const noToken = await sms();
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect((await sms({}, '?limit=abc')).statusCode).toBe(401);
    const admin = await makeUser(t.app, { userType: 'admin' });
    await client.post('/logout', undefined, { token: admin.token });
    expect((await sms(bearer(admin))).statusCode).toBe(401);
  });

  it.each(['buyer', 'seller', 'both'] as const)('answers 403 FORBIDDEN to a %s', async (userType) => {
    const user = await makeUser(t.app, { userType });
    const response = await sms(bearer(user));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('shows an admin the outbox newest first, filtered by phone in any format', async () => {
    const admin = await makeUser(t.app, { userType: 'admin' });
    const user = await makeUser(t.app, { verified: false });
    await client.post('/send_verification_code', { phone_number: user.phone });
    await client.post('/forgot_password', { phone_or_email: user.phone });
    const response = await sms(bearer(admin), `?phone=${localForm(user.phone)}&limit=10`);
    expect(response.statusCode).toBe(200);
    const { messages } = response.json().data;
    expect(messages.map((message: { template: string }) => message.template)).toEqual(['password_reset_code', 'verification_code']);
    // One-time codes are masked for staff: no admin can read a live code.
    expect(messages[0]).toMatchObject({ phone_number: user.phone, status: 'queued', message: expect.stringContaining('******') });
    expect(messages.map((message: { message: string }) => message.message).join('\n')).not.toMatch(/\d{6}/);
    expect(Date.parse(messages[0].created_at)).toBeGreaterThanOrEqual(Date.parse(messages[1].created_at));

    const limited = await sms(bearer(admin), '?limit=1');
    expect(limited.json().data.messages).toHaveLength(1);
    expect((await sms(bearer(admin), '?limit=0')).statusCode).toBe(400);
    expect((await sms(bearer(admin), '?phone=123')).statusCode).toBe(400);
  });
});
