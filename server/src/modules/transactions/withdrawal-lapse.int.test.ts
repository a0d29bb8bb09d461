/**
 * A buyer's withdrawal request the seller never answers, over HTTP with the app's clock moved: the read and
 * the seller's SMS say by when to answer; past that, the sweep treats it as declined (the dispute a decline
 * opens, recorded as lapsed), once, and leaves alone a request answered in time or a seller answering at
 * the same moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowBalance } from '../ledger/ledger.ts';
import { bearer, makeUser, type MadeUser } from '../../../test/factories.ts';
import { action, createTransaction, detail, expectLedgerHealthy, payAndSettle, settlePayouts } from '../../../test/escrow-helpers.ts';
import { buildTestApp, LIFTED_LIMITS, type TestApp } from '../../../test/helpers.ts';
import { formatSmsDate, smsDateTime } from '../notifications/templates.ts';
import { dialAndWalk, giveUssdPin, M, phoneSession } from '../ussd/test/ussd-client.ts';
import { lapseOverdueWithdrawals, WITHDRAWAL_LAPSE_QUEUE, withdrawalLapse } from './withdrawal-lapse.ts';

const HOUR = 3600_000;
let clockOffsetMs = 0;
let t: TestApp;
let buyer: MadeUser;
let seller: MadeUser;
let admin: MadeUser;

beforeAll(async () => {
  // Tokens outlive the days the clock is moved by.
  t = await buildTestApp({
    env: { ...LIFTED_LIMITS, JWT_TTL_SECONDS: String(400 * 24 * 3600) },
    clock: () => new Date(Date.now() + clockOffsetMs),
  });
  buyer = await makeUser(t.app, { userType: 'buyer' });
  seller = await makeUser(t.app, { userType: 'seller' });
  admin = await makeUser(t.app, { userType: 'admin' });
});
afterAll(() => t?.close());

/** The sweep as it runs in production: its recurring job, through the queue. */
async function runSweep() {
  await withdrawalLapse.start(t.ctx);
  await t.ctx.jobs.drain({ queues: [WITHDRAWAL_LAPSE_QUEUE] });
}

/** A plan with its deposit paid and a withdrawal request waiting for the seller. */
async function planAskedOutOf(reason = 'I lost my job and cannot keep paying') {
  const created = await createTransaction(t, buyer, {
    seller_phone: seller.phone,
    amount: 4_000,
    total_cost: 12_000,
    product_name: 'Fridge',
    transaction_type: 'lipa_mdogo_mdogo',
    installment_months: 3,
  });
  expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
  const asked = await action(t, buyer, created.id, 'withdrawal_request', { reason });
  expect(asked.statusCode, asked.body).toBe(200);
  return created;
}

/** What the sweep could have written for a transaction: its disputes, timeline and texts. */
async function written(transactionId: string) {
  const [disputes, events, sms] = await Promise.all([
    t.ctx.db.dispute.count({ where: { transactionId } }),
    t.ctx.db.timelineEvent.findMany({ where: { transactionId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    t.ctx.db.smsMessage.findMany({ where: { transactionId }, orderBy: { createdAt: 'asc' } }),
  ]);
  return { disputes, events: events.map((event) => event.eventType), sms: sms.map((row) => `${row.phoneNumber} ${row.template}`) };
}

describe('a withdrawal request the seller does not answer', () => {
  it('says by when on the read and in the seller SMS; past it, the sweep opens the dispute for the buyer, once', async () => {
    const reason = 'I lost my job and cannot keep paying';
    const created = await planAskedOutOf(reason);

    // The read shows the waiting request and its answer-by time, 72 hours after it was made.
    const asked = await detail(t, seller, created.id);
    expect(asked.withdrawal_request).toMatchObject({ reason });
    const respondBy = Date.parse(asked.withdrawal_request.respond_by);
    expect(respondBy - Date.parse(asked.withdrawal_request.requested_at)).toBe(72 * HOUR);
    expect(Math.abs(respondBy - (t.ctx.now().getTime() + 72 * HOUR))).toBeLessThan(60_000);
    expect((await detail(t, buyer, created.id)).withdrawal_request.respond_by).toBe(asked.withdrawal_request.respond_by);
    // The seller's SMS names the same time, and what follows if they do not answer.
    const askedSms = await t.ctx.db.smsMessage.findFirstOrThrow({
      where: { transactionId: created.id, phoneNumber: seller.phone, template: 'withdrawal_requested' },
    });
    const by = formatSmsDate(smsDateTime(new Date(respondBy)), 'en');
    expect(askedSms.message).toBe(
      `The buyer asks to leave plan ${created.reference_number}. Accept or decline on the web or *384*40# by ${by}; if you do not answer, our mediators will decide.`,
    );

    // An hour before the deadline the sweep leaves it waiting.
    clockOffsetMs += 71 * HOUR;
    await runSweep();
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('installment');
    const before = await written(created.id);
    expect(before.disputes).toBe(0);

    // Past it: treated as declined, the dispute a decline opens, recorded as lapsed.
    clockOffsetMs += 2 * HOUR;
    await runSweep();
    const data = await detail(t, buyer, created.id);
    expect(data.transaction.status).toBe('disputed');
    expect(data.withdrawal_request).toBeNull();
    // Named as what happened: the seller declined nothing (it read "withdrawal_declined", shown as "Withdrawal declined").
    expect(data.dispute).toMatchObject({ reason: 'withdrawal_lapsed', status: 'open', opened_by: 'buyer', description: reason });
    const lapsedLines = data.timeline.filter((event: { event_type: string }) =>
      ['withdrawal_lapsed', 'withdrawal_declined', 'dispute_initiated'].includes(event.event_type),
    );
    expect(lapsedLines).toEqual([
      expect.objectContaining({
        event_type: 'withdrawal_lapsed',
        description: 'The seller did not answer the withdrawal request in time: it is treated as declined',
      }),
      expect.objectContaining({
        event_type: 'dispute_initiated',
        description: 'Dispute opened for the buyer after the seller did not answer the withdrawal request in time',
        data: expect.objectContaining({ reason: 'withdrawal_lapsed', after_withdrawal: true, lapsed: true }),
      }),
    ]);
    // Nobody answered: the request is declined with no response time.
    expect(await t.ctx.db.withdrawalRequest.findFirstOrThrow({ where: { transactionId: created.id } })).toMatchObject({
      status: 'declined',
      respondedAt: null,
    });
    // Both parties are texted: the buyer that the seller did not answer, the seller by when to answer the dispute.
    const sms = (template: string, phone: string) =>
      t.ctx.db.smsMessage.findFirstOrThrow({ where: { transactionId: created.id, phoneNumber: phone, template } });
    expect((await sms('withdrawal_declined', buyer.phone)).message).toBe(
      `The seller did not answer your withdrawal from ${created.reference_number} in time. Our mediators will review it as a dispute.`,
    );
    const disputeBy = formatSmsDate(smsDateTime(new Date(data.dispute.respond_by)), 'en');
    expect((await sms('withdrawal_declined_seller', seller.phone)).message).toBe(
      `You did not answer the withdrawal from ${created.reference_number} in time: our mediators will review it as a dispute. Answer on the web or *384*40# by ${disputeBy}.`,
    );
    // The money stays in escrow for the mediators.
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(400_000n);

    // A second sweep, and a seller answering late, change nothing.
    const after = await written(created.id);
    await runSweep();
    expect(await lapseOverdueWithdrawals(t.ctx)).toEqual({ lapsed: 0 });
    const late = await action(t, seller, created.id, 'withdrawal_response', { accept: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('There is no withdrawal request waiting for an answer');
    expect(await written(created.id)).toEqual(after);
    expect(after.disputes).toBe(1);
    await expectLedgerHealthy(t);
  });

  it("refuses the seller an answer after the respond-by, before the sweep has run: the request is the mediators' then", async () => {
    const created = await planAskedOutOf();
    clockOffsetMs += 73 * HOUR;
    for (const accept of [true, false]) {
      const late = await action(t, seller, created.id, 'withdrawal_response', { accept });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().message).toBe('The time to answer this withdrawal request has passed: our mediators will review it');
    }
    // Nothing was refunded or opened by the late answers; the sweep hands it to the mediators.
    expect(await written(created.id)).toMatchObject({ disputes: 0 });
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('installment');
    await runSweep();
    const opened = (await detail(t, buyer, created.id)).dispute;
    expect(opened).toMatchObject({ reason: 'withdrawal_lapsed', opened_by: 'buyer' });
    // The mediators' list names it the same; a refund ruling ends the plan as withdrawn, as after a decline.
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/disputes?status=open&per_page=100', headers: bearer(admin) });
    expect(listed.statusCode, listed.body).toBe(200);
    const row = (listed.json().data.disputes as { id: string; reason: string }[]).find((item) => item.id === opened.id);
    expect(row?.reason).toBe('withdrawal_lapsed');
    const ruled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${opened.id}/resolve`,
      headers: bearer(admin),
      payload: { outcome: 'refund_buyer', note: 'The seller never answered; the buyer leaves the plan' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(await t.ctx.db.installmentPlan.findFirstOrThrow({ where: { transactionId: created.id } })).toMatchObject({
      status: 'withdrawn',
    });
  });

  it('refuses the buyer a second request while the first waits, saying the mediators have it once its respond-by has passed', async () => {
    const created = await planAskedOutOf();
    const again = await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Asking again' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'INVALID_STATE', message: 'A withdrawal request is already waiting for the seller' });
    // Past the respond-by, before the sweep has run: the seller can no longer answer it, so "waiting for the seller" is false.
    clockOffsetMs += 73 * HOUR;
    const late = await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Asking again' });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'INVALID_STATE',
      message: 'The seller did not answer your withdrawal request in time: our mediators will review it',
    });
    expect(await t.ctx.db.withdrawalRequest.count({ where: { transactionId: created.id } })).toBe(1);
  });

  it.each(['en', 'sw'] as const)(
    'offers the seller no answer once the respond-by has passed, on the read, the web page and USSD (%s), until the sweep hands it over',
    async (lang) => {
      const m = M[lang];
      // A seller of their own, so that the USSD list holds only this plan.
      const own = await makeUser(t.app, { userType: 'seller' });
      await giveUssdPin(t, own.id, lang);
      const created = await createTransaction(t, buyer, {
        seller_phone: own.phone,
        amount: 4_000,
        total_cost: 12_000,
        product_name: 'Cooker',
        transaction_type: 'lipa_mdogo_mdogo',
        installment_months: 3,
      });
      expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
      expect((await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Moving to Kisumu' })).statusCode).toBe(200);

      const waiting = await detail(t, own, created.id);
      expect(waiting.transaction.allowed_actions).toEqual(expect.arrayContaining(['accept_withdrawal', 'decline_withdrawal']));
      expect(waiting.withdrawal_request.past_respond_by).toBe(false);

      // Half a minute before the respond-by the seller opens the list, or the request itself, on USSD; it
      // passes while they read: the next screen says so instead of asking for an answer or a PIN.
      const respondBy = Date.parse(waiting.withdrawal_request.respond_by);
      clockOffsetMs += respondBy - 30_000 - t.ctx.now().getTime();
      const onList = phoneSession(t, own.phone);
      await onList.dial();
      expect((await onList.walk('6', '3')).text).toContain(created.reference_number.slice(-4));
      const onRequest = phoneSession(t, own.phone);
      await onRequest.dial();
      expect((await onRequest.walk('6', '3', '1')).text).toContain(m.withdrawalOptions[0]);
      clockOffsetMs += 60_000;
      expect(await onList.send('1')).toEqual({ kind: 'END', text: m.withdrawalsPastAnswer(created.reference_number) });
      expect(await onRequest.send('1')).toEqual({ kind: 'END', text: m.withdrawalsPastAnswer(created.reference_number) });

      // Past it, before the sweep: still waiting, but the answer is no longer the seller's, and no channel offers it.
      for (const party of [own, buyer]) {
        const late = await detail(t, party, created.id);
        expect(late.transaction.status).toBe('installment');
        expect(late.withdrawal_request).toMatchObject({ respond_by: waiting.withdrawal_request.respond_by, past_respond_by: true });
        expect(late.transaction.allowed_actions).not.toContain('accept_withdrawal');
        expect(late.transaction.allowed_actions).not.toContain('decline_withdrawal');
      }
      const menu = await dialAndWalk(t, own.phone, '6', '3');
      expect(menu.text).toContain(m.withdrawalsPastAnswer(created.reference_number));
      expect(menu.text).not.toContain(m.nothingTo.accept_withdrawal);
      // What it offered before is what the server refuses now.
      expect((await action(t, own, created.id, 'withdrawal_response', { accept: true })).statusCode).toBe(409);

      await runSweep();
      expect((await detail(t, own, created.id)).transaction.status).toBe('disputed');
    },
  );

  it('leaves alone a request the seller answered in time, or one on a plan a dispute froze', async () => {
    const accepted = await planAskedOutOf();
    const declined = await planAskedOutOf();
    const frozen = await planAskedOutOf();
    expect((await action(t, seller, accepted.id, 'withdrawal_response', { accept: true })).statusCode).toBe(200);
    expect((await action(t, seller, declined.id, 'withdrawal_response', { accept: false })).statusCode).toBe(200);
    const opened = await action(t, seller, frozen.id, 'dispute', { reason: 'The buyer damaged the display unit' });
    expect(opened.statusCode, opened.body).toBe(200);
    const before = await Promise.all([accepted, declined, frozen].map((created) => written(created.id)));

    clockOffsetMs += 80 * HOUR;
    await runSweep();
    expect(await Promise.all([accepted, declined, frozen].map((created) => written(created.id)))).toEqual(before);
    expect((await detail(t, buyer, accepted.id)).transaction.status).toBe('refunded');
    expect(before.map((seen) => seen.events.includes('withdrawal_lapsed'))).toEqual([false, false, false]);
    expect(before.map((seen) => seen.disputes)).toEqual([0, 1, 1]);
    // The seller's own decline keeps its reason.
    expect((await detail(t, buyer, declined.id)).dispute).toMatchObject({ reason: 'withdrawal_declined' });
  });

  it.each([
    ['accepts', true],
    ['declines', false],
  ] as const)('gives one outcome when the seller %s at the moment the sweep runs', async (_name, accept) => {
    const plans = [await planAskedOutOf(), await planAskedOutOf(), await planAskedOutOf()];
    clockOffsetMs += 73 * HOUR;
    // The sweep starts first and walks the three in turn; the answers come a moment apart, so that some
    // find their request still waiting and some find it lapsed (either order must give one outcome).
    const answerAfter = (created: { id: string }, ms: number) =>
      new Promise((resolve) => setTimeout(resolve, ms)).then(() => action(t, seller, created.id, 'withdrawal_response', { accept }));
    const [, answers] = await Promise.all([
      lapseOverdueWithdrawals(t.ctx),
      Promise.all(plans.map((created, index) => answerAfter(created, index * 15))),
    ]);
    for (const [index, created] of plans.entries()) {
      const answer = answers[index]!;
      const seen = await written(created.id);
      const outcomes = seen.events.filter((event) => ['withdrawal_confirmed', 'withdrawal_declined', 'withdrawal_lapsed'].includes(event));
      expect(outcomes, answer.body).toHaveLength(1);
      const status = (await detail(t, buyer, created.id)).transaction.status;
      if (answer.statusCode === 200) {
        // The seller was first: their answer stands.
        expect(outcomes).toEqual([accept ? 'withdrawal_confirmed' : 'withdrawal_declined']);
        expect([status, seen.disputes]).toEqual(accept ? ['refunded', 0] : ['disputed', 1]);
      } else {
        // The sweep was first, or the answer came past the respond-by: the seller is told so.
        expect(answer.statusCode).toBe(409);
        expect(outcomes).toEqual(['withdrawal_lapsed']);
        expect([status, seen.disputes]).toEqual(['disputed', 1]);
      }
      expect(await t.ctx.db.withdrawalRequest.count({ where: { transactionId: created.id, status: 'pending' } })).toBe(0);
    }
    await expectLedgerHealthy(t);
  });
});

describe('a withdrawal request left waiting when its plan moves on', () => {
  /** The timeline lines about the request and what moved its plan on, in order. */
  function withdrawalLines(timeline: { event_type: string }[]) {
    return timeline.filter((event) => /^(withdrawal|dispute_(initiated|resolved)|transaction_cancelled)/.test(event.event_type));
  }

  /**
   * The latest event each list names for the transaction: the buyer's list, the admin list, its CSV export
   * and the admin dashboard's newest transactions.
   */
  async function latestEvents(created: { id: string; reference_number: string }) {
    const get = (url: string, user: MadeUser) => t.app.inject({ method: 'GET', url, headers: bearer(user) });
    const mine = (await get('/api/transactions', buyer)).json().data.transactions.find((row: { id: string }) => row.id === created.id);
    const search = `?search=${created.reference_number}`;
    const [listed] = (await get(`/api/admin/monitoring/transactions${search}`, admin)).json().data.transactions;
    const [head = '', ...csv] = (await get(`/api/admin/monitoring/transactions/export${search}`, admin)).body.trim().split('\r\n');
    const header = head.split(',');
    const row = csv.find((line) => line.startsWith(created.reference_number))?.split(',') ?? [];
    const newest = (await get('/api/admin/monitoring/dashboard', admin)).json().data.latest_transactions;
    const dashboard = newest?.find((line: { id: string }) => line.id === created.id);
    return [mine?.latest_event?.event_type, listed?.latest_event?.event_type, row[header.indexOf('latest_event')], dashboard?.latest_event];
  }

  /** The request rows of a transaction, oldest first: their status. */
  async function requests(transactionId: string) {
    const rows = await t.ctx.db.withdrawalRequest.findMany({ where: { transactionId }, orderBy: { createdAt: 'asc' } });
    return rows.map((row) => row.status);
  }

  it('ends when a dispute is opened: not shown, not revived by a ruling that lets the plan go on, and the buyer may ask again', async () => {
    const created = await planAskedOutOf('The fridge is too big for my kitchen');
    const opened = await action(t, seller, created.id, 'dispute', { reason: 'The buyer damaged the display unit' });
    expect(opened.statusCode, opened.body).toBe(200);

    // Ended unanswered: neither party reads it, nor may the seller answer it.
    expect(await requests(created.id)).toEqual(['closed']);
    for (const party of [buyer, seller]) expect((await detail(t, party, created.id)).withdrawal_request).toBeNull();
    // The timeline says what became of it, just before the dispute that closed it (it only vanished before).
    const requestId = (await t.ctx.db.withdrawalRequest.findFirstOrThrow({ where: { transactionId: created.id } })).id;
    for (const party of [buyer, seller]) {
      expect(withdrawalLines((await detail(t, party, created.id)).timeline)).toEqual([
        expect.objectContaining({ event_type: 'withdrawal_initiated' }),
        {
          event_type: 'withdrawal_closed',
          type: 'withdrawal',
          description: 'The withdrawal request was closed unanswered: the dispute will decide what happens to the plan',
          timestamp: expect.any(String),
          data: { withdrawal_id: requestId, closed_by: 'dispute' },
        },
        expect.objectContaining({ event_type: 'dispute_initiated' }),
      ]);
    }
    // The lists name the dispute as the latest thing that happened, not the closing line it caused.
    expect(await latestEvents(created)).toEqual(['dispute_initiated', 'dispute_initiated', 'dispute_initiated', 'dispute_initiated']);
    expect((await action(t, seller, created.id, 'withdrawal_response', { accept: true })).statusCode).toBe(409);

    // The mediators let the plan go on, after the request's 72 hours have passed.
    clockOffsetMs += 80 * HOUR;
    const disputeId = (await detail(t, admin, created.id)).dispute.id;
    const ruled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${disputeId}/resolve`,
      headers: bearer(admin),
      payload: { outcome: 'release_seller', note: 'The display unit was fine; the plan goes on' },
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    const resumed = await detail(t, seller, created.id);
    expect(resumed.transaction.status).toBe('installment');
    expect(resumed.withdrawal_request).toBeNull();
    expect(resumed.transaction.allowed_actions).not.toContain('accept_withdrawal');

    // The sweep finds nothing to lapse: no second dispute nobody asked for.
    await runSweep();
    const after = await written(created.id);
    expect(after.disputes).toBe(1);
    expect(after.events).not.toContain('withdrawal_lapsed');
    expect((await detail(t, buyer, created.id)).transaction.status).toBe('installment');

    // The buyer may ask again, and that request is the one shown.
    expect((await detail(t, buyer, created.id)).transaction.allowed_actions).toContain('request_withdrawal');
    const again = await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Still too big' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await detail(t, seller, created.id)).withdrawal_request).toMatchObject({ reason: 'Still too big' });
    expect(await requests(created.id)).toEqual(['closed', 'pending']);
    // One closing line: the ruling and the new request close nothing.
    expect(withdrawalLines((await detail(t, buyer, created.id)).timeline).map((event) => event.event_type)).toEqual([
      'withdrawal_initiated',
      'withdrawal_closed',
      'dispute_initiated',
      'dispute_resolved',
      'withdrawal_initiated',
    ]);
    await expectLedgerHealthy(t);
  });

  it('ends when the seller cancels the plan, and the refund is made as before', async () => {
    const created = await planAskedOutOf();
    const cancelled = await action(t, seller, created.id, 'cancel', { reason: 'Out of stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.transaction).toMatchObject({ status: 'refunded', refunded_amount: expect.any(String) });

    expect(await requests(created.id)).toEqual(['closed']);
    const data = await detail(t, buyer, created.id);
    expect(data.withdrawal_request).toBeNull();
    expect(data.transaction.status).toBe('refunded');
    // The buyer reads what became of their request, just before the cancel that closed it: the cancel and
    // the refund it starts are the latest things that happened, on the detail and on every list.
    const requestId = (await t.ctx.db.withdrawalRequest.findFirstOrThrow({ where: { transactionId: created.id } })).id;
    const types = data.timeline.map((event: { event_type: string }) => event.event_type);
    expect(types[types.indexOf('withdrawal_closed') + 1]).toBe('transaction_cancelled');
    expect(withdrawalLines(data.timeline)).toEqual([
      expect.objectContaining({ event_type: 'withdrawal_initiated' }),
      expect.objectContaining({
        event_type: 'withdrawal_closed',
        description: 'The withdrawal request was closed unanswered: the plan was cancelled',
        data: { withdrawal_id: requestId, closed_by: 'cancel' },
      }),
      expect.objectContaining({ event_type: 'transaction_cancelled' }),
    ]);
    expect(types.at(-1)).not.toBe('withdrawal_closed');
    expect(await latestEvents(created)).toEqual(Array(4).fill(types.at(-1)));
    // Everything the buyer paid, fee share included, goes back (a seller's cancel, not an accepted withdrawal).
    expect(data.transaction.quote.refunded).toBe(data.transaction.quote.paid_in);
    const [payout] = await settlePayouts(t, created.id);
    expect(payout).toMatchObject({ kind: 'buyer_refund', status: 'completed', recipientPhone: buyer.phone });
    expect(await escrowBalance(t.ctx.db, created.id)).toBe(0n);
    const refunds = await t.ctx.db.refund.findMany({ where: { transactionId: created.id } });
    expect(refunds.map((refund) => refund.reason)).toEqual(['seller_cancelled_plan']);

    clockOffsetMs += 80 * HOUR;
    await runSweep();
    expect((await written(created.id)).events).not.toContain('withdrawal_lapsed');
    expect(await t.ctx.db.dispute.count({ where: { transactionId: created.id } })).toBe(0);
    await expectLedgerHealthy(t);
  });
});

describe('a fully paid plan whose buyer asked to withdraw', () => {
  it('offers the seller no dispatch or release by code while the request waits, and the refusal says why, before and past the respond-by', async () => {
    // A seller of their own, so that the USSD dispatch list holds only this plan.
    const own = await makeUser(t.app, { userType: 'seller' });
    await giveUssdPin(t, own.id, 'en');
    const created = await createTransaction(t, buyer, {
      seller_phone: own.phone,
      amount: 4_000,
      total_cost: 12_000,
      product_name: 'Television',
      transaction_type: 'lipa_mdogo_mdogo',
      installment_months: 3,
    });
    do expect((await payAndSettle(t, buyer, created.id)).status).toBe('completed');
    while ((await detail(t, buyer, created.id)).transaction.status !== 'funded');
    expect((await detail(t, own, created.id)).transaction.allowed_actions).toEqual(
      expect.arrayContaining(['dispatch', 'release_with_code']),
    );
    expect((await dialAndWalk(t, own.phone, '4', '1')).text).toContain(created.reference_number.slice(-4));

    expect((await action(t, buyer, created.id, 'withdrawal_request', { reason: 'Found one cheaper in town' })).statusCode).toBe(200);
    const waiting = await detail(t, own, created.id);
    // What the server refuses is not offered: the seller answers the request first.
    expect(waiting.transaction.allowed_actions).toEqual(expect.arrayContaining(['accept_withdrawal', 'decline_withdrawal']));
    expect(waiting.transaction.allowed_actions).not.toContain('dispatch');
    expect(waiting.transaction.allowed_actions).not.toContain('release_with_code');
    expect((await dialAndWalk(t, own.phone, '4', '1')).text).toContain(M.en.heldByWithdrawal(created.reference_number));
    const dispatching = await action(t, own, created.id, 'dispatch');
    expect(dispatching.statusCode, dispatching.body).toBe(409);
    expect(dispatching.json()).toMatchObject({
      code: 'INVALID_STATE',
      message: "Answer the buyer's withdrawal request before dispatching",
    });
    const releasing = await action(t, own, created.id, 'release_with_code', { code: '123456' });
    expect(releasing.statusCode, releasing.body).toBe(409);
    expect(releasing.json().message).toBe("Answer the buyer's withdrawal request before releasing");

    // Past the respond-by, before the sweep: the seller can no longer answer, and is not told to.
    clockOffsetMs += Date.parse(waiting.withdrawal_request.respond_by) + 60_000 - t.ctx.now().getTime();
    const late = await detail(t, own, created.id);
    expect(late.withdrawal_request.past_respond_by).toBe(true);
    expect(late.transaction.allowed_actions).not.toContain('dispatch');
    expect(late.transaction.allowed_actions).not.toContain('accept_withdrawal');
    for (const [name, payload] of [
      ['dispatch', undefined],
      ['release_with_code', { code: '123456' }],
    ] as const) {
      const refused = await action(t, own, created.id, name, payload);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe("The time to answer the buyer's withdrawal request has passed: our mediators will review it");
    }
    expect(await t.ctx.db.transaction.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      status: 'funded',
      dispatchedAt: null,
      completedAt: null,
    });
    await runSweep();
    expect((await detail(t, own, created.id)).transaction.status).toBe('disputed');
  });
});
