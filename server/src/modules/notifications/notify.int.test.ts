/**
 * Sending a queued SMS: a message that is no longer queued (sent by an attempt whose completion was lost)
 * is not sent again. (How it is found while a backlog waits: test/backlog-plans.int.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { deliverSms } from './notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

describe('sending a queued SMS', () => {
  it('does not send a message that is no longer queued', async () => {
    const phone = randomPhone();
    const [sms] = await t.ctx.db.$queryRawUnsafe<{ id: string }[]>(
      `INSERT INTO sms_messages (id, phone_number, template, message, status, provider_message_id, attempts)
       VALUES (gen_random_uuid(), $1, 'ussd_welcome', 'sent once already', 'sent', 'ATXid_sent_once', 1) RETURNING id::text`,
      phone,
    );
    await deliverSms(t.ctx, { smsId: sms!.id });
    const after = await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: sms!.id } });
    expect(after).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'ATXid_sent_once' });
    const handset = await t.ctx.db.mockSmsDelivery.count({ where: { message: 'sent once already' } });
    expect(handset).toBe(0);
  });
});
