/**
 * What a walk of *384*40# found, each fixed and kept fixed here, in English and Kiswahili: screens that
 * promised money or prompts the server would not deliver, dead ends, English on Kiswahili screens, refusals
 * that came only after the PIN, and notices that lost the question they were about.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, createTransaction, payAndSettle } from '../../../test/escrow-helpers.ts';
import { makeUser, TEST_PASSWORD, type MadeUser } from '../../../test/factories.ts';
import { hashSecret } from '../../lib/password.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import type { UssdLanguage } from './messages.ts';
import { dialAndWalk, firstLine, giveUssdPin, M, phoneSession, TEST_PIN } from './test/ussd-client.ts';
import { latestCode } from '../../../test/sms-inbox.ts';
import { calculateFee } from '@escrow/core/domain/fees';
import { formatKes } from '@escrow/core/domain/money';
import { formatSmsDate, smsDate } from '../notifications/templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** A message as a pattern (for the times in it). */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const local = (phone: string) => `0${phone.slice(3)}`;

async function party(userType: MadeUser['userType'], language: UssdLanguage, firstName = 'Otieno') {
  const user = await makeUser(t.app, { userType, firstName });
  await giveUssdPin(t, user.id, language);
  return user;
}

/** A payment whose prompt is on the buyer's phone, unanswered (the mock rail would settle a real one at once). */
const promptOnPhone = (transactionId: string, phone: string) =>
  t.ctx.db.payment.create({
    data: { transactionId, paymentType: 'escrow_deposit', payerPhone: phone, amountCents: 92_500n, rail: 'mpesa' },
  });

describe.each(['en', 'sw'] as const)('USSD walk findings in %s', (lang) => {
  const m = M[lang];
  it('shows a plan as the schedule the server stores: KES 1 once, or a smaller last payment', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const planScreen = async (total: string, first: string) => {
      const session = phoneSession(t, buyer.phone);
      await session.dial();
      return { session, screen: await session.walk('1', local(seller.phone), 'Friji ya LG', '3', total, first, '4') };
    };

    const tiny = await planScreen('10001', '10000');
    const then = lang === 'en' ? 'then' : 'kisha';
    expect(tiny.screen.text).toContain(`KES 10,000, ${then} KES 1\n`);
    expect(tiny.screen.text).not.toContain('24 x');
    expect((await tiny.session.send(TEST_PIN)).kind).toBe('END');
    const txn = await t.ctx.db.transaction.findFirstOrThrow({
      where: { buyerId: buyer.id },
      include: { plan: { include: { installments: { orderBy: { sequence: 'asc' } } } } },
    });
    // What the screen said is what was stored.
    expect(txn.plan!.installments.map((installment) => installment.amountCents)).toEqual([1_000_000n, 100n]);

    const uneven = await planScreen('499999', '100000');
    const and = lang === 'en' ? 'and' : 'na';
    expect(uneven.screen.text).toContain(`${then} 23 x KES 16,700 ${and} KES 15,899\n`);
  });

  it('says a payment prompt is already waiting rather than promise one that will not be sent', async () => {
    const buyer = await party('buyer', lang);
    const seller = await makeUser(t.app, { userType: 'seller' });
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 900,
      product_name: 'Gas refill',
      transaction_type: 'standard',
    });
    // Between the Pay screens: the prompt was sent after the rail was chosen, before the PIN.
    const racing = phoneSession(t, buyer.phone);
    await racing.dial();
    expect((await racing.walk('5', '1', '1')).text).toContain(m.enterPin);
    await promptOnPhone(created.id, buyer.phone);
    expect(await racing.send(TEST_PIN)).toEqual({ kind: 'END', text: m.promptWaiting(2) });
    // A later dial is told at once, before the PIN.
    expect(await dialAndWalk(t, buyer.phone, '5', '1', '1')).toEqual({ kind: 'END', text: m.promptWaiting(2) });
    await t.ctx.jobs.drain({ until: new Date(Date.now() + 60_000) });
    expect(await t.ctx.db.payment.count({ where: { transactionId: created.id } })).toBe(1);
  });

  it('offers the first-PIN proofs there are: the code sent now or earlier, the web password only if the account has one', async () => {
    const user = await makeUser(t.app, { userType: 'buyer', firstName: 'Grace' });
    // Registered over USSD (no web password), its PIN dropped when the phone was proven on the web.
    await t.ctx.db.user.update({ where: { id: user.id }, data: { passwordHash: null, ussdPinHash: null, language: lang } });
    const first = phoneSession(t, user.phone);
    expect(await first.dial()).toEqual({ kind: 'CON', text: m.proveFirstPin('Grace', false) });
    expect(firstLine(await first.send('Password123!'))).toBe(m.wrongCode);

    // Dialling again within the resend cooldown sends nothing: the code sent before still works.
    const second = phoneSession(t, user.phone);
    expect(await second.dial()).toEqual({ kind: 'CON', text: m.proveFirstPin('Grace', false) });
    expect(await t.ctx.db.smsMessage.count({ where: { phoneNumber: user.phone, template: 'verification_code' } })).toBe(1);
    expect((await second.send(await latestCode(t, user.phone))).text).toContain(m.newPin);
  });

  it('says when to dial again when no code can be sent and none is waiting; the web password when there is one', async () => {
    const user = await makeUser(t.app, { userType: 'buyer', firstName: 'Grace' });
    await t.ctx.db.user.update({ where: { id: user.id }, data: { passwordHash: null, ussdPinHash: null, language: lang } });
    expect((await phoneSession(t, user.phone).dial()).kind).toBe('CON');
    // The code is used up (burnt by wrong tries), and the cooldown refuses a new one.
    await t.ctx.db.verificationCode.updateMany({ where: { phoneNumber: user.phone }, data: { attempts: 5 } });
    const noCode = await phoneSession(t, user.phone).dial();
    expect(noCode.kind).toBe('END');
    expect(noCode.text).toMatch(new RegExp(`^${escape(m.noCodeYet('Grace', 'HH:MM', false)).replace('HH:MM', '\\d{2}:\\d{2}')}$`));

    await t.ctx.db.user.update({ where: { id: user.id }, data: { passwordHash: await hashSecret(TEST_PASSWORD) } });
    const withPassword = await phoneSession(t, user.phone).dial();
    expect(withPassword.kind).toBe('CON');
    expect(withPassword.text).toContain(lang === 'en' ? 'enter your web password' : 'weka nenosiri lako la wavuti');
  });

  it('tells an account without a web password, after too many wrong codes, when to dial again', async () => {
    const user = await makeUser(t.app, { userType: 'buyer', firstName: 'Grace' });
    await t.ctx.db.user.update({ where: { id: user.id }, data: { passwordHash: null, ussdPinHash: null, language: lang } });
    const session = phoneSession(t, user.phone);
    await session.dial();
    for (let guess = 0; guess < 5; guess++) expect(firstLine(await session.send('111111'))).toBe(m.wrongCode);
    const locked = await session.send('111111');
    expect(locked.kind).toBe('END');
    expect(locked.text).toMatch(new RegExp(`^${escape(m.tooManyProofs('HH:MM', false)).replace('HH:MM', '\\d{2}:\\d{2}')}$`));
  });

  it('tells a phone registered on the simulator (not verified) what to do, in its language', async () => {
    const seller = await makeUser(t.app, { userType: 'seller' });
    const user = await makeUser(t.app, { userType: 'buyer', verified: false });
    await giveUssdPin(t, user.id, lang);
    await t.ctx.db.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    const done = await dialAndWalk(t, user.phone, '1', local(seller.phone), 'Sofa', '1', '3000', TEST_PIN);
    expect(done).toEqual({ kind: 'END', text: m.phoneNotVerified });
    if (lang === 'sw') expect(done.text).not.toMatch(/please|verify/i);
  });

  it('lets the other party answer a dispute over USSD, once, and only a dispute that waits for them', async () => {
    const buyer = await makeUser(t.app, { userType: 'buyer' });
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2000,
      product_name: 'Radio',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, created.id);
    const opened = await action(t, buyer, created.id, 'dispute', { reason: 'The radio does not turn on' });
    expect(opened.statusCode, opened.body).toBe(200);

    const session = phoneSession(t, seller.phone);
    await session.dial();
    await session.walk('6');
    const list = await session.send('4');
    expect(firstLine(list)).toBe(m.pickTitle.respond);
    expect(list.text).toContain(created.reference_number.slice(4));
    expect(firstLine(await session.send('1'))).toBe(m.respondDescribe);
    const confirm = await session.send('It worked when I sent it; the buyer dropped it');
    expect(confirm.text).toContain(m.confirmRespond(created.reference_number, 'It worked when I sent it; the buyer dropped it'));
    expect(await session.send(TEST_PIN)).toEqual({ kind: 'END', text: m.responded(created.reference_number) });
    const dispute = await t.ctx.db.dispute.findFirstOrThrow({ where: { transactionId: created.id } });
    expect(dispute).toMatchObject({ response: 'It worked when I sent it; the buyer dropped it', respondedAt: expect.any(Date) });

    // Answered: nothing waits any more.
    expect((await dialAndWalk(t, seller.phone, '6', '4')).text).toContain(m.nothingTo.respond);
  });

  it('tells the seller of a completed sale that is not paid yet so, not "Done": on its way, then failed', async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 2000,
      product_name: 'Radio',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, created.id);
    expect((await action(t, seller, created.id, 'dispatch')).statusCode).toBe(200);
    expect((await action(t, buyer, created.id, 'release_payment')).statusCode).toBe(200);
    const ref = created.reference_number;
    const lineOf = (screen: { text: string }) => screen.text.split('\n').find((line) => line.includes(ref.slice(4)))!;
    const seen = async (phone: string) => {
      const session = phoneSession(t, phone);
      await session.dial();
      const list = await session.send('2');
      return { line: lineOf(list), detail: (await session.send('1')).text };
    };

    // Released, the payout asked of the rail and not answered yet (no job has run).
    const payout = await t.ctx.db.payout.findFirstOrThrow({ where: { transactionId: created.id, kind: 'seller_payout' } });
    expect(payout.status).toBe('pending');
    const sending = await seen(seller.phone);
    expect(sending.line).toMatch(new RegExp(`${escape(m.sellerPayoutShortStatus.sending)}$`));
    expect(sending.detail).toContain(m.detail(ref, 'Radio', 'KES 2,000', m.sellerPayoutStatus.sending));
    // The buyer is done.
    expect((await seen(buyer.phone)).line).toMatch(new RegExp(`${escape(m.shortStatus.completed)}$`));

    // The rail refused it for good: unpaid until the mediation team acts.
    await t.ctx.db.payout.update({ where: { id: payout.id }, data: { status: 'failed' } });
    const failed = await seen(seller.phone);
    expect(failed.line).toMatch(new RegExp(`${escape(m.sellerPayoutShortStatus.failed)}$`));
    expect(failed.detail).toContain(m.detail(ref, 'Radio', 'KES 2,000', m.sellerPayoutStatus.failed));

    await t.ctx.db.payout.update({ where: { id: payout.id }, data: { status: 'completed' } });
    const paid = await seen(seller.phone);
    expect(paid.line).toMatch(new RegExp(`${escape(m.shortStatus.completed)}$`));
    expect(paid.detail).toContain(m.detail(ref, 'Radio', 'KES 2,000', m.status.completed));
  });

  it("says what a plan's buyer paid, what is left and the next installment with its date, or that it is overdue", async () => {
    const buyer = await party('buyer', lang);
    const seller = await party('seller', lang);
    const created = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 7000,
      total_cost: 35000,
      installment_months: 6,
      product_name: 'Sofa',
      transaction_type: 'lipa_mdogo_mdogo',
    });
    const fee = calculateFee(3_500_000n, 'lipa_mdogo_mdogo').buyerShare;
    const detailOf = async (phone: string) => {
      const session = phoneSession(t, phone);
      await session.dial();
      await session.send('2');
      return (await session.send('1')).text;
    };

    // Before the deposit: what it is, with no date (the first payment starts the schedule).
    const unpaid = await detailOf(buyer.phone);
    expect(unpaid).toContain(`${m.paidLeft('KES 0', formatKes(3_500_000n + fee))}\n${m.firstInstallment(formatKes(700_000n + fee))}\n`);

    await payAndSettle(t, buyer, created.id);
    const next = await t.ctx.db.installment.findFirstOrThrow({
      where: { plan: { transactionId: created.id }, sequence: 1 },
    });
    const date = formatSmsDate(smsDate(next.dueDate), lang);
    const paidLeft = m.paidLeft('KES 7,000', 'KES 28,000');
    for (const phone of [buyer.phone, seller.phone]) {
      const text = await detailOf(phone);
      expect(text).toContain(`${paidLeft}\n${m.nextInstallment('KES 4,700', date)}\n`);
      // Not the whole rest as if it were due now.
      expect(text).not.toMatch(/, (due|deni) KES 28,000/);
    }
    if (lang === 'en') expect(await detailOf(buyer.phone)).toContain(`Paid KES 7,000, left KES 28,000\nNext KES 4,700 by ${date}\n`);

    // Its date gone by (before the sweep marks it): overdue, and the date it was due.
    const past = new Date(Date.now() - 3 * 86_400_000);
    await t.ctx.db.installment.update({ where: { id: next.id }, data: { dueDate: past } });
    const late = await detailOf(buyer.phone);
    expect(late).toContain(`${paidLeft}\n${m.overdueInstallment('KES 4,700', formatSmsDate(smsDate(past), lang))}\n`);
    if (lang === 'sw') expect(late).toContain('Imechelewa: KES 4,700 tangu ');
  });
});
