/** Payment links over HTTP: create, the public view, checkout by a new visitor, sold out under a race, expiry, disable. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateFee } from '@escrow/core/domain/fees';
import { formatCents } from '@escrow/core/domain/money';
import { createCaller } from '../../trpc/root.ts';
import { bearer, makeUser, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { latestCode } from '../../../test/sms-inbox.ts';

let t: TestApp;
let seller: MadeUser;
let buyer: MadeUser;
let clock = new Date();
/** A built client's app shell stands in for client/dist: /pay/{code} must put the link's tags into it. */
const distDir = mkdtempSync(path.join(tmpdir(), 'pay-page-'));
writeFileSync(
  path.join(distDir, 'shell.html'),
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Escrow Kenya</title><meta data-seo name="description" content="Escrow Kenya: secure M-Pesa escrow." /><meta data-seo property="og:title" content="Escrow Kenya" /></head><body><div id="root"></div></body></html>',
);
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Home</title></head><body></body></html>');

beforeAll(async () => {
  t = await buildTestApp({ env: { CLIENT_DIST_DIR: distDir }, clock: () => clock });
  seller = await makeUser(t.app, { userType: 'seller', firstName: 'Akinyi' });
  buyer = await makeUser(t.app, { userType: 'buyer' });
});
afterAll(() => t?.close());

async function createLink(body: Record<string, unknown>, who: MadeUser = seller) {
  const response = await t.app.inject({ method: 'POST', url: '/api/payment-links', headers: bearer(who), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.payment_link as { code: string; url: string; status: string; checkouts: number; held: string };
}

const checkout = (who: MadeUser | { token: string }, code: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/payment-links/${code}/checkout`, headers: bearer(who), ...(payload ? { payload } : {}) });

describe('creating and viewing a link', () => {
  it('creates a link for a seller and shows it to anyone without the seller’s phone', async () => {
    const link = await createLink({ product_name: 'Ankara dress', amount: 2500, transaction_type: 'standard', description: 'Size M, red' });
    expect(link).toMatchObject({ status: 'active', checkouts: 0, held: '0.00' });
    expect(link.code).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(link.url).toBe(`${t.config.PUBLIC_BASE_URL}/pay/${link.code}`);

    const response = await t.app.inject({ method: 'GET', url: `/api/payment-links/${link.code}` });
    expect(response.statusCode).toBe(200);
    const shown = response.json().data.payment_link;
    // Priced as a buyer-started standard escrow of the same amount (the wo_dispute band).
    const fee = calculateFee(250_000n, 'wo_dispute');
    expect(fee.total).toBeGreaterThan(0n);
    expect(shown).toMatchObject({
      product_name: 'Ankara dress',
      description: 'Size M, red',
      amount: '2500.00',
      transaction_type: 'standard',
      status: 'active',
      seller: { display_name: 'Akinyi U.', is_verified: true },
      charges: { total: formatCents(fee.total), buyer_share: formatCents(fee.buyerShare), seller_share: formatCents(fee.sellerShare) },
      buyer_pays: formatCents(250_000n + fee.buyerShare),
      plan: null,
    });
    // Neither the whole number nor its local form appears anywhere in the public answer.
    expect(response.body).not.toContain(seller.phone);
    expect(response.body).not.toContain(seller.phone.slice(3));
  });

  it('shows the Lipa Mdogo Mdogo plan on an installment link', async () => {
    const link = await createLink({ product_name: 'Fridge', amount: 60000, transaction_type: 'lipa_mdogo_mdogo', installment_months: 6 });
    const shown = (await t.app.inject({ method: 'GET', url: `/api/payment-links/${link.code}` })).json().data.payment_link;
    expect(shown.plan).toMatchObject({
      total_cost: '60000.00',
      installment_months: 6,
      minimum_deposit: '12000.00',
      suggested_deposit: '12000.00',
    });
  });

  it('refuses a buyer-only account (403), bad bodies (400) and a past expiry (422)', async () => {
    const asBuyer = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links',
      headers: bearer(buyer),
      payload: { product_name: 'X', amount: 100, transaction_type: 'standard' },
    });
    expect(asBuyer.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links',
      headers: bearer(seller),
      payload: { product_name: '', amount: 0, transaction_type: 'barter', quantity: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['product_name', 'amount', 'transaction_type', 'quantity']));
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links',
      headers: bearer(seller),
      payload: { product_name: 'X', amount: 100, transaction_type: 'standard', expires_at: new Date(clock.getTime() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.expires_at).toBeTruthy();
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links',
      payload: { product_name: 'X', amount: 100, transaction_type: 'standard' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a quantity that is not a number with the quantity rule, under its field', async () => {
    for (const quantity of ['two', '1,000']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payment-links',
        headers: bearer(seller),
        payload: { product_name: 'Kikoy', amount: 2500, transaction_type: 'standard', quantity },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'quantity: Quantity must be a whole number',
        errors: { quantity: ['Quantity must be a whole number'] },
      });
    }
  });

  it('answers a repeated creation with the first link when its answer was lost, and makes one link', async () => {
    const maker = await makeUser(t.app, { userType: 'seller' });
    const key = `link-${Date.now()}`;
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment-links',
        headers: { ...bearer(maker), 'idempotency-key': key },
        payload: { product_name: 'Kiondo basket', amount: 1800, transaction_type: 'standard' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    // A server that stopped after the link committed, before it recorded the answer, a minute ago.
    await t.ctx.db.$executeRaw`
      UPDATE idempotency_records SET status_code = NULL, response_body = NULL, created_at = now() - interval '2 minutes'
      WHERE key = ${key}`;
    const repeat = await send();
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await t.ctx.db.paymentLink.count({ where: { sellerId: maker.id } })).toBe(1);
  });

  it('makes one link when attempts with one key race', async () => {
    const maker = await makeUser(t.app, { userType: 'seller' });
    const headers = { ...bearer(maker), 'idempotency-key': `link-race-${Date.now()}` };
    const payload = { product_name: 'Sisal bag', amount: 900, transaction_type: 'standard' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: '/api/payment-links', headers, payload })),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length, answers.map((answer) => answer.body).join('\n')).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.headers['retry-after']).toBe('1');
    }
    // Every 201 is the one link (a late attempt may replay the winner's recorded answer).
    expect(new Set(created.map((answer) => answer.json().data.payment_link.code)).size).toBe(1);
    expect(await t.ctx.db.paymentLink.count({ where: { sellerId: maker.id } })).toBe(1);
  });

  it('answers 404 for an unknown or malformed code, on the API and the page', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payment-links/abcdefghjk' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment-links/..%2F..' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/pay/abcdefghjk' })).statusCode).toBe(404);
  });
});

describe('the /pay/{code} page', () => {
  it('carries the link’s title, description and Open Graph tags in the served HTML', async () => {
    const link = await createLink({
      product_name: 'Kiondo basket',
      amount: 1800,
      transaction_type: 'protected',
      description: 'Hand-woven sisal',
    });
    const page = await t.app.inject({ method: 'GET', url: `/pay/${link.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(html).toContain('<title>Kiondo basket — KES 1,800 | Escrow Kenya</title>');
    expect(html).toContain('<meta property="og:title" content="Kiondo basket — KES 1,800 | Escrow Kenya" />');
    expect(html).toMatch(/<meta name="description" content="Hand-woven sisal · KES 1,800 from Akinyi U\. \(verified\)/);
    expect(html).toContain('<meta property="og:description" content="Hand-woven sisal');
    // Whoever opens it may pay by M-Pesa or by Airtel Money.
    expect(html).toContain('paid into escrow by M-Pesa or Airtel Money: the seller is paid only when you have the item.');
    expect(html).toContain(`<meta property="og:url" content="${link.url}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    // The shell's own generic tags are gone: one title, one og:title.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).not.toContain(seller.phone);
  });

  it('escapes a hostile product name and description (no script, no broken attribute)', async () => {
    const hostile = '</title><script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const link = await createLink({
      product_name: hostile.slice(0, 100),
      amount: 500,
      transaction_type: 'standard',
      description: `' onmouseover='x' & $& ${hostile}`,
    });
    const html = (await t.app.inject({ method: 'GET', url: `/pay/${link.code}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/content="[^"]*"[^/>]*onmouseover/);
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(html).toContain('&#39; onmouseover=&#39;x&#39; &amp; $&amp;');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});

describe('checkout', () => {
  it('lets a new visitor sign up with phone + SMS code, check out and pay; the seller sees the checkout and the money held', async () => {
    const link = await createLink({ product_name: 'Leather sandals', amount: 1500, transaction_type: 'standard', quantity: null });
    const phone = randomPhone();
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        first_name: 'Wanjiru',
        last_name: 'Kamau',
        phone_number: `0${phone.slice(3)}`,
        user_type: 'buyer',
        password: 'Password123!',
        password_confirmation: 'Password123!',
      },
    });
    expect(register.statusCode, register.body).toBe(201);
    // Without the SMS code the visitor has no token: checkout is 401.
    expect(register.json().data.token).toBeUndefined();
    expect((await t.app.inject({ method: 'POST', url: `/api/payment-links/${link.code}/checkout` })).statusCode).toBe(401);
    const code = await latestCode(t, phone);
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify_phone', payload: { phone_number: phone, code } });
    expect(verified.statusCode, verified.body).toBe(200);
    const visitor = {
      token: verified.json().data.token as string,
      id: verified.json().data.user.id as string,
      phone,
      userType: 'buyer' as const,
    };

    const created = await checkout(visitor, link.code);
    expect(created.statusCode, created.body).toBe(201);
    const transaction = created.json().data.transaction;
    expect(transaction).toMatchObject({
      status: 'pending',
      amount: '1500.00',
      product_name: 'Leather sandals',
      transaction_type: 'standard',
      payment_link_code: link.code,
      my_role: 'buyer',
    });
    expect(transaction.seller.phone_number).toBe(seller.phone);
    const paid = await payAndSettle(t, visitor, transaction.id);
    expect(paid.status).toBe('completed');
    expect((await detail(t, visitor, transaction.id)).transaction.status).toBe('funded');

    const list = await t.app.inject({ method: 'GET', url: '/api/payment-links', headers: bearer(seller) });
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.payment_links.find((candidate: { code: string }) => candidate.code === link.code);
    expect(mine).toMatchObject({ status: 'active', checkouts: 1, held: '1500.00', units_left: null });
    expect(mine.recent_checkouts[0]).toMatchObject({
      id: transaction.id,
      status: 'funded',
      held: '1500.00',
      buyer: { display_name: 'Wanjiru Kamau' },
    });
  });

  it('takes the deposit of a Lipa Mdogo Mdogo checkout from the body and the plan from the link', async () => {
    const link = await createLink({ product_name: 'Laptop', amount: 45000, transaction_type: 'lipa_mdogo_mdogo', installment_months: 3 });
    const created = await checkout(buyer, link.code, { amount: 15000 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.transaction).toMatchObject({ total_cost: '45000.00', initial_payment: '15000.00', installment_months: 3 });
    const lowLink = await createLink({ product_name: 'Laptop 2', amount: 45000, transaction_type: 'lipa_mdogo_mdogo' });
    expect((await checkout(buyer, lowLink.code, { amount: 1000 })).statusCode).toBe(422);
  });

  it('refuses the seller buying from their own link (422)', async () => {
    const link = await createLink({ product_name: 'Own item', amount: 700, transaction_type: 'standard' });
    const response = await checkout(seller, link.code);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('BUSINESS_RULE');
  });

  it('sells the last unit to one of two racing buyers; the other gets 409 and the link is sold out', async () => {
    const link = await createLink({ product_name: 'One-off painting', amount: 9000, transaction_type: 'protected', quantity: 1 });
    const racers = await Promise.all(Array.from({ length: 6 }, () => makeUser(t.app, { userType: 'buyer' })));
    const answers = await Promise.all(racers.map((racer) => checkout(racer, link.code)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ code: 'INVALID_STATE', message: 'This item is sold out' });
    expect(await t.ctx.db.transaction.count({ where: { paymentLinkCode: link.code } })).toBe(1);
    const shown = (await t.app.inject({ method: 'GET', url: `/api/payment-links/${link.code}` })).json().data.payment_link;
    expect(shown).toMatchObject({ status: 'sold_out', units_left: 0 });

    // A checkout cancelled before payment gives its unit back.
    const winner = answers.find((answer) => answer.statusCode === 201)!.json().data.transaction;
    const winnerUser = racers[answers.findIndex((answer) => answer.statusCode === 201)]!;
    const cancel = await t.app.inject({ method: 'POST', url: `/api/transactions/${winner.id}/cancel`, headers: bearer(winnerUser) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await checkout(buyer, link.code)).statusCode).toBe(201);
  });

  it('answers a repeated checkout with the first one when its answer was lost, and takes one unit', async () => {
    const link = await createLink({ product_name: 'Last kikoy', amount: 2500, transaction_type: 'standard', quantity: 1 });
    const shopper = await makeUser(t.app, { userType: 'buyer' });
    const key = `checkout-${Date.now()}`;
    const headers = { ...bearer(shopper), 'idempotency-key': key };
    const url = `/api/payment-links/${link.code}/checkout`;
    const first = await t.app.inject({ method: 'POST', url, headers });
    expect(first.statusCode, first.body).toBe(201);
    // A server that stopped after the checkout committed, before it recorded the answer, a minute ago.
    await t.ctx.db.$executeRaw`
      UPDATE idempotency_records SET status_code = NULL, response_body = NULL, created_at = now() - interval '2 minutes'
      WHERE key = ${key}`;
    const repeat = await t.app.inject({ method: 'POST', url, headers });
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(repeat.json()).toEqual(first.json());
    expect(await t.ctx.db.transaction.count({ where: { paymentLinkCode: link.code } })).toBe(1);
  });

  it('refuses checkout on an expired link (409), judged by the server clock', async () => {
    const link = await createLink({
      product_name: 'Flash sale shoes',
      amount: 1200,
      transaction_type: 'standard',
      expires_at: new Date(clock.getTime() + 60_000).toISOString(),
    });
    expect((await checkout(buyer, link.code)).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 61_000);
    const late = await checkout(await makeUser(t.app, { userType: 'buyer' }), link.code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment link has expired');
    expect((await t.app.inject({ method: 'GET', url: `/api/payment-links/${link.code}` })).json().data.payment_link.status).toBe('expired');
  });

  it('lets only the owner disable a link; a disabled link refuses checkout (409)', async () => {
    const link = await createLink({ product_name: 'Sofa', amount: 30000, transaction_type: 'protected', quantity: 5 });
    const other = await makeUser(t.app, { userType: 'seller' });
    const stranger = await t.app.inject({ method: 'POST', url: `/api/payment-links/${link.code}/disable`, headers: bearer(other) });
    expect(stranger.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment-links/${link.code}/disable` })).statusCode).toBe(401);
    const disabled = await t.app.inject({ method: 'POST', url: `/api/payment-links/${link.code}/disable`, headers: bearer(seller) });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.payment_link.status).toBe('disabled');
    const refused = await checkout(buyer, link.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The seller has disabled this payment link');
    // Another seller's list does not show it.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/payment-links', headers: bearer(other) });
    expect(theirs.json().data.payment_links).toEqual([]);
  });
});

describe('admin view', () => {
  it('lists links per seller over tRPC, and refuses non-admins', async () => {
    const admin = await makeUser(t.app, { userType: 'admin' });
    const callerFor = (user: MadeUser) =>
      createCaller({
        ctx: t.ctx,
        auth: { userId: user.id, role: user.userType, sessionId: 'test', isVerified: true },
        authError: null,
        ip: '127.0.0.1',
      });
    const asAdmin = callerFor(admin);
    const found = await asAdmin.admin.paymentLinks({ search: `0${seller.phone.slice(3)}`, page: 1, per_page: 100 });
    expect(found.links.length).toBeGreaterThan(3);
    expect(found.links.every((link) => link.seller.phone_number === seller.phone)).toBe(true);
    await expect(callerFor(seller).admin.paymentLinks({ page: 1, per_page: 10 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
