/**
 * Sending queued SMS, a batch at a time: a message that is no longer queued (sent by an attempt whose
 * completion was lost) is not sent again, and one message the gateway refuses fails alone. (How the
 * messages are found while a backlog waits: test/backlog-plans.int.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomPhone } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { deliverSmsBatch } from './notify.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

async function outboxMessage(
  phone: string,
  message: string,
  extra = { status: 'queued', providerMessageId: null as string | null, attempts: 0 },
) {
  const [sms] = await t.ctx.db.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO sms_messages (id, phone_number, template, message, status, provider_message_id, attempts)
     VALUES (gen_random_uuid(), $1, 'ussd_welcome', $2, $3::"SmsStatus", $4, $5) RETURNING id::text`,
    phone,
    message,
    extra.status,
    extra.providerMessageId,
    extra.attempts,
  );
  return sms!.id;
}

const handsetCopies = (message: string) => t.ctx.db.mockSmsDelivery.count({ where: { message } });

describe('sending queued SMS', () => {
  it('does not send a message that is no longer queued', async () => {
    const id = await outboxMessage(randomPhone(), 'sent once already', {
      status: 'sent',
      providerMessageId: 'ATXid_sent_once',
      attempts: 1,
    });
    expect(await deliverSmsBatch(t.ctx, [{ smsId: id }])).toEqual([undefined]);
    const after = await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'ATXid_sent_once' });
    expect(await handsetCopies('sent once already')).toBe(0);
  });

  it('sends a batch, marks each message with its own gateway id, and fails only the message the gateway refused', async () => {
    const tag = `batch ${Date.now()}`;
    const ok = await Promise.all(Array.from({ length: 7 }, (_, i) => outboxMessage(randomPhone(), `${tag} ok ${i}`)));
    // Not a Kenyan mobile number: the gateway answers InvalidPhoneNumber for it.
    const refused = await outboxMessage('254512345678', `${tag} refused`);
    const earlier = await outboxMessage(randomPhone(), `${tag} earlier`, {
      status: 'sent',
      providerMessageId: 'ATXid_earlier',
      attempts: 1,
    });
    const batch = [...ok.slice(0, 3), refused, earlier, ...ok.slice(3)].map((smsId) => ({ smsId }));

    const failures = await deliverSmsBatch(t.ctx, batch);

    expect(failures.map((failure) => failure?.message)).toEqual([
      undefined,
      undefined,
      undefined,
      expect.stringContaining('InvalidPhoneNumber'),
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const rows = await t.ctx.db.smsMessage.findMany({ where: { id: { in: [...ok, refused, earlier] } } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    // The mock's delivery report may already have come back (on a busy machine it does): sent, or beyond.
    for (const id of ok) {
      expect(byId.get(id)).toMatchObject({ status: expect.stringMatching(/^(sent|delivered)$/), attempts: 1, sentAt: expect.any(Date) });
    }
    const gatewayIds = ok.map((id) => byId.get(id)!.providerMessageId);
    expect(new Set(gatewayIds).size).toBe(ok.length);
    // Each message's gateway id is the one its own handset copy carries.
    const copies = await t.ctx.db.mockSmsDelivery.findMany({ where: { messageId: { in: gatewayIds as string[] } } });
    for (const id of ok) {
      const row = byId.get(id)!;
      expect(copies.find((copy) => copy.messageId === row.providerMessageId)?.message).toBe(row.message);
    }
    expect(byId.get(refused)).toMatchObject({
      status: 'queued',
      attempts: 1,
      failureReason: expect.stringContaining('InvalidPhoneNumber'),
    });
    expect(byId.get(earlier)).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: 'ATXid_earlier' });
    expect(await handsetCopies(`${tag} earlier`)).toBe(0);
  });

  it("marks a refused message failed on the delivery's last attempt", async () => {
    const refused = await outboxMessage('254512345679', 'refused for good', { status: 'queued', providerMessageId: null, attempts: 5 });
    const [failure] = await deliverSmsBatch(t.ctx, [{ smsId: refused }], true);
    expect(failure).toBeInstanceOf(Error);
    expect(await t.ctx.db.smsMessage.findUniqueOrThrow({ where: { id: refused } })).toMatchObject({ status: 'failed', attempts: 6 });
  });
});
