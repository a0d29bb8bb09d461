/**
 * Disputes › Answer a dispute, dialled by the wrong people: a stranger and the party who opened the dispute
 * are told there is nothing to answer, and no keys bring them to the answer (the answer screen is reached
 * only by picking from that list), in English and Kiswahili, over HTTP in Africa's Talking's protocol.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, createTransaction, payAndSettle } from '../../../test/escrow-helpers.ts';
import { makeUser, type MadeUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import type { UssdLanguage } from './messages.ts';
import { firstLine, giveUssdPin, M, phoneSession, postUssd, type Screen, TEST_PIN } from './test/ussd-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const OUR_SIDE = 'It worked when I sent it';

async function party(userType: MadeUser['userType'], language: UssdLanguage) {
  const user = await makeUser(t.app, { userType, firstName: 'Otieno' });
  await giveUssdPin(t, user.id, language);
  return user;
}

/** A paid order that one party disputed on the web; the other party's answer is awaited. */
async function disputedOrder(lang: UssdLanguage, openedBy: 'buyer' | 'seller', product = 'Radio') {
  const buyer = await party('buyer', lang);
  const seller = await party('seller', lang);
  const created = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount: 2000,
    product_name: product,
    transaction_type: 'standard',
  });
  await payAndSettle(t, buyer, created.id);
  const opened = await action(t, openedBy === 'buyer' ? buyer : seller, created.id, 'dispute', { reason: 'Not as agreed' });
  expect(opened.statusCode, opened.body).toBe(200);
  return { buyer, seller, created, opener: openedBy === 'buyer' ? buyer : seller, other: openedBy === 'buyer' ? seller : buyer };
}

/** Nothing was answered: no response stored, no answer on the timeline. */
async function expectUnanswered(transactionId: string) {
  const dispute = await t.ctx.db.dispute.findFirstOrThrow({ where: { transactionId } });
  expect(dispute).toMatchObject({ response: null, respondedAt: null });
  const events = await t.ctx.db.timelineEvent.findMany({ where: { transactionId, eventType: 'dispute_evidence_added' } });
  expect(events).toEqual([]);
}

describe.each(['en', 'sw'] as const)('USSD Answer a dispute from the wrong side, in %s', (lang) => {
  const m = M[lang];
  const nothing: Screen = { kind: 'CON', text: `${m.nothingTo.respond}\n${m.nav}` };
  // The answer's prompt, or its PIN confirmation.
  const isAnswerScreen = (screen: Screen) => screen.text.includes(m.respondDescribe) || screen.text.includes(m.enterPin);

  /** Every key a caller could try on the Answer list, and every way into it, for a caller with nothing to answer. */
  async function expectNoWayToAnswer(caller: MadeUser, reference: string, isParty: boolean) {
    const session = phoneSession(t, caller.phone);
    await session.dial();
    await session.send('6');
    expect(await session.send('4')).toEqual(nothing);
    // The list's keys (a row number, the next page, numbers past it) and the words of an answer pick nothing.
    for (const key of ['1', '2', '3', '9', '10', '99', OUR_SIDE, reference, reference.slice(4)]) {
      const screen = await session.send(key);
      expect(screen.kind).toBe('CON');
      expect(firstLine(screen), `key ${key}`).toBe(m.invalidChoice);
      expect(screen.text).toContain(m.nothingTo.respond);
      expect(isAnswerScreen(screen)).toBe(false);
    }
    // Back to the Disputes menu and in again: still nothing.
    expect(firstLine(await session.send('0'))).toBe(m.disputesTitle);
    expect(await session.send('4')).toEqual(nothing);
    expect((await session.send('1')).text).not.toContain(m.respondDescribe);

    // A transaction picked on another list first (My transactions, then back without clearing the draft)
    // does not carry over to this one.
    const stale = phoneSession(t, caller.phone);
    await stale.dial();
    const list = await stale.send('2');
    if (isParty) {
      expect(list.text).toContain(reference.slice(4));
      expect((await stale.send('1')).text).toContain(reference);
      await stale.send('0');
    } else {
      expect(list.text).not.toContain(reference.slice(4));
    }
    expect(firstLine(await stale.send('0'))).toBe(m.hello('Otieno'));
    await stale.send('6');
    expect(await stale.send('4')).toEqual(nothing);
    expect(firstLine(await stale.send('1'))).toBe(m.invalidChoice);

    // The whole walk typed at once (as a gateway may send it) is one wrong answer to the main menu.
    const sessionId = `ATUid_${randomUUID().replaceAll('-', '')}`;
    expect((await postUssd(t, { sessionId, phone: caller.phone, text: '' })).kind).toBe('CON');
    const oneShot = await postUssd(t, { sessionId, phone: caller.phone, text: ['6', '4', '1', OUR_SIDE, TEST_PIN].join('*') });
    expect(isAnswerScreen(oneShot)).toBe(false);
    expect(oneShot.text).not.toContain(m.responded(reference));
  }

  it('tells a stranger (party to neither side) there is nothing to answer, by any keys', async () => {
    const { created, other } = await disputedOrder(lang, 'buyer');
    const stranger = await party('both', lang);
    await expectNoWayToAnswer(stranger, created.reference_number, false);
    // To a stranger the reference does not exist.
    const lookup = phoneSession(t, stranger.phone);
    await lookup.dial();
    await lookup.walk('7');
    expect(firstLine(await lookup.send(created.reference_number))).toBe(m.notFound);
    await expectUnanswered(created.id);
    // The party the dispute waits for still has it to answer.
    const respondent = phoneSession(t, other.phone);
    await respondent.dial();
    await respondent.send('6');
    expect((await respondent.send('4')).text).toContain(created.reference_number.slice(4));
  });

  it.each(['buyer', 'seller'] as const)('tells the %s who opened the dispute there is nothing to answer, by any keys', async (openedBy) => {
    const { created, opener, other } = await disputedOrder(lang, openedBy);
    await expectNoWayToAnswer(opener, created.reference_number, true);
    await expectUnanswered(created.id);
    const respondent = phoneSession(t, other.phone);
    await respondent.dial();
    await respondent.send('6');
    expect((await respondent.send('4')).text).toContain(created.reference_number.slice(4));
  });

  it('lists, beside a dispute the caller opened, only the one waiting for them, and answers only that one', async () => {
    // The seller opened one dispute and is asked to answer another (the buyer's) with a second buyer.
    const theirs = await disputedOrder(lang, 'seller', 'Radio');
    const seller = theirs.seller;
    const buyer = await party('buyer', lang);
    const waiting = await createTransaction(t, buyer, {
      seller_phone: seller.phone,
      amount: 3000,
      product_name: 'Kettle',
      transaction_type: 'standard',
    });
    await payAndSettle(t, buyer, waiting.id);
    const opened = await action(t, buyer, waiting.id, 'dispute', { reason: 'It leaks' });
    expect(opened.statusCode, opened.body).toBe(200);

    const session = phoneSession(t, seller.phone);
    await session.dial();
    await session.send('6');
    const list = await session.send('4');
    expect(firstLine(list)).toBe(m.pickTitle.respond);
    expect(list.text).toContain(waiting.reference_number.slice(4));
    expect(list.text).not.toContain(theirs.created.reference_number.slice(4));
    expect(firstLine(await session.send('2'))).toBe(m.invalidChoice);
    expect(firstLine(await session.send('1'))).toBe(m.respondDescribe);
    expect((await session.send(OUR_SIDE)).text).toContain(m.confirmRespond(waiting.reference_number, OUR_SIDE));
    expect(await session.send(TEST_PIN)).toEqual({ kind: 'END', text: m.responded(waiting.reference_number) });

    await expectUnanswered(theirs.created.id);
    expect(await t.ctx.db.dispute.findFirstOrThrow({ where: { transactionId: waiting.id } })).toMatchObject({ response: OUR_SIDE });
    // The seller's own dispute is not on the list afterwards either.
    const again = phoneSession(t, seller.phone);
    await again.dial();
    await again.send('6');
    expect(await again.send('4')).toEqual(nothing);
  });
});
