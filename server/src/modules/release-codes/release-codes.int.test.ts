/**
 * Release codes over HTTP: funded → the buyer's SMS code → the seller releases with it (dispatching
 * first); wrong codes burn it; the buyer resends; the code never reaches a seller, an admin, or a log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaller } from '../../trpc/root.ts';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, expectLedgerHealthy, payAndSettle, settlePayouts } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';
import { inboxOf } from '../../../test/sms-inbox.ts';

let t: TestApp;
let seller: MadeUser;
let admin: MadeUser;
const logLines: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { ...LIFTED_LIMITS, LIMIT_RELEASE_CODE_RESENDS_PER_HOUR: '2', LOG_LEVEL: 'debug' },
    logStream: { write: (line: string) => logLines.push(line) },
  });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
});
afterAll(() => t?.close());

async function fundedTransaction(buyer: MadeUser, amount = 3000, sw = false) {
  if (sw) await t.ctx.db.user.update({ where: { id: buyer.id }, data: { language: 'sw' } });
  const created = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount,
    product_name: 'Gas cooker',
    transaction_type: 'protected',
  });
  const paid = await payAndSettle(t, buyer, created.id);
  expect(paid.status).toBe('completed');
  return created;
}

/** The code as the buyer's phone received it (the SMS mock's inbox: the phone's own view). */
async function smsCode(buyer: MadeUser): Promise<string> {
  const inbox = await inboxOf(t, buyer.phone);
  const sms = inbox.find((message) => /release code|nambari yako ya kuachilia/i.test(message.message));
  expect(sms, 'a release code SMS').toBeTruthy();
  return /\b(\d{6})\b/.exec(sms!.message)![1]!;
}

async function buyerView(buyer: MadeUser, id: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/transactions/${id}/release_code`, headers: bearer(buyer) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.release_code as { status: string; code: string | null; attempts_left: number; can_resend: boolean };
}

const releaseWith = (who: MadeUser, id: string, code: string) =>
  t.app.inject({ method: 'POST', url: `/api/transactions/${id}/release_with_code`, headers: bearer(who), payload: { code } });

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('release with code', () => {
  it('texts the buyer a code when funded, shows it on their page, and releases at once when the seller enters it', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await fundedTransaction(buyer);
    const code = await smsCode(buyer);
    expect(await buyerView(buyer, created.id)).toMatchObject({ status: 'active', code, attempts_left: 5, can_resend: true });

    const released = await releaseWith(seller, created.id, code);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.transaction.status).toBe('completed');
    const data = await detail(t, seller, created.id);
    const events = data.timeline.map((event: { event_type: string }) => event.event_type);
    // Dispatched first (it was only funded), then released with the code.
    expect(events).toEqual(expect.arrayContaining(['release_code_sent', 'dispatch_confirmed', 'released_with_code', 'payment_released']));
    // The release reads before the payout it makes.
    expect(events.slice(events.indexOf('released_with_code') + 1)).toEqual(['payment_released', 'payout_initiated']);
    expect(data.transaction.dispatched_at).not.toBeNull();
    const payouts = await settlePayouts(t, created.id);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]!.status).toBe('completed');
    await expectLedgerHealthy(t);
    // Used: a second entry is refused (the transaction is completed), and the page no longer shows it.
    expect((await releaseWith(seller, created.id, code)).statusCode).toBe(409);
    expect(await buyerView(buyer, created.id)).toMatchObject({ status: 'used', code: null });
  });

  it('works on a dispatched transaction too, and sends the code in Kiswahili to a Kiswahili speaker', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await fundedTransaction(buyer, 2000, true);
    const inbox = await inboxOf(t, buyer.phone);
    expect(inbox.some((message) => message.message.includes('Nambari yako ya kuachilia ni'))).toBe(true);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    const released = await releaseWith(seller, created.id, await smsCode(buyer));
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.transaction.status).toBe('completed');
  });

  it('counts wrong codes, burns the code on the fifth, and lets the buyer send a new one that works', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await fundedTransaction(buyer);
    const code = await smsCode(buyer);
    const wrong = wrongCodeFor(code);
    for (let left = 4; left >= 1; left--) {
      const answer = await releaseWith(seller, created.id, wrong);
      expect(answer.statusCode).toBe(422);
      expect(answer.json().message).toBe(`Wrong release code: ${left} ${left === 1 ? 'try' : 'tries'} left`);
    }
    const fifth = await releaseWith(seller, created.id, wrong);
    expect(fifth.statusCode).toBe(422);
    expect(fifth.json().message).toMatch(/no longer works/);
    // Burnt: even the right code is refused now.
    expect((await releaseWith(seller, created.id, code)).statusCode).toBe(422);
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('funded');
    expect(await buyerView(buyer, created.id)).toMatchObject({ status: 'burnt', code: null, attempts_left: 0 });
    const burntSms = (await inboxOf(t, buyer.phone)).find((message) => message.message.includes('5 wrong release codes'));
    expect(burntSms).toBeTruthy();

    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/transactions/${created.id}/release_code/resend`,
      headers: bearer(buyer),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = resent.json().data.release_code;
    expect(fresh).toMatchObject({ status: 'active', attempts_left: 5 });
    expect(await smsCode(buyer)).toBe(fresh.code);
    // The old code was replaced (unless the draw repeated it, one in a million).
    if (fresh.code !== code) expect((await releaseWith(seller, created.id, code)).statusCode).toBe(422);
    expect((await releaseWith(seller, created.id, fresh.code)).statusCode).toBe(200);
  });

  it('counts parallel guesses one by one: ten at once never pass the limit', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await fundedTransaction(buyer);
    const wrong = wrongCodeFor(await smsCode(buyer));
    const answers = await Promise.all(Array.from({ length: 10 }, () => releaseWith(seller, created.id, wrong)));
    expect(answers.every((answer) => answer.statusCode === 422)).toBe(true);
    const row = await t.ctx.db.releaseCode.findUniqueOrThrow({ where: { transactionId: created.id } });
    expect(row.failedAttempts).toBe(5);
    expect(row.burntAt).not.toBeNull();
  });

  it('limits resends per transaction (429 with Retry-After)', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await fundedTransaction(buyer);
    const resend = () =>
      t.app.inject({ method: 'POST', url: `/api/transactions/${created.id}/release_code/resend`, headers: bearer(buyer) });
    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    const third = await resend();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('who may do what', () => {
  it('lets only the seller enter a code, only the buyer read or resend it; strangers get 404', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const stranger = await makeUser(t.app, { userType: 'both' });
    const created = await fundedTransaction(buyer);
    const code = await smsCode(buyer);
    const byBuyer = await releaseWith(buyer, created.id, code);
    expect(byBuyer.statusCode).toBe(403);
    // It read 'The buyer cannot release with code this transaction' (the action's name with spaces).
    expect(byBuyer.json()).toMatchObject({ code: 'FORBIDDEN', message: 'The buyer cannot release this transaction with a release code' });
    expect((await releaseWith(stranger, created.id, code)).statusCode).toBe(404);
    const byAdmin = await releaseWith(admin, created.id, code);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('The mediation team cannot release this transaction with a release code');
    for (const who of [seller, admin]) {
      const read = await t.app.inject({ method: 'GET', url: `/api/transactions/${created.id}/release_code`, headers: bearer(who) });
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain(code);
      const resend = await t.app.inject({
        method: 'POST',
        url: `/api/transactions/${created.id}/release_code/resend`,
        headers: bearer(who),
      });
      expect(resend.statusCode).toBe(403);
    }
    const strangerRead = await t.app.inject({
      method: 'GET',
      url: `/api/transactions/${created.id}/release_code`,
      headers: bearer(stranger),
    });
    expect(strangerRead.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/transactions/${created.id}/release_with_code`, payload: { code } })).statusCode,
    ).toBe(401);
    const malformed = await releaseWith(seller, created.id, '12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.code).toBeTruthy();
  });

  it('refuses a code before the transaction is funded (409)', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 800,
      product_name: 'Radio',
      transaction_type: 'standard',
    });
    expect((await releaseWith(seller, created.id, '123456')).statusCode).toBe(409);
    expect((await buyerView(buyer, created.id)).status).toBe('none');
  });

  it('never shows the code in any seller- or admin-visible answer, nor in the logs', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const created = await fundedTransaction(buyer);
    const code = await smsCode(buyer);
    const sellerAnswers = [
      await t.app.inject({ method: 'GET', url: `/api/transactions/${created.id}`, headers: bearer(seller) }),
      await t.app.inject({ method: 'GET', url: '/api/transactions?per_page=100', headers: bearer(seller) }),
      await t.app.inject({ method: 'GET', url: '/api/payment-links', headers: bearer(seller) }),
    ];
    const adminAnswers = [
      await t.app.inject({ method: 'GET', url: `/api/transactions/${created.id}`, headers: bearer(admin) }),
      await t.app.inject({ method: 'GET', url: `/api/admin/monitoring/transactions/${created.id}/timeline`, headers: bearer(admin) }),
      await t.app.inject({ method: 'GET', url: `/api/admin/sms?phone=${buyer.phone}&limit=50`, headers: bearer(admin) }),
      await t.app.inject({ method: 'GET', url: '/api/admin/sms?limit=200', headers: bearer(admin) }),
    ];
    for (const answer of [...sellerAnswers, ...adminAnswers]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain(code);
    }
    // The staff outbox shows that a release code was sent, masked.
    expect(adminAnswers[2]!.body).toContain('Your release code is ******');

    const asAdmin = createCaller({
      ctx: t.ctx,
      auth: { userId: admin.id, role: 'admin', sessionId: 'test', isVerified: true },
      authError: null,
      ip: '127.0.0.1',
    });
    const timeline = await asAdmin.admin.transactionTimeline({ id: created.id });
    expect(JSON.stringify(timeline)).not.toContain(code);
    const released = await releaseWith(seller, created.id, code);
    expect(released.statusCode).toBe(200);
    expect(released.body).not.toContain(code);
    const releases = await asAdmin.admin.releasesByCode({ page: 1, per_page: 100 });
    const entry = releases.releases.find((release) => release.id === created.id);
    expect(entry).toMatchObject({ reference_number: created.reference_number, wrong_tries: 0, codes_issued: 1 });
    expect(JSON.stringify(releases)).not.toContain(code);
    // Nothing the server logged (requests, jobs, the SMS mock) carries the code.
    expect(logLines.length).toBeGreaterThan(0);
    const asNumber = new RegExp(`(?<![0-9])${code}(?![0-9])`);
    expect(logLines.filter((line) => asNumber.test(line))).toEqual([]);
  });
});
