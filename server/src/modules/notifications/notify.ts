/**
 * The notification module: `queueSms(tx, …)` writes the message to the outbox (`sms_messages`) and
 * enqueues its delivery in the caller's database transaction, so an SMS goes out if and only if the
 * change it reports commits. The `sms.send` job delivers it through the Africa's Talking client.
 */
import type { AppContext } from '../../context.ts';
import { queryRows, type Db, type Tx } from '../../db/prisma.ts';
import { jobSpec, type JobSpec } from '../../jobs/queue.ts';
import { renderSms, type Language, type SmsParams, type SmsTemplate } from './templates.ts';

export const SMS_QUEUE = 'sms.send';
/** Attempts of one delivery before the message is `failed` (the queue's backoff spaces them). */
const SMS_MAX_ATTEMPTS = 6;

/**
 * The delivery job of one outbox message, for a hand-written statement's job outbox: batched, so the
 * messages of a burst share the queue's fetches and completions (jobs/queue.ts), one after another.
 */
export function smsJob(smsId: string): JobSpec {
  return jobSpec(SMS_QUEUE, { smsId }, { maxAttempts: SMS_MAX_ATTEMPTS, batch: true });
}

export interface SmsRequest {
  phone: string;
  template: SmsTemplate;
  params: SmsParams;
  /** The recipient's language; looked up from their account when omitted (English by default). */
  language?: Language;
  /** The language for a phone with no account, when looked up (English when omitted). */
  fallbackLanguage?: Language;
  transactionId?: string;
}

export async function queueSms(ctx: AppContext, tx: Tx | Db, request: SmsRequest): Promise<void> {
  const language = request.language ?? (await languageOf(tx, request.phone, request.fallbackLanguage));
  const message = renderSms(request.template, language, request.params);
  const row = await tx.smsMessage.create({
    data: { phoneNumber: request.phone, template: request.template, message, transactionId: request.transactionId ?? null },
    select: { id: true },
  });
  const job = smsJob(row.id);
  await ctx.jobs.enqueue(tx, job.identifier, job.payload, { maxAttempts: job.max_attempts });
}

async function languageOf(tx: Tx | Db, phone: string, fallback: Language = 'en'): Promise<Language> {
  const user = await tx.user.findUnique({ where: { phoneNumber: phone }, select: { language: true } });
  return user?.language ?? fallback;
}

/**
 * The delivery's statements, by hand on the pool (the SMS of a burst of creations are the bulk of the
 * work behind it: docs/adr/0012-hot-paths.md). A batch's messages are read in one statement and marked in
 * one, so a burst's SMS share their round trips and commits instead of paying two each.
 * The messages are read by their ids alone, the status beside the text: with `AND status = 'queued'` in
 * the WHERE clause the planner took the status index whenever its statistics had seen few queued
 * messages, and each delivery walked the whole queued backlog (0.2–0.6 ms with 3,000 queued, more the
 * longer the queue).
 */
export const SMS_TO_SEND = `SELECT id::text, phone_number, message, status = 'queued' AS is_queued FROM sms_messages WHERE id = ANY($1::uuid[])`;
export const MARK_SENT = `UPDATE sms_messages AS s SET status = 'sent', provider_message_id = sent.provider_message_id, sent_at = $3::timestamptz,
  attempts = s.attempts + 1
  FROM unnest($1::uuid[], $2::text[]) AS sent (id, provider_message_id) WHERE s.id = sent.id`;
export const MARK_ATTEMPT_FAILED = `UPDATE sms_messages AS s SET attempts = s.attempts + 1, failure_reason = failed.reason,
  status = CASE WHEN $3::boolean THEN 'failed'::"SmsStatus" ELSE s.status END
  FROM unnest($1::uuid[], $2::text[]) AS failed (id, reason) WHERE s.id = failed.id`;

/**
 * The `sms.send` job: deliver a batch of outbox messages (one, for a job of its own). Answers each
 * message's failure, which the queue retries alone; a message no longer queued (sent by an attempt whose
 * completion was lost, or not ours to send) is done.
 */
export async function deliverSmsBatch(
  ctx: AppContext,
  payloads: { smsId: string }[],
  isLastAttempt = false,
): Promise<(Error | undefined)[]> {
  const ids = payloads.map((payload) => payload.smsId);
  const rows = await queryRows<{ id: string; phone_number: string; message: string; is_queued: boolean }>(ctx.db, {
    name: 'sms_to_send',
    text: SMS_TO_SEND,
    values: [ids],
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sent: { id: string; messageId: string }[] = [];
  const failed = new Map<string, Error>();
  // One after another: sending a batch's messages at once took cores from the requests beside them
  // (docs/QUALITY.md "Hot paths"), and one at a time a batch still ends long before its delivery reports.
  // In the batch's order, which is the order the messages were written.
  for (const id of ids) {
    const row = byId.get(id);
    if (!row?.is_queued) continue;
    try {
      sent.push({ id: row.id, messageId: (await ctx.sms.send(row.phone_number, row.message)).messageId });
    } catch (error) {
      failed.set(row.id, error as Error);
    }
  }
  // If marking fails, the messages stay queued and their retry sends them again: at least once, never lost.
  if (sent.length > 0) {
    await queryRows(ctx.db, {
      name: 'sms_mark_sent',
      text: MARK_SENT,
      values: [sent.map((message) => message.id), sent.map((message) => message.messageId), ctx.now()],
    });
  }
  if (failed.size > 0) {
    const reasons = [...failed.values()].map((error) => String(error.message).slice(0, 300));
    await queryRows(ctx.db, {
      name: 'sms_mark_attempt_failed',
      text: MARK_ATTEMPT_FAILED,
      values: [[...failed.keys()], reasons, isLastAttempt],
    });
  }
  return ids.map((id) => failed.get(id));
}
