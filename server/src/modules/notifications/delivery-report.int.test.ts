/**
 * SMS delivery reports: the Africa's Talking mock posts one (form-encoded, over real HTTP) after each
 * message it sends, `Success` or — for numbers ending 9999 — `Failed` with `DeliveryFailure`; the
 * callback updates the outbox by the gateway's message id, idempotently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone } from '../../../test/factories.ts';
import { buildTestApp, eventually, type TestApp } from '../../../test/helpers.ts';
import { queueSms, SMS_QUEUE } from './notify.ts';
import { createPrisma, poolOf } from '../../db/prisma.ts';
import { applyReportGroup, type Outcome } from './use-cases/record-delivery-report.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: `/api/sms/delivery-report/${t.config.AT_CALLBACK_SECRET}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

async function sendOne(phone: string) {
  await queueSms(t.ctx, t.ctx.db, { phone, template: 'ussd_welcome', params: { name: 'Zawadi' } });
  await t.ctx.jobs.drain({ queues: [SMS_QUEUE] });
  return t.ctx.db.smsMessage.findFirstOrThrow({ where: { phoneNumber: phone } });
}

describe('SMS delivery reports', () => {
  it('marks a message delivered when the gateway reports Success', async () => {
    const phone = randomPhone();
    const sent = await sendOne(phone);
    expect(sent.status).toMatch(/sent|delivered/);
    expect(sent.providerMessageId).toMatch(/^ATXid_/);
    const delivered = await eventually(async () => {
      const sms = await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: sent.id } });
      return sms.status === 'delivered' ? sms : null;
    });
    expect(delivered.deliveredAt).toBeInstanceOf(Date);
    expect(delivered.failureReason).toBeNull();
  });

  it('marks a message to a number ending 9999 failed with the reason', async () => {
    const phone = randomPhone('9999');
    const sent = await sendOne(phone);
    const failed = await eventually(async () => {
      const sms = await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: sent.id } });
      return sms.status === 'failed' ? sms : null;
    });
    expect(failed.failureReason).toBe('Delivery report: Failed (DeliveryFailure)');
    expect(failed.deliveredAt).toBeNull();
  });

  it('is idempotent: repeated and late reports do not change a final status', async () => {
    const sms = await t.ctx.db.smsMessage.create({
      data: { phoneNumber: randomPhone(), template: 'ussd_welcome', message: 'Hello', status: 'queued', providerMessageId: 'ATXid_test_1' },
    });
    const sentReport = await t.app.inject(
      form({ id: 'ATXid_test_1', status: 'Buffered', phoneNumber: `+${sms.phoneNumber}`, networkCode: '63902', retryCount: '0' }),
    );
    expect(sentReport.statusCode).toBe(200);
    expect(sentReport.json()).toEqual({ success: true, message: 'Delivery report recorded', data: { id: sms.id, status: 'sent' } });

    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject(
        form({ id: 'ATXid_test_1', status: 'Success', phoneNumber: `+${sms.phoneNumber}`, networkCode: '63902' }),
      );
      expect(response.json().data).toEqual({ id: sms.id, status: 'delivered' });
    }
    const deliveredAt = (await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: sms.id } })).deliveredAt;
    const late = await t.app.inject(form({ id: 'ATXid_test_1', status: 'Failed', failureReason: 'UserInBlacklist' }));
    expect(late.json().data).toEqual({ id: sms.id, status: 'delivered' });
    const stale = await t.app.inject(form({ id: 'ATXid_test_1', status: 'Sent' }));
    expect(stale.json().data).toEqual({ id: sms.id, status: 'delivered' });
    expect((await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: sms.id } })).deliveredAt).toEqual(deliveredAt);
  });

  it('records Rejected as failed', async () => {
    const sms = await t.ctx.db.smsMessage.create({
      data: { phoneNumber: randomPhone(), template: 'ussd_welcome', message: 'Hello', status: 'sent', providerMessageId: 'ATXid_test_2' },
    });
    const response = await t.app.inject(form({ id: 'ATXid_test_2', status: 'Rejected', failureReason: 'InsufficientCredit' }));
    expect(response.json().data).toEqual({ id: sms.id, status: 'failed' });
    expect((await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: sms.id } })).failureReason).toBe(
      'Delivery report: Rejected (InsufficientCredit)',
    );
  });

  it('applies reports that arrive together, each answered about its own message, a final outcome never lost to an intermediate one', async () => {
    const messages = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.ctx.db.smsMessage.create({
          data: {
            phoneNumber: randomPhone(),
            template: 'ussd_welcome',
            message: `together ${i}`,
            // Every third still queued, so an intermediate report about it could apply too.
            status: i % 3 === 0 ? 'queued' : 'sent',
            providerMessageId: `ATXid_together_${i}`,
          },
        }),
      ),
    );
    // Over real HTTP and all at once, as a gateway's burst arrives: for every third message an
    // intermediate report races its final one, and one report names a message nobody sent.
    const reports = messages.flatMap((sms, i) => [
      ...(i % 3 === 0 ? [{ id: sms.providerMessageId!, status: 'Buffered' }] : []),
      {
        id: sms.providerMessageId!,
        status: i % 5 === 0 ? 'Failed' : 'Success',
        ...(i % 5 === 0 ? { failureReason: 'AbsentSubscriber' } : {}),
      },
    ]);
    reports.push({ id: 'ATXid_together_nobody', status: 'Success' });
    const answers = await Promise.all(
      reports.map(async (report) => {
        const response = await fetch(`${t.baseUrl}/api/sms/delivery-report/${t.config.AT_CALLBACK_SECRET}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(report).toString(),
        });
        return { report, status: response.status, body: (await response.json()) as { data?: { id: string; status: string } } };
      }),
    );

    for (const { report, status, body } of answers) {
      if (report.id === 'ATXid_together_nobody') {
        expect(status).toBe(404);
        continue;
      }
      const sms = messages.find((message) => message.providerMessageId === report.id)!;
      expect(status, report.id).toBe(200);
      expect(body.data!.id).toBe(sms.id);
    }
    const after = await t.ctx.db.smsMessage.findMany({ where: { id: { in: messages.map((sms) => sms.id) } } });
    for (const [i, sms] of messages.entries()) {
      const row = after.find((message) => message.id === sms.id)!;
      if (i % 5 === 0)
        expect(row, `message ${i}`).toMatchObject({ status: 'failed', failureReason: 'Delivery report: Failed (AbsentSubscriber)' });
      else expect(row, `message ${i}`).toMatchObject({ status: 'delivered', deliveredAt: expect.any(Date), failureReason: null });
    }
  });

  it('answers 404 for an unknown message id (so the gateway retries) and 400 for malformed reports', async () => {
    const unknown = await t.app.inject(form({ id: 'ATXid_nobody', status: 'Success' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const malformed: Record<string, string>[] = [
      { status: 'Success' },
      { id: 'ATXid_x', status: 'Delivered' },
      { id: 'x'.repeat(200), status: 'Success' },
      { id: 'a', status: 'Success', retryCount: 'many' },
    ];
    for (const fields of malformed) {
      const response = await t.app.inject(form(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('applies groups of the same messages from two nodes in opposite orders, a deadlock between them run again', async () => {
    // Two nodes: two pools, each applying its own group (db/group-commit.ts runs one group at a time per node only).
    const nodes = [0, 1].map(() => createPrisma(t.config.DATABASE_URL, { poolSize: 1 }));
    try {
      for (let round = 0; round < 3; round++) {
        const ids = Array.from({ length: 300 }, (_, index) => `ATXid_order_${round}_${index}`);
        await t.ctx.db.smsMessage.createMany({
          data: ids.map((id) => ({
            phoneNumber: randomPhone(),
            template: 'ussd_welcome',
            message: 'Hello',
            status: 'queued',
            providerMessageId: id,
          })),
        });
        const group = (order: string[], outcome: Outcome['outcome']) =>
          order.map((messageId) => ({ messageId, outcome, failureReason: null }));
        const answers = await Promise.allSettled([
          applyReportGroup(nodes[0]!, group(ids, 'sent'), new Date()),
          applyReportGroup(nodes[1]!, group([...ids].reverse(), 'delivered'), new Date()),
        ]);
        expect(
          answers.filter((answer) => answer.status === 'rejected').map((answer) => String((answer as PromiseRejectedResult).reason)),
        ).toEqual([]);
        // Whichever came second, a final outcome stands.
        expect(await t.ctx.db.smsMessage.count({ where: { providerMessageId: { in: ids }, status: 'delivered' } })).toBe(ids.length);
      }
    } finally {
      // Prisma leaves a pool it was handed open.
      await Promise.all(nodes.map(async (node) => (await node.$disconnect(), await poolOf(node)?.end())));
    }
  });
});
