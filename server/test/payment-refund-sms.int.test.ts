/**
 * The SMS a buyer reads when a payment that came in goes back by itself, driven over HTTP with the M-Pesa
 * mock's callbacks and read from the Africa's Talking mock's inbox: it says why, in the buyer's language.
 * A deposit whose prompt was reported cancelled, arriving after the buyer cancelled ("No money was taken"
 * was the last word), read a bare "KES 4,150 is being refunded"; so did money paid twice or beyond the price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeUser, randomPhone, type MadeUser } from './factories.ts';
import { action, createTransaction, deliverStkSuccess, detail, expectLedgerHealthy, pay, payAndSettle } from './escrow-helpers.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { inboxOf } from './sms-inbox.ts';

let t: TestApp;
let seller: MadeUser;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeUser(t.app, { userType: 'seller' });
});
afterAll(() => t?.close());

type Language = 'en' | 'sw';

async function buyerIn(language: Language): Promise<MadeUser> {
  const buyer = await makeUser(t.app, { userType: 'buyer' });
  if (language === 'sw') {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(buyer),
      payload: { preferred_language: 'sw' },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return buyer;
}

async function buyerTexts(buyer: MadeUser): Promise<string[]> {
  return (await inboxOf(t, buyer.phone)).map((sms) => sms.message);
}

const LATE: Record<Language, (ref: string) => string> = {
  en: (ref) =>
    `${ref}: your M-Pesa payment of KES 4,150 arrived after the escrow was cancelled, so it is being refunded to the phone that paid it.`,
  sw: (ref) => `${ref}: malipo yako ya M-Pesa ya KES 4,150 yamefika baada ya escrow kughairiwa, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
};

const OVER: Record<Language, (ref: string) => string> = {
  en: (ref) =>
    `${ref}: your M-Pesa payment of KES 1,525 was more than was owed: the extra KES 500 is being refunded to the phone that paid it.`,
  sw: (ref) => `${ref}: malipo yako ya M-Pesa ya KES 1,525 yamezidi kiasi ulichodaiwa: ziada ya KES 500 inarudishwa kwa simu iliyolipa.`,
};

const TWICE: Record<Language, (ref: string) => string> = {
  en: (ref) =>
    `${ref}: your M-Pesa payment of KES 1,025 arrived after the escrow was fully paid, so it is being refunded to the phone that paid it.`,
  sw: (ref) =>
    `${ref}: malipo yako ya M-Pesa ya KES 1,025 yamefika baada ya escrow kulipwa kikamilifu, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
};

const SHORT: Record<Language, (ref: string) => string> = {
  en: (ref) => `${ref}: your M-Pesa payment of KES 1 was less than asked, so all of it is being refunded to the phone that paid it.`,
  sw: (ref) =>
    `${ref}: malipo yako ya M-Pesa ya KES 1 yalikuwa chini ya kiasi kilichoombwa, kwa hivyo yote yanarudishwa kwa simu iliyolipa.`,
};

const CLOSED: Record<Language, (ref: string) => string> = {
  en: (ref) =>
    `${ref}: your M-Pesa payment of KES 1,025 arrived after the escrow was closed, so it is being refunded to the phone that paid it.`,
  sw: (ref) => `${ref}: malipo yako ya M-Pesa ya KES 1,025 yamefika baada ya escrow kufungwa, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
};

const DISPUTED: Record<Language, (ref: string) => string> = {
  en: (ref) =>
    `${ref}: your M-Pesa payment of KES 1,025 arrived while the escrow is in dispute, so it is being refunded to the phone that paid it.`,
  sw: (ref) =>
    `${ref}: malipo yako ya M-Pesa ya KES 1,025 yamefika wakati escrow ina malalamiko, kwa hivyo yanarudishwa kwa simu iliyolipa.`,
};

const standard = (amount: number) => ({ seller_phone: seller.phone, amount, product_name: 'Tecno Spark 20', transaction_type: 'standard' });

describe.each(['en', 'sw'] as const)('the SMS for a payment given back says why (%s)', (language) => {
  it('a deposit arriving after the buyer cancelled: it came after the cancellation', async () => {
    const buyer = await buyerIn(language);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 4_000,
      total_cost: 12_000,
      installment_months: 3,
      product_name: 'Television',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    // The prompt is reported cancelled on the phone (…1032), the buyer cancels, then M-Pesa reports it paid.
    const prompt = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('1032') });
    expect(prompt.status).toBe('cancelled');
    expect((await action(t, buyer, created.id, 'cancel', { reason: 'Changed my mind' })).statusCode).toBe(200);
    await deliverStkSuccess(t, prompt.id);

    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'cancelled', refunded_amount: '4150.00' });
    const texts = await buyerTexts(buyer);
    expect(texts).toContain(LATE[language](created.reference_number));
    expect(texts.filter((text) => text.startsWith(`${created.reference_number}: KES`))).toEqual([]);
    await expectLedgerHealthy(t);
  });

  it('more than asked: the extra over what was owed', async () => {
    const buyer = await buyerIn(language);
    const created = await createTransaction(t, buyer, standard(1000));
    // A phone (…1037) the mock sends no callback for: M-Pesa's answer is ours to write, with 1,525 taken for 1,025.
    const payment = await pay(t, buyer, created.id, { phone_number: randomPhone('1037') });
    await deliverStkSuccess(t, payment.id, { amount: 1525 });

    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'funded', refunded_amount: '500.00' });
    expect(await buyerTexts(buyer)).toContain(OVER[language](created.reference_number));
    await expectLedgerHealthy(t);
  });

  it('less than asked: all of it, and why', async () => {
    const buyer = await buyerIn(language);
    const created = await createTransaction(t, buyer, standard(1000));
    const payment = await pay(t, buyer, created.id, { phone_number: randomPhone('1037') });
    await deliverStkSuccess(t, payment.id, { amount: 1 });

    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'pending', refunded_amount: '1.00' });
    expect(await buyerTexts(buyer)).toContain(SHORT[language](created.reference_number));
    await expectLedgerHealthy(t);
  });

  it('paid a second time: it came after the escrow was fully paid', async () => {
    const buyer = await buyerIn(language);
    const created = await createTransaction(t, buyer, standard(1000));
    const first = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('1032') });
    expect(first.status).toBe('cancelled');
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    // The first prompt's money was taken after all.
    await deliverStkSuccess(t, first.id);

    expect((await detail(t, buyer, created.id)).transaction).toMatchObject({ status: 'funded', refunded_amount: '1025.00' });
    expect(await buyerTexts(buyer)).toContain(TWICE[language](created.reference_number));
    await expectLedgerHealthy(t);
  });

  it.each([
    ['closed', 'cancel', { reason: 'Changed my mind' }, 'refunded'],
    ['in dispute', 'dispute', { reason: 'Never dispatched', dispute_type: 'non_delivery' }, 'disputed'],
  ] as const)('paid a second time after the escrow was %s: it says so', async (_when, name, payload, status) => {
    const buyer = await buyerIn(language);
    const created = await createTransaction(t, buyer, standard(1000));
    const first = await payAndSettle(t, buyer, created.id, { phone_number: randomPhone('1032') });
    expect(first.status).toBe('cancelled');
    expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    const acted = await action(t, buyer, created.id, name, payload);
    expect(acted.statusCode, acted.body).toBe(200);
    // The first prompt's money was taken after all.
    await deliverStkSuccess(t, first.id);

    expect((await detail(t, buyer, created.id)).transaction.status).toBe(status);
    expect(await buyerTexts(buyer)).toContain((status === 'refunded' ? CLOSED : DISPUTED)[language](created.reference_number));
    await expectLedgerHealthy(t);
  });
});
