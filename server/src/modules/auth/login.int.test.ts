import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS } from '@escrow/core/contract/auth';
import { makeUser, randomPhone, TEST_PASSWORD } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { inboxOf } from '../../../test/sms-inbox.ts';
import { IP_REQUESTS_PER_MINUTE, LOGIN_ATTEMPTS } from './limits.ts';
import { authClient, countSms, latestCode, localForm, randomIp, registration } from './test/auth-client.ts';

let t: TestApp;
let client: ReturnType<typeof authClient>;
/** The app's clock runs this far ahead of the real one. */
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(Date.now() + clockOffsetMs) });
  client = authClient(t);
});
afterAll(() => t?.close());

const login = (phone_or_email: string, password: string, ip?: string) => client.post('/login', { phone_or_email, password }, { ip });

describe('POST /api/auth/login', () => {
  it('signs a verified user in by phone in any format, or by email in any case, with a working token', async () => {
    const user = await makeUser(t.app, { email: 'amina@example.co.ke', userType: 'seller' });
    for (const identifier of [user.phone, localForm(user.phone), `+${user.phone}`, ' AMINA@Example.co.ke ']) {
      const response = await login(identifier, TEST_PASSWORD);
      expect(response.statusCode, identifier).toBe(200);
      const { data, success } = response.json();
      expect(success).toBe(true);
      expect(data.requires_verification).toBe(false);
      expect(data.user).toMatchObject({ id: user.id, phone_number: user.phone, user_type: 'seller', is_verified: true });
      expect(data.token).toEqual(expect.any(String));
      const profile = await client.get('/profile', { token: data.token });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().data.user.id).toBe(user.id);
    }
    expect(await t.ctx.db.authSession.count({ where: { userId: user.id, revokedAt: null } })).toBeGreaterThanOrEqual(4);
  });

  it('answers a wrong password and an unknown account with the same 401 message', async () => {
    const user = await makeUser(t.app, { email: 'juma@example.co.ke' });
    const answers = [
      await login(user.phone, 'Wrong-password-1'),
      await login('juma@example.co.ke', 'Wrong-password-1'),
      await login(randomPhone(), TEST_PASSWORD),
      await login('nobody@example.co.ke', TEST_PASSWORD),
      await login('not a phone or email', TEST_PASSWORD),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: INVALID_CREDENTIALS });
    }
  });

  it('spends about the same time on unknown accounts as on wrong passwords (argon2 against a decoy)', async () => {
    const user = await makeUser(t.app);
    await login(randomPhone(), 'warm-up-the-decoy');
    const time = async (phone: string) => {
      const started = performance.now();
      expect((await login(phone, 'Wrong-password-1')).statusCode).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 4; round++) {
      known.push(await time(user.phone));
      unknown.push(await time(randomPhone()));
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // argon2id costs milliseconds; answering an unknown account without it would be far faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('answers missing fields with 400 VALIDATION_ERROR', async () => {
    for (const body of [
      {},
      { phone_or_email: '', password: 'x' },
      { phone_or_email: '0712345678', password: '' },
      { phone_or_email: 5, password: [] },
    ]) {
      const response = await client.post('/login', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('gives an unverified phone no token, requires verification and sends a code that then verifies', async () => {
    const phone = randomPhone();
    expect((await client.post('/register', registration(phone))).statusCode).toBe(201);
    await inboxOf(t, phone); // the sign-up code reaches the phone before the next one
    clockOffsetMs += 61_000; // past the resend cooldown of the sign-up code
    try {
      const response = await login(localForm(phone), 'Sup3r-secret');
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toMatchObject({ token: null, requires_verification: true, user: { phone_number: phone, is_verified: false } });
      expect(await countSms(t, phone)).toBe(2);

      const verified = await client.post('/verify_phone', { phone_number: phone, code: await latestCode(t, phone) });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().data.user.is_verified).toBe(true);

      const again = (await login(phone, 'Sup3r-secret')).json().data;
      expect(again.requires_verification).toBe(false);
      expect(again.token).toEqual(expect.any(String));
    } finally {
      clockOffsetMs -= 61_000;
    }
  });

  it('does not send a second code when an unverified user logs in again within the cooldown', async () => {
    const user = await makeUser(t.app, { verified: false });
    expect((await login(user.phone, TEST_PASSWORD)).json().data.requires_verification).toBe(true);
    const second = await login(user.phone, TEST_PASSWORD);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ token: null, requires_verification: true });
    expect(await countSms(t, user.phone)).toBe(1);
  });

  it('refuses a suspended account with 403 ACCOUNT_SUSPENDED, and only after the right password', async () => {
    const user = await makeUser(t.app);
    await t.ctx.db.user.update({ where: { id: user.id }, data: { status: 'suspended' } });
    expect((await login(user.phone, 'Wrong-password-1')).statusCode).toBe(401);
    const response = await login(user.phone, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ACCOUNT_SUSPENDED');
    // Its existing tokens stop working too (auth plugin).
    expect((await client.get('/profile', { token: user.token })).statusCode).toBe(403);
  });

  it('refuses an account made over USSD without a web password like a wrong password', async () => {
    const phone = randomPhone();
    await t.ctx.db.user.create({
      data: { firstName: 'Kip', lastName: 'Rotich', phoneNumber: phone, userType: 'seller', phoneVerifiedAt: new Date() },
    });
    const response = await login(phone, 'anything-at-all');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(INVALID_CREDENTIALS);
  });
});

describe('brute-force limits', () => {
  it(`locks an account after ${LOGIN_ATTEMPTS.limit} failed logins in 15 minutes from one address, with 429 and Retry-After`, async () => {
    const user = await makeUser(t.app, { email: 'target@example.co.ke' });
    const attacker = randomIp();
    for (let attempt = 1; attempt <= LOGIN_ATTEMPTS.limit; attempt++) {
      // By phone or by email: the limit follows the account (and the address).
      const identifier = attempt % 2 ? user.phone : 'target@example.co.ke';
      expect((await login(identifier, `Wrong-${attempt}-password`, attacker)).statusCode).toBe(401);
    }
    const refused = await login(localForm(user.phone), TEST_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/Too many failed login attempts/),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The owner, elsewhere, is not locked out by a stranger's guesses.
    expect((await login(user.phone, TEST_PASSWORD, randomIp())).statusCode).toBe(200);

    // Once the window has passed, the right password works again from that address too.
    clockOffsetMs += (retryAfter + 1) * 1000;
    try {
      const after = await login(user.phone, TEST_PASSWORD, attacker);
      expect(after.statusCode).toBe(200);
      expect(after.json().data.token).toEqual(expect.any(String));
    } finally {
      clockOffsetMs -= (retryAfter + 1) * 1000;
    }
  });

  it('counts failures only: a successful login clears them', async () => {
    const user = await makeUser(t.app);
    const ip = randomIp();
    for (let round = 0; round < 3; round++) {
      for (let attempt = 1; attempt < LOGIN_ATTEMPTS.limit; attempt++)
        expect((await login(user.phone, 'Wrong-password-1', ip)).statusCode).toBe(401);
      expect((await login(user.phone, TEST_PASSWORD, ip)).statusCode).toBe(200);
    }
  });

  it('limits guesses on unknown accounts the same way, so a 429 does not reveal whether an account exists', async () => {
    const phone = randomPhone();
    const ip = randomIp();
    for (let attempt = 1; attempt <= LOGIN_ATTEMPTS.limit; attempt++)
      expect((await login(phone, 'Wrong-password-1', ip)).statusCode).toBe(401);
    expect((await login(phone, 'Wrong-password-1', ip)).statusCode).toBe(429);
  });

  it('lets parallel guesses from one address through no more than the limit', async () => {
    const user = await makeUser(t.app);
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(user.phone, 'Wrong-password-1', ip)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_ATTEMPTS.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - LOGIN_ATTEMPTS.limit);
  });

  it(`keeps per-IP limits generous (${IP_REQUESTS_PER_MINUTE} a minute, carrier NAT) but finite`, async () => {
    const ip = randomIp();
    // Many different people behind one address: code requests for distinct phones all pass…
    for (let request = 1; request <= IP_REQUESTS_PER_MINUTE; request++) {
      const response = await client.post('/send_verification_code', { phone_number: randomPhone() }, { ip });
      expect(response.statusCode, `request ${request}`).toBe(200);
    }
    // …up to the flood guard.
    const refused = await client.post('/send_verification_code', { phone_number: randomPhone() }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await client.post('/send_verification_code', { phone_number: randomPhone() })).statusCode).toBe(200);
  });
});
