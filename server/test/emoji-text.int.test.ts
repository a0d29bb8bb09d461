/**
 * People's text with emoji, cut to fit an SMS, a USSD line or a timeline entry, is cut between characters
 * (packages/core/src/domain/text.ts). A cut through the middle of an emoji left half a surrogate pair,
 * which PostgreSQL refuses in JSON: creating the escrow answered 500, a payment link could never be
 * bought from, and a seller's USSD "My transactions" failed for as long as the order was on their list.
 * Any stranger could do that to any registered phone, by naming it as the seller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, type MadeUser } from './factories.ts';
import { action, createTransaction } from './escrow-helpers.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { dialAndWalk, giveUssdPin, M, TEST_PIN } from '../src/modules/ussd/test/ussd-client.ts';

/** Half of a surrogate pair, or the replacement character a broken one becomes on a phone. */
const BROKEN = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uFFFD/;

let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
beforeAll(async () => {
  t = await buildTestApp();
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  await giveUssdPin(t, seller.id);
});
afterAll(() => t?.close());

// Each a name whose cut, at some length a screen or an SMS uses, falls inside an emoji.
const NAMES = [
  'iPhone📱 13 Pro',
  'Samsung A54 📱📱📱📱📱📱📱📱📱📱📱📱📱 boxed',
  'x📱📱📱📱📱📱📱📱📱📱📱📱📱📱📱📱',
  '😀'.repeat(25),
  'Kenya 🇰🇪🇰🇪🇰🇪 flags',
];

describe('text with emoji', () => {
  it('creates each escrow, texts both parties whole characters, and the seller’s USSD list still opens', async () => {
    for (const name of NAMES) {
      const created = await createTransaction(t, buyer, {
        seller_phone: seller.phone,
        amount: 1500,
        product_name: name,
        transaction_type: 'standard',
      });
      const sms = await t.ctx.db.smsMessage.findMany({ where: { transactionId: created.id } });
      expect(sms.length).toBeGreaterThan(0);
      for (const { message } of sms) expect(message).not.toMatch(BROKEN);
    }
    // Two pages of the list: the first three orders, then `9` for the rest.
    const firstPage = await dialAndWalk(t, seller.phone, '2', TEST_PIN);
    expect(firstPage.kind).toBe('CON');
    expect(firstPage.text).not.toMatch(BROKEN);
    expect(firstPage.text).not.toContain(M.en.somethingWrong);
    const secondPage = await dialAndWalk(t, seller.phone, '2', TEST_PIN, '9');
    expect(secondPage.kind).toBe('CON');
    expect(secondPage.text).not.toMatch(BROKEN);
  });

  it('sells from a payment link whose name is all emoji', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payment-links',
      headers: bearer(seller),
      payload: { product_name: '😀'.repeat(25), amount: 2500, transaction_type: 'standard' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json().data.payment_link as { code: string };
    const checkout = await t.app.inject({ method: 'POST', url: `/api/payment-links/${code}/checkout`, headers: bearer(buyer) });
    expect(checkout.statusCode, checkout.body).toBe(201);
  });

  it('quotes a dispute reason of emoji to both parties in whole characters', async () => {
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 1500,
      product_name: 'Radio',
      transaction_type: 'standard',
    });
    await t.ctx.db.transaction.update({ where: { id: created.id }, data: { status: 'funded' } });
    const opened = await action(t, buyer, created.id, 'dispute', {
      reason: '😀'.repeat(125) + 'x' + '😀'.repeat(125),
      dispute_type: 'other',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const sms = await t.ctx.db.smsMessage.findMany({ where: { transactionId: created.id, template: { startsWith: 'dispute' } } });
    expect(sms.length).toBeGreaterThan(0);
    for (const { message } of sms) expect(message).not.toMatch(BROKEN);
  });
});
