import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_RESEND_COOLDOWN_SECONDS } from '@escrow/core/contract/auth';
import { makeUser, randomPhone } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { CODE_CHECKS, CODES_PER_HOUR } from './limits.ts';
import { authClient, countSms, latestCode, localForm, registration, wrongCode } from './test/auth-client.ts';
import { MAX_CODE_ATTEMPTS } from './verification-codes.ts';

let t: TestApp;
let client: ReturnType<typeof authClient>;
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(Date.now() + clockOffsetMs) });
  client = authClient(t);
});
afterAll(() => t?.close());

/** Runs `work` with the app's clock moved `seconds` ahead. */
async function later<T>(seconds: number, work: () => Promise<T>): Promise<T> {
  clockOffsetMs += seconds * 1000;
  try {
    return await work();
  } finally {
    clockOffsetMs -= seconds * 1000;
  }
}

async function signUp(overrides: Record<string, unknown> = {}) {
  const phone = randomPhone();
  const response = await client.post('/register', registration(phone, overrides));
  expect(response.statusCode).toBe(201);
  return { phone, userId: response.json().data.user.id as string };
}

const verify = (phone: string, code: string) => client.post('/verify_phone', { phone_number: phone, code });

describe('POST /api/auth/verify_phone', () => {
  it('verifies the phone with the SMS code and answers { user, token }', async () => {
    const { phone, userId } = await signUp();
    const response = await verify(localForm(phone), await latestCode(t, phone));
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.user).toMatchObject({ id: userId, phone_number: phone, is_verified: true });
    expect(data.token).toEqual(expect.any(String));
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: userId } })).phoneVerifiedAt).toBeInstanceOf(Date);
    expect((await client.get('/profile', { token: data.token })).json().data.user.is_verified).toBe(true);
  });

  it("sends the code through the SMS rail (job queue → Africa's Talking mock)", async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    await t.ctx.jobs.drain();
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: phone } });
    expect(['sent', 'delivered']).toContain(sms.status);
    const delivered = await t.ctx.db.mockSmsDelivery.findFirstOrThrow({ where: { to: `+${phone}` } });
    expect(delivered.message).toContain(code);
    expect(delivered.message).toMatch(/expires in 10 minutes/);
  });

  it('uses a code only once', async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { code: [expect.any(String)] } });
  });

  it('lets only one of two simultaneous uses of a code succeed', async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    const answers = await Promise.all([verify(phone, code), verify(phone, code), verify(phone, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await t.ctx.db.authSession.count({ where: { user: { phoneNumber: phone } } })).toBe(1);
  });

  it('refuses a code after 10 minutes', async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    const expired = await later(601, () => verify(phone, code));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/Invalid or expired code/);
    // Still unverified; a fresh code works.
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: phone } })).phoneVerifiedAt).toBeNull();
    await later(601, async () => {
      expect((await client.post('/resend_verification_code', { phone_number: phone })).statusCode).toBe(200);
      expect((await verify(phone, await latestCode(t, phone))).statusCode).toBe(200);
    });
  });

  it('still accepts a code just before it expires', async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    expect((await later(590, () => verify(phone, code))).statusCode).toBe(200);
  });

  it(`burns the code after ${MAX_CODE_ATTEMPTS} wrong tries: the right code then fails too`, async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
      const response = await verify(phone, wrongCode(code));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await verify(phone, code)).statusCode).toBe(400);
    const row = await t.ctx.db.verificationCode.findFirstOrThrow({ where: { phoneNumber: phone } });
    expect(row.attempts).toBe(MAX_CODE_ATTEMPTS);
    expect(row.consumedAt).toBeNull();
  });

  it('accepts the right code on the last allowed try', async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt++) expect((await verify(phone, wrongCode(code))).statusCode).toBe(400);
    expect((await verify(phone, code)).statusCode).toBe(200);
  });

  it('replaces the previous code when a new one is sent', async () => {
    const { phone } = await signUp();
    const first = await latestCode(t, phone);
    await later(CODE_RESEND_COOLDOWN_SECONDS + 1, async () => {
      expect((await client.post('/resend_verification_code', { phone_number: phone })).statusCode).toBe(200);
      const second = await latestCode(t, phone);
      if (second !== first) expect((await verify(phone, first)).statusCode).toBe(400);
      expect((await verify(phone, second)).statusCode).toBe(200);
    });
  });

  it(`caps code checks per phone (${CODE_CHECKS.limit} per 15 minutes) across codes, with 429 and Retry-After`, async () => {
    const { phone } = await signUp();
    const code = await latestCode(t, phone);
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) await verify(phone, wrongCode(code));
    await later(CODE_RESEND_COOLDOWN_SECONDS + 1, async () => {
      await client.post('/resend_verification_code', { phone_number: phone });
      const fresh = await latestCode(t, phone);
      for (let attempt = MAX_CODE_ATTEMPTS + 1; attempt <= CODE_CHECKS.limit; attempt++)
        expect((await verify(phone, wrongCode(fresh))).statusCode).toBe(400);
      const refused = await verify(phone, fresh);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  it('answers a malformed code with 400 naming the field', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await verify(randomPhone(), code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().errors.code).toBeDefined();
    }
  });

  it('attaches the transactions that named this phone as the seller before it had an account', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const sellerPhone = randomPhone();
    const waiting = await t.ctx.db.transaction.create({
      data: {
        referenceNumber: `ESC-T${String(Date.now()).slice(-8)}`,
        transactionType: 'standard',
        buyerId: buyer.id,
        sellerPhone,
        productName: 'Samsung A15',
        amountCents: 1_500_000n,
        buyerFeeCents: 9_400n,
        sellerFeeCents: 9_400n,
      },
    });
    const { userId } = await signUpAs(sellerPhone);
    // Registering alone does not claim it: only a proven phone does.
    expect((await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: waiting.id } })).sellerId).toBeNull();
    expect((await verify(sellerPhone, await latestCode(t, sellerPhone))).statusCode).toBe(200);
    expect((await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: waiting.id } })).sellerId).toBe(userId);
  });
});

async function signUpAs(phone: string) {
  const response = await client.post('/register', registration(phone, { user_type: 'seller' }));
  expect(response.statusCode).toBe(201);
  return { userId: response.json().data.user.id as string };
}

describe('POST /api/auth/send_verification_code and /resend_verification_code', () => {
  it('answers the same for an unverified account, a verified one and an unknown number, texting only the first', async () => {
    const unverified = await makeUser(t.app, { verified: false });
    const verified = await makeUser(t.app);
    const unknown = randomPhone();
    const bodies = [];
    for (const phone of [unverified.phone, verified.phone, unknown]) {
      const response = await client.post('/send_verification_code', { phone_number: localForm(phone) });
      expect(response.statusCode).toBe(200);
      bodies.push(response.json());
    }
    expect(bodies[0]).toEqual({ success: true, message: expect.any(String), data: { code_sent: true, expires_in: 600 } });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(await countSms(t, unverified.phone)).toBe(1);
    expect(await countSms(t, verified.phone)).toBe(0);
    expect(await countSms(t, unknown)).toBe(0);
  });

  it(`refuses a second code within ${CODE_RESEND_COOLDOWN_SECONDS} s with 429 and Retry-After, for any number`, async () => {
    const { phone } = await signUp();
    const tooSoon = await client.post('/resend_verification_code', { phone_number: phone });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', message: expect.stringMatching(/wait \d+ seconds?/) });
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CODE_RESEND_COOLDOWN_SECONDS);
    expect(await countSms(t, phone)).toBe(1);

    const unknown = randomPhone();
    expect((await client.post('/send_verification_code', { phone_number: unknown })).statusCode).toBe(200);
    expect((await client.post('/send_verification_code', { phone_number: unknown })).statusCode).toBe(429);

    const afterCooldown = await later(retryAfter, () => client.post('/resend_verification_code', { phone_number: phone }));
    expect(afterCooldown.statusCode).toBe(200);
    expect(await countSms(t, phone)).toBe(2);
  });

  it(`sends at most ${CODES_PER_HOUR} codes an hour to one phone`, async () => {
    const user = await makeUser(t.app, { verified: false });
    const statuses: number[] = [];
    for (let minute = 0; minute <= CODES_PER_HOUR; minute++) {
      const response = await later(minute * (CODE_RESEND_COOLDOWN_SECONDS + 1), () =>
        client.post('/send_verification_code', { phone_number: user.phone }),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(CODES_PER_HOUR).fill(200), 429]);
    expect(await countSms(t, user.phone)).toBe(CODES_PER_HOUR);
  });

  it('answers a bad phone with 400 naming phone_number', async () => {
    const response = await client.post('/send_verification_code', { phone_number: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.phone_number).toBeDefined();
  });
});
