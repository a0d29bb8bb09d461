/**
 * Every *384*40# menu walked to its end, in English and in Kiswahili, over HTTP in Africa's Talking's
 * form-encoded protocol. Each answer is checked by the client (200, text/plain, CON/END, ≤ 182 chars);
 * the effects are checked in the database and over the REST API, which must agree with USSD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculateFee } from '@escrow/core/domain/fees';
import { formatKes } from '@escrow/core/domain/money';
import { displayPhone } from '@escrow/core/domain/phone';
import { verifySecret } from '../../lib/password.ts';
import { bearer, makeUser, randomAirtelPhone, randomPhone, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, payAndSettle } from '../../../test/escrow-helpers.ts';
import { buildTestApp, eventually, type TestApp } from '../../../test/helpers.ts';
import type { UssdLanguage } from './messages.ts';
import { clip } from './screen.ts';
import { formatSmsDate, smsDateTime } from '../notifications/templates.ts';
import { latestCode } from '../../../test/sms-inbox.ts';
import { dialAndWalk, firstLine, giveUssdPin, M, phoneSession, seenScreens, TEST_PIN } from './test/ussd-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  const longest = Math.max(...seenScreens.map((screen) => screen.text.length));
  console.info(`USSD: ${seenScreens.length} screens checked, the longest ${longest} characters`);
  await t?.close();
});

const local = (phone: string) => `0${phone.slice(3)}`;
const LONG_ITEM = 'Samsung 55-inch Crystal UHD Smart Television with wall mount';

/** Runs the queued jobs due within the next minute (the STK push waits for the session to close). */
const runJobsSoon = () => t.ctx.jobs.drain({ until: new Date(Date.now() + 60_000) });

async function party(userType: MadeUser['userType'], language: UssdLanguage, firstName = 'Chepkemboi-Njeri') {
  const user = await makeUser(t.app, { userType, firstName });
  await giveUssdPin(t, user.id, language);
  return user;
}

describe.each(['en', 'sw'] as const)('USSD menus in %s', (lang) => {
  const m = M[lang];

  it('registers a new phone: names, account type, PIN twice; the phone is verified and welcomed by SMS', async () => {
    const phone = randomPhone();
    const session = phoneSession(t, phone);
    const welcome = await session.dial();
    expect(welcome.kind).toBe('CON');
    expect(welcome.text).toContain(M.en.welcome);
    if (lang === 'sw') {
      expect(await session.send('2')).toMatchObject({ text: expect.stringContaining(M.en.chooseLanguage) });
      const home = await session.send('2');
      expect(firstLine(home)).toBe(m.languageSaved);
      expect(home.text).toContain(m.guestMenu[0]);
    }
    expect((await session.send('1')).text).toContain(m.firstName);
    expect((await session.send("Wanjiru-Ann O'Neil")).text).toContain(m.lastName);
    expect((await session.send('Kamau')).text).toContain(m.accountType);
    expect((await session.send('3')).text).toContain(m.newPin);
    expect((await session.send('1234')).text).toContain(m.confirmPin);
    const done = await session.send('1234');
    expect(done).toEqual({ kind: 'END', text: m.registered("Wanjiru-Ann O'Neil") });

    const user = await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: phone } });
    expect(user).toMatchObject({
      firstName: "Wanjiru-Ann O'Neil",
      lastName: 'Kamau',
      userType: 'both',
      language: lang,
      passwordHash: null,
    });
    expect(user.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(await verifySecret(user.ussdPinHash!, '1234')).toBe(true);
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: phone, template: 'ussd_welcome' } });
    expect(sms.message).toContain(lang === 'en' ? 'Welcome to Escrow Kenya' : 'Karibu Escrow Kenya');

    // The next dial greets the account by name, in its language.
    const home = await dialAndWalk(t, phone);
    expect(home.text).toContain(m.hello(clip("Wanjiru-Ann O'Neil", 12)));
    expect(home.text).toContain(m.mainMenu[0]);
  });

  it('asks again when the two PINs differ, and for a 4-digit PIN', async () => {
    const phone = randomPhone();
    const session = phoneSession(t, phone);
    await session.dial();
    if (lang === 'sw') await session.walk('2', '2');
    await session.walk('1', 'Akinyi', 'Otieno', '1');
    expect(firstLine(await session.send('12'))).toBe(m.pinFormat);
    expect((await session.send('1111')).text).toContain(m.confirmPin);
    const mismatch = await session.send('2222');
    expect(firstLine(mismatch)).toBe(m.pinMismatch);
    expect(mismatch.text).toContain(m.newPin);
    await session.send('4321');
    expect(await session.send('4321')).toMatchObject({ kind: 'END' });
    expect(await t.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: phone } })).toMatchObject({ userType: 'buyer' });
  });

  it('lets a web account set its first USSD PIN from its phone, with the code sent to it by SMS', async () => {
    const user = await makeUser(t.app, { userType: 'buyer', firstName: 'Chebet', verified: false });
    await t.ctx.db.user.update({ where: { id: user.id }, data: { language: lang } });
    const session = phoneSession(t, user.phone);
    const intro = await session.dial();
    expect(intro.text).toContain(m.proveFirstPin('Chebet'));
    expect(firstLine(await session.send('1357'))).toBe(m.wrongProof);
    expect((await session.send(await latestCode(t, user.phone))).text).toContain(m.newPin);
    expect((await session.send('1357')).text).toContain(m.confirmPin);
    const home = await session.send('1357');
    expect(firstLine(home)).toBe(m.pinSet);
    expect(home.text).toContain(m.mainMenu[1]);
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifySecret(row.ussdPinHash!, '1357')).toBe(true);
    // The SMS code proves the phone.
    expect(row.phoneVerifiedAt).toBeInstanceOf(Date);
  });

  it('buys with standard escrow: the session ends, then the M-Pesa prompt comes and the payment lands', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller', firstName: 'Otieno' });
    const session = phoneSession(t, buyer.phone);
    expect((await session.dial()).text).toContain(m.mainMenu[0]);
    expect((await session.send('1')).text).toContain(m.sellerPhone);
    expect(firstLine(await session.send('0712'))).toBe(m.invalidPhone);
    expect((await session.send(local(seller.phone))).text).toContain(m.itemName);
    expect((await session.send(LONG_ITEM)).text).toContain(m.chooseType);
    expect((await session.send('1')).text).toContain(m.amount('1', '500,000'));
    expect(firstLine(await session.send('600000'))).toBe(m.invalidAmount('1', '500,000'));
    expect(firstLine(await session.send('15.50'))).toBe(m.invalidAmount('1', '500,000'));
    const confirm = await session.send('1500');
    const fee = calculateFee(150_000n, 'wo_dispute').buyerShare;
    expect(confirm.text).toContain(m.confirmEscrow(clip(LONG_ITEM, 20), displayPhone(seller.phone), 'KES 1,500', formatKes(fee)));
    expect(confirm.text).toContain(m.enterPin);

    const done = await session.send(TEST_PIN);
    expect(done.kind).toBe('END');
    const txn = await t.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: buyer.id } });
    expect(txn).toMatchObject({
      channel: 'ussd',
      status: 'pending',
      transactionType: 'standard',
      productName: LONG_ITEM,
      sellerId: seller.id,
      amountCents: 150_000n,
    });
    expect(done.text).toBe(m.created(txn.referenceNumber, formatKes(150_000n + fee)));
    // No prompt while the USSD session is open: the push is a job that runs after it.
    expect(await t.ctx.db.payment.count({ where: { transactionId: txn.id } })).toBe(0);
    await runJobsSoon();
    const payment = await eventually(() => t.ctx.db.payment.findFirst({ where: { transactionId: txn.id, status: 'completed' } }));
    expect(payment).toMatchObject({ payerPhone: buyer.phone, amountCents: 150_000n + fee });
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: txn.id } })).toMatchObject({ status: 'funded' });

    // The same transaction on the web, for the same phone.
    const list = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(buyer) });
    expect(list.json().data.transactions).toEqual([
      expect.objectContaining({ id: txn.id, reference_number: txn.referenceNumber, status: 'funded' }),
    ]);
  });

  it('buys with protected escrow, priced with dispute cover', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller' });
    // Every type may be disputed: the menu names what Protected buys, the longer inspection window (ADR 0011).
    const types = await dialAndWalk(t, buyer.phone, '1', seller.phone, 'Tecno Camon 30');
    expect(types.text).toContain(lang === 'en' ? '1. Standard (3 days to check)' : '1. Kawaida (siku 3 kukagua)');
    expect(types.text).toContain(lang === 'en' ? '2. Protected (7 days to check)' : '2. Iliyolindwa (siku 7 kukagua)');
    expect(types.text).not.toMatch(/dispute cover|\(malalamiko\)/);
    const done = await dialAndWalk(t, buyer.phone, '1', seller.phone, 'Tecno Camon 30', '2', '25000', TEST_PIN);
    expect(done.kind).toBe('END');
    const txn = await t.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: buyer.id } });
    expect(txn).toMatchObject({
      transactionType: 'protected',
      channel: 'ussd',
      buyerFeeCents: calculateFee(2_500_000n, 'with_dispute').buyerShare,
    });
  });

  it('buys with Lipa Mdogo Mdogo: total, first payment, term; plan rules come from the domain', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    await session.walk('1', local(seller.phone), 'Hisense 65 inch TV');
    expect((await session.send('3')).text).toContain(m.totalCost('10,000'));
    expect(firstLine(await session.send('9000'))).toBe(m.planTotalTooLow('KES 10,000'));
    expect((await session.send('65000')).text).toContain(m.deposit('13,000'));
    expect(firstLine(await session.send('5000'))).toBe(m.planDepositTooLow('KES 13,000'));
    expect(firstLine(await session.send('65000'))).toBe(m.planDepositTooHigh);
    const term = await session.send('13000');
    expect(term.text).toContain(m.term);
    expect(firstLine(await session.send('5'))).toBe(m.invalidChoice);
    const confirm = await session.send('2');
    const fee = calculateFee(6_500_000n, 'lipa_mdogo_mdogo').buyerShare;
    expect(confirm.text).toContain(lang === 'en' ? '5 x KES 8,700 and KES 8,500' : '5 x KES 8,700 na KES 8,500');
    expect(confirm.text).toContain(formatKes(fee));
    const done = await session.send(TEST_PIN);
    const txn = await t.ctx.db.transaction.findFirstOrThrow({ where: { buyerId: buyer.id }, include: { plan: true } });
    expect(txn).toMatchObject({ transactionType: 'lipa_mdogo_mdogo', amountCents: 6_500_000n, channel: 'ussd' });
    expect(txn.plan).toMatchObject({ depositCents: 1_300_000n, months: 6, monthlyCents: 870_000n });
    expect(done).toEqual({ kind: 'END', text: m.created(txn.referenceNumber, formatKes(1_300_000n + fee)) });
    await runJobsSoon();
    await eventually(async () => (await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: txn.id } })).status === 'installment');
  });

  it('refuses your own number as the seller on the seller screen, and takes another', async () => {
    const buyer = await party('both', lang);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    await session.send('1');
    expect(await session.send(local(buyer.phone))).toEqual({ kind: 'CON', text: `${m.selfSellerRetry}\n${m.nav}` });
    expect((await session.send(local(seller.phone))).text).toContain(m.itemName);
    expect(await t.ctx.db.transaction.count({ where: { buyerId: buyer.id } })).toBe(0);
  });

  it('tells a buyer-only account at the Sell menu that payment links are for sellers', async () => {
    const buyer = await party('buyer', lang);
    expect(await dialAndWalk(t, buyer.phone, '4', '3')).toEqual({ kind: 'END', text: m.sellerOnly });
  });

  it('lists my transactions three a screen, pages with 9, opens one, and navigates with 0 and 00', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller', firstName: 'Kipchoge' });
    const refs: string[] = [];
    for (const [index, name] of ['Sofa set', 'Fridge', 'Gas cooker', LONG_ITEM].entries()) {
      const created = await createTransaction(t, buyer, {
        seller_phone: seller.phone,
        amount: 1000 + index,
        product_name: name,
        transaction_type: 'standard',
      });
      refs.push(created.reference_number);
    }
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    const first = await session.send('2');
    expect(firstLine(first)).toBe(m.myTransactions(1, 2));
    // Newest first, references without the ESC- prefix.
    expect(first.text).toContain(`1. ${refs[3]!.slice(4)} Samsung..`);
    expect(first.text).toContain(m.more);
    const second = await session.send('9');
    expect(firstLine(second)).toBe(m.myTransactions(2, 2));
    expect(second.text).toContain(`1. ${refs[0]!.slice(4)} Sofa set 1,000 ${m.shortStatus.pending}`);
    expect(second.text).not.toContain(m.more);
    expect(firstLine(await session.send('9'))).toBe(m.invalidChoice);
    const opened = await session.send('1');
    expect(opened.text).toContain(m.detail(refs[0]!, 'Sofa set', 'KES 1,000', m.status.pending));
    expect(opened.text).toContain(m.paidLeft('KES 0', formatKes(100_000n + calculateFee(100_000n, 'wo_dispute').buyerShare)));
    expect(opened.text).toContain(m.otherParty('seller', 'Kipchoge User'));
    const back = await session.send('0');
    expect(firstLine(back)).toBe(m.myTransactions(2, 2));
    const home = await session.send('00');
    expect(home.text).toContain(m.mainMenu[0]);
    // Back on the home screen stays home.
    expect((await session.send('0')).text).toContain(m.mainMenu[0]);

    const empty = await party('buyer', lang);
    expect((await dialAndWalk(t, empty.phone, '2')).text).toContain(m.noTransactions);
  });

  it('confirms delivery with the PIN and releases the payment', async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2500,
      product_name: 'Office chair',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);

    const session = phoneSession(t, buyer.phone);
    await session.dial();
    const pick = await session.send('3');
    expect(firstLine(pick)).toBe(m.pickTitle.release);
    expect(pick.text).toContain(`1. ${created.reference_number.slice(4)} Office chair 2,500`);
    const confirm = await session.send('1');
    // What the seller receives is the price less their fee share.
    const sellerGets = formatKes(250_000n - calculateFee(250_000n, 'wo_dispute').sellerShare);
    expect(confirm.text).toContain(m.confirmRelease('KES 2,500', clip('Chepkemboi-Njeri User', 20), created.reference_number, sellerGets));
    expect(firstLine(await session.send('12345'))).toBe(m.pinFormat);
    expect(await session.send(TEST_PIN)).toEqual({ kind: 'END', text: m.released(created.reference_number) });
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('completed');
    // Nothing is left to confirm.
    expect((await dialAndWalk(t, buyer.phone, '3')).text).toContain(m.nothingTo.release);
  });

  it('marks an order dispatched as the seller', async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 4000,
      product_name: 'Maize 2 bags',
      transaction_type: 'protected',
    });
    expect((await dialAndWalk(t, seller.phone, '4', '1')).text).toContain(m.nothingTo.dispatch);
    await payAndSettle(t, buyer, created.id);
    const confirm = await dialAndWalk(t, seller.phone, '4', '1', '1');
    expect(confirm.text).toContain(m.confirmDispatch('Maize 2 bags', created.reference_number));
    const session = phoneSession(t, seller.phone);
    await session.dial();
    const dispatched = await session.walk('4', '1', '1', TEST_PIN);
    const data = await detail(t, seller, created.id);
    expect(data.transaction.status).toBe('dispatched');
    // The END says when the seller is paid: the date the buyer's SMS names as the end of the inspection.
    const paidBy = formatSmsDate(smsDateTime(new Date(data.transaction.inspection_ends_at)), lang);
    expect(dispatched).toEqual({ kind: 'END', text: m.dispatched(created.reference_number, paidBy) });
    const toBuyer = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'dispatched_buyer' } });
    expect(toBuyer.message).toContain(paidBy);
    expect(data.timeline.map((event: { event_type: string }) => event.event_type)).toContain('dispatch_confirmed');
  });

  it('pays the next Lipa Mdogo Mdogo installment: PIN, end of session, then the M-Pesa prompt', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 7000,
      total_cost: 35000,
      installment_months: 6,
      product_name: 'Sofa 3 seater',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    await payAndSettle(t, buyer, created.id);
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('installment');

    // The list shows what the next prompt asks for (the installment), not the plan's whole price.
    const list = await dialAndWalk(t, buyer.phone, '5');
    expect(list.text).toContain(`1. ${created.reference_number.slice(4)} Sofa 3 sea.. 4,700`);
    // The payer's own network first: a Safaricom phone is offered M-Pesa, then Airtel Money.
    const rails = await dialAndWalk(t, buyer.phone, '5', '1');
    expect(rails.text).toContain(`${m.payWith}\n1. M-Pesa\n2. Airtel Money`);
    const confirm = await dialAndWalk(t, buyer.phone, '5', '1', '1');
    expect(confirm.text).toContain(m.confirmPay('KES 4,700', created.reference_number, 'Sofa 3 seater'));
    const done = await dialAndWalk(t, buyer.phone, '5', '1', '1', TEST_PIN);
    expect(done).toEqual({ kind: 'END', text: m.payPrompt('KES 4,700', created.reference_number) });
    await runJobsSoon();
    await eventually(async () => (await detail(t, buyer, created.id)).transaction.amount_paid === '11700.00');
  });

  it('opens a dispute with a reason from the list, stored as its type and shown in each reader’s language', async () => {
    const buyer = await party('buyer', lang);
    // The seller reads the other language: the caller's menu words must not reach them.
    const seller = await party('seller', lang === 'en' ? 'sw' : 'en');
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 5000,
      product_name: 'Laptop bag',
      transaction_type: 'protected',
    });
    await payAndSettle(t, buyer, created.id);
    const session = phoneSession(t, buyer.phone);
    await session.dial();
    expect(firstLine(await session.send('6'))).toBe(m.disputesTitle);
    expect(firstLine(await session.send('1'))).toBe(m.pickTitle.dispute);
    const reasons = await session.send('1');
    expect(reasons.text).toContain(m.disputeReason);
    expect(reasons.text).toContain(`1. ${m.disputeReasons[0]}`);
    const confirm = await session.send('1');
    expect(confirm.text).toContain(m.confirmDispute(created.reference_number, m.disputeReasons[0]!));
    expect(await session.send(TEST_PIN)).toEqual({ kind: 'END', text: m.disputeOpened(created.reference_number) });
    const dispute = await t.ctx.db.dispute.findFirstOrThrow({ where: { transactionId: created.id } });
    // No words made up in the caller's language: the type alone, which each reader gets in their own.
    expect(dispute).toMatchObject({ reason: 'non_delivery', openedById: buyer.id, description: '' });
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'dispute_opened' } });
    expect(sms.message).toContain(
      `${created.reference_number}: ${lang === 'en' ? 'Item or service not delivered' : 'Bidhaa au huduma haikufika'}.`,
    );
    const told = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, template: 'dispute_opened_respond' } });
    expect(told.message).toContain(
      `${created.reference_number}: ${lang === 'en' ? 'Bidhaa au huduma haikufika' : 'Item or service not delivered'}.`,
    );
    const seen = await detail(t, seller, created.id);
    expect(seen.transaction.status).toBe('disputed');
    const opened = seen.timeline.find((event: { event_type: string }) => event.event_type === 'dispute_initiated');
    expect(opened.description).toBe('Dispute opened by the buyer: Item or service not delivered');
    expect(opened.data).toMatchObject({ reason: 'non_delivery', dispute_description: null });
  });

  it('opens a dispute as the seller with "other" and a description', async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 5000,
      product_name: 'Tent',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, created.id);
    const session = phoneSession(t, seller.phone);
    await session.dial();
    await session.walk('6', '1', '1');
    expect((await session.send('4')).text).toContain(m.disputeDescribe);
    expect(firstLine(await session.send('no'))).toBe(m.invalidText);
    const confirm = await session.send('Buyer asks for a refund after use');
    // Their own words, not the menu's "Other".
    expect(confirm.text).toContain(m.confirmDispute(created.reference_number, 'Buyer asks for a refund after use'));
    expect((await session.send(TEST_PIN)).text).toBe(m.disputeOpened(created.reference_number));
    const dispute = await t.ctx.db.dispute.findFirstOrThrow({ where: { transactionId: created.id } });
    expect(dispute).toMatchObject({ reason: 'other', openedById: seller.id, description: 'Buyer asks for a refund after use' });
  });

  it('leaves a Lipa Mdogo Mdogo plan: the buyer asks, the seller declines (mediation) or accepts (refund)', async () => {
    const planFee = formatKes(calculateFee(2_000_000n, 'lipa_mdogo_mdogo').buyerShare);
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const plan = (name: string) =>
      createTransaction(t, buyer, {
        seller_phone: seller.phone,
        amount: 4000,
        total_cost: 20000,
        installment_months: 3,
        product_name: name,
        transaction_type: 'lipa_mdogo_mdogo',
      });
    const declined = await plan('Fridge');
    const accepted = await plan('Cooker');
    await payAndSettle(t, buyer, declined.id);
    await payAndSettle(t, buyer, accepted.id);
    expect((await dialAndWalk(t, seller.phone, '6', '3')).text).toContain(m.nothingTo.accept_withdrawal);

    for (const created of [declined, accepted]) {
      const session = phoneSession(t, buyer.phone);
      await session.dial();
      await session.walk('6');
      expect(firstLine(await session.send('2'))).toBe(m.pickTitle.request_withdrawal);
      expect((await session.send(created === declined ? '2' : '1')).text).toContain(m.withdrawReason);
      expect(firstLine(await session.send('no'))).toBe(m.invalidText);
      // The deposit comes back; the buyer's fee share is kept (the walk found "your payments are refunded").
      expect((await session.send('Found it cheaper in town')).text).toContain(
        m.confirmWithdraw(created.reference_number, 'KES 4,000', planFee),
      );
      expect(await session.send(TEST_PIN)).toEqual({ kind: 'END', text: m.withdrawRequested(created.reference_number) });
      expect(await t.ctx.db.withdrawalRequest.findFirst({ where: { transactionId: created.id, status: 'pending' } })).toMatchObject({
        reason: 'Found it cheaper in town',
      });
    }
    // Only one request may wait at a time: the plan is no longer offered to the buyer, who is told their
    // request waits (the newest first) until its respond-by, not that they have no plan.
    const waitsUntil = (await detail(t, buyer, accepted.id)).withdrawal_request.respond_by;
    const leaving = await dialAndWalk(t, buyer.phone, '6', '2');
    expect(leaving.text).toContain(
      m.withdrawalRequestWaiting(accepted.reference_number, formatSmsDate(smsDateTime(new Date(waitsUntil)), lang)),
    );
    expect(leaving.text).not.toMatch(/^\d\. /m);

    const seen = phoneSession(t, seller.phone);
    await seen.dial();
    await seen.walk('6', '3');
    const ask = await seen.send('2');
    // By when to answer: the read's respond_by, in the words of the seller's SMS.
    const respondBy = (await detail(t, seller, declined.id)).withdrawal_request.respond_by;
    const by = formatSmsDate(smsDateTime(new Date(respondBy)), lang);
    expect(ask.text).toContain(m.withdrawalAsk(declined.reference_number, 'Found it cheaper in town', by));
    expect(firstLine(await seen.send('3'))).toBe(m.invalidChoice);
    expect((await seen.send('2')).text).toContain(m.confirmDecline(declined.reference_number));
    expect(await seen.send(TEST_PIN)).toEqual({ kind: 'END', text: m.withdrawalDeclined(declined.reference_number) });
    expect((await detail(t, buyer, declined.id)).transaction.status).toBe('disputed');

    const confirm = await dialAndWalk(t, seller.phone, '6', '3', '1', '1');
    expect(confirm.text).toContain(m.confirmAccept(accepted.reference_number, 'KES 4,000', planFee));
    const done = await dialAndWalk(t, seller.phone, '6', '3', '1', '1', TEST_PIN);
    expect(done).toEqual({ kind: 'END', text: m.withdrawalAccepted(accepted.reference_number, 'KES 4,000', planFee) });
    const refunded = await detail(t, buyer, accepted.id);
    expect(refunded.transaction.status).toBe('refunded');
    // The screens said what the refund is.
    expect(refunded.transaction.quote.refunded).toBe('4000.00');
  });

  it('finds a transaction by reference, for its parties only', async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const stranger = await party('both', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 800,
      product_name: 'Kikoi',
      transaction_type: 'standard',
    });
    const typed = created.reference_number.toLowerCase().replaceAll('-', '');
    const found = await dialAndWalk(t, seller.phone, '7', typed);
    expect(found.text).toContain(m.detail(created.reference_number, 'Kikoi', 'KES 800', m.status.pending));
    expect(found.text).toContain(m.otherParty('buyer', clip('Chepkemboi-Njeri User', 20)));

    const session = phoneSession(t, stranger.phone);
    await session.dial();
    expect((await session.send('7')).text).toContain(m.enterReference);
    const hidden = await session.send(created.reference_number);
    expect(firstLine(hidden)).toBe(m.notFound);
    expect(hidden.text).not.toContain('Kikoi');
    expect(firstLine(await session.send('ESC-0000-0000'))).toBe(m.notFound);
    expect(firstLine(await session.send('hello'))).toBe(m.notFound);
  });

  it('changes the PIN after the current one, and tells the owner by SMS', async () => {
    const user = await party('both', lang);
    const session = phoneSession(t, user.phone);
    await session.dial();
    const account = await session.send('8');
    expect(firstLine(account)).toBe(m.accountTitle);
    expect((await session.send('1')).text).toContain(m.currentPin);
    expect(firstLine(await session.send('9999'))).toBe(m.wrongPin(2));
    expect((await session.send(TEST_PIN)).text).toContain(m.newPin);
    expect((await session.send('8642')).text).toContain(m.confirmPin);
    expect(firstLine(await session.send('8641'))).toBe(m.pinMismatch);
    await session.send('8642');
    expect(await session.send('8642')).toEqual({ kind: 'END', text: m.pinChanged });
    const row = await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifySecret(row.ussdPinHash!, '8642')).toBe(true);
    expect(row.ussdPinFailures).toBe(0);
    const sms = await t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: user.phone, template: 'ussd_pin_changed' } });
    expect(sms.message).toContain(lang === 'en' ? 'PIN was changed' : 'imebadilishwa');
  });

  it('shows help, and 0 goes back to the account menu', async () => {
    const user = await party('seller', lang);
    const session = phoneSession(t, user.phone);
    await session.dial();
    await session.send('8');
    const help = await session.send('3');
    expect(help.text).toContain(m.help);
    expect(help.text).toContain(m.nav);
    expect(firstLine(await session.send('0'))).toBe(m.accountTitle);
    expect((await session.send('00')).text).toContain(m.mainMenu[7]);

    const guestHelp = await dialAndWalk(t, randomPhone(), '3');
    expect(guestHelp.text).toContain(M.en.help);
    // An Airtel Money caller pays by Airtel Money: the help does not say the money is M-Pesa's only.
    const airtelHelp = await dialAndWalk(t, randomAirtelPhone(), '3');
    expect(airtelHelp.text).toContain('Airtel Money');
  });

  it('switches the language of an account, and keeps it for the next session and its SMS', async () => {
    const user = await party('both', lang);
    const other = lang === 'en' ? 'sw' : 'en';
    const session = phoneSession(t, user.phone);
    await session.dial();
    await session.send('8');
    expect((await session.send('2')).text).toContain(m.chooseLanguage);
    const home = await session.send(other === 'en' ? '1' : '2');
    expect(firstLine(home)).toBe(M[other].languageSaved);
    expect(home.text).toContain(M[other].mainMenu[0]);
    expect((await t.ctx.db.user.findUniqueOrThrow({ where: { id: user.id } })).language).toBe(other);
    expect((await dialAndWalk(t, user.phone)).text).toContain(M[other].mainMenu[0]);
  });
});
