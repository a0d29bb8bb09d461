/**
 * A forgotten USSD PIN, removed from the web (`GET /api/auth/ussd_pin`, `POST /api/auth/ussd_pin/reset`),
 * attacked from outside over HTTP: no token, another person's token, a wrong password, guesses past the
 * limit; then the owner's way back in by phone, through the first PIN's door (the texted code).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, TEST_PASSWORD, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { M, giveUssdPin, phoneSession } from '../ussd/test/ussd-client.ts';
import { verifySecret } from '../../lib/password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const pinState = (user: MadeUser | null) => t.app.inject({ method: 'GET', url: '/api/auth/ussd_pin', headers: user ? bearer(user) : {} });
const removePin = (user: MadeUser | null, password: unknown, ip = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/ussd_pin/reset',
    headers: user ? bearer(user) : {},
    payload: { password },
    remoteAddress: ip,
  });

describe('removing a forgotten USSD PIN from the web', () => {
  it('tells the owner whether there is a PIN and until when it is locked; strangers get 401', async () => {
    const owner = await makeUser(t.app);
    expect((await pinState(null)).statusCode).toBe(401);
    expect((await pinState(owner)).json().data).toEqual({ is_set: false, locked_until: null });
    await giveUssdPin(t, owner.id);
    const lockedUntil = new Date(Date.now() + 20 * 60_000);
    await t.ctx.db.user.update({ where: { id: owner.id }, data: { ussdPinFailures: 3, ussdPinLockedUntil: lockedUntil } });
    expect((await pinState(owner)).json().data).toEqual({ is_set: true, locked_until: lockedUntil.toISOString() });
  });

  it('refuses without a token, without a password and with a wrong one, and counts wrong passwords to 429', async () => {
    const owner = await makeUser(t.app);
    await giveUssdPin(t, owner.id);
    expect((await removePin(null, TEST_PASSWORD)).statusCode).toBe(401);
    const missing = await removePin(owner, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.password).toBeDefined();
    for (let attempt = 0; attempt < t.config.LIMIT_LOGIN_FAILURES; attempt++) {
      const wrong = await removePin(owner, 'not-my-password');
      expect(wrong.statusCode, wrong.body).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { password: ['That is not your password'] } });
    }
    const limited = await removePin(owner, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Still there: nothing was removed by a refused request.
    expect((await pinState(owner)).json().data.is_set).toBe(true);
    // The limit is per account and address: the owner elsewhere is not locked out by it.
    expect((await removePin(owner, TEST_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
  });

  it("removes only the caller's own PIN: another person's token cannot touch it", async () => {
    const owner = await makeUser(t.app);
    const stranger = await makeUser(t.app);
    await giveUssdPin(t, owner.id);
    await giveUssdPin(t, stranger.id);
    const answer = await removePin(stranger, TEST_PASSWORD);
    expect(answer.statusCode).toBe(200);
    const [ownerRow, strangerRow] = await Promise.all(
      [owner, stranger].map((user) => t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id }, select: { ussdPinHash: true } })),
    );
    expect(ownerRow!.ussdPinHash).not.toBeNull();
    expect(strangerRow!.ussdPinHash).toBeNull();
  });

  it('with the password: the PIN and its lock go, open USSD sessions end, the phone is told, and the next dial sets a new PIN after the texted code', async () => {
    const owner = await makeUser(t.app);
    await giveUssdPin(t, owner.id);
    await t.ctx.db.user.update({
      where: { id: owner.id },
      data: { ussdPinFailures: 3, ussdPinLockedUntil: new Date(Date.now() + 20 * 60_000) },
    });
    // A session open on the phone before the reset.
    const before = phoneSession(t, owner.phone, { autoUnlock: false });
    expect((await before.dial()).text).toMatch(/^PIN locked until \d\d:\d\d/);
    expect(await t.ctx.db.ussdSession.count({ where: { phoneNumber: owner.phone } })).toBe(1);

    const removed = await removePin(owner, TEST_PASSWORD);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toEqual({ is_set: false, locked_until: null });
    expect(await t.ctx.db.ussdSession.count({ where: { phoneNumber: owner.phone } })).toBe(0);
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: owner.phone, template: 'ussd_pin_removed' } });
    expect(sms.message).toContain('Dial *384*40# to choose a new one');

    // Back on the phone: the first PIN's door asks for the code texted now.
    const session = phoneSession(t, owner.phone, { autoUnlock: false });
    const door = await session.dial();
    expect(door.text).toContain('6-digit code we sent you by SMS');
    const code = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { phoneNumber: owner.phone, template: { not: 'ussd_pin_removed' } },
      orderBy: { createdAt: 'desc' },
    });
    const digits = /\b(\d{6})\b/.exec(code.message)![1]!;
    expect((await session.send(digits)).text).toContain(M.en.newPin);
    await session.send('1357');
    expect((await session.send('1357')).text).toContain(M.en.pinSet);
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: owner.id }, select: { ussdPinHash: true } });
    expect(await verifySecret(row.ussdPinHash!, '1357')).toBe(true);
  });
});
