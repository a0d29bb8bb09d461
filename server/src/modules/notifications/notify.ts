/**
 * The notification module: `queueSms(tx, …)` writes the message to the outbox (`sms_messages`) and
 * enqueues its delivery in the caller's database transaction, so an SMS goes out if and only if the
 * change it reports commits. The `sms.send` job delivers it through the Africa's Talking client.
 */
import type { AppContext } from '../../context.ts';
import { queryRows, type Db, type Tx } from '../../db/prisma.ts';
import { jobSpec, type JobSpec } from '../../jobs/queue.ts';
import { renderSms, type Language, type SmsTemplate } from './templates.ts';

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
  params: Record<string, string>;
  /** The recipient's language; looked up from their account when omitted (English by default). */
  language?: Language;
  transactionId?: string;
}

export async function queueSms(ctx: AppContext, tx: Tx | Db, request: SmsRequest): Promise<void> {
  const language = request.language ?? (await languageOf(tx, request.phone));
  const message = renderSms(request.template, language, request.params);
  const row = await tx.smsMessage.create({
    data: { phoneNumber: request.phone, template: request.template, message, transactionId: request.transactionId ?? null },
    select: { id: true },
  });
  const job = smsJob(row.id);
  await ctx.jobs.enqueue(tx, job.identifier, job.payload, { maxAttempts: job.max_attempts });
}

async function languageOf(tx: Tx | Db, phone: string): Promise<Language> {
  const user = await tx.user.findUnique({ where: { phoneNumber: phone }, select: { language: true } });
  return user?.language ?? 'en';
}

/**
 * The delivery's statements, by hand on the pool (the SMS of a burst of creations are the bulk of the
 * work behind it: docs/adr/0012-hot-paths.md). The outcome is counted in the same statement as the status.
 * The message is read by its id alone, its status beside the text: with `AND status = 'queued'` in the
 * WHERE clause the planner took the status index whenever its statistics had seen few queued messages,
 * and each delivery walked the whole queued backlog (0.2–0.6 ms with 3,000 queued, more the longer the
 * queue).
 */
export const SMS_TO_SEND = `SELECT phone_number, message, status = 'queued' AS is_queued FROM sms_messages WHERE id = $1::uuid`;
const MARK_SENT = `UPDATE sms_messages SET status = 'sent', provider_message_id = $2, sent_at = $3::timestamptz, attempts = attempts + 1
  WHERE id = $1::uuid`;
const MARK_ATTEMPT_FAILED = `UPDATE sms_messages SET attempts = attempts + 1, failure_reason = $2,
  status = CASE WHEN $3::boolean THEN 'failed'::"SmsStatus" ELSE status END
  WHERE id = $1::uuid`;

/** The `sms.send` job: deliver one outbox message; the queue retries on failure. */
export async function deliverSms(ctx: AppContext, { smsId }: { smsId: string }, isLastAttempt = false): Promise<void> {
  const [sms] = await queryRows<{ phone_number: string; message: string; is_queued: boolean }>(ctx.db, {
    name: 'sms_to_send',
    text: SMS_TO_SEND,
    values: [smsId],
  });
  // Sent already (an attempt whose completion was lost), or not ours to send.
  if (!sms?.is_queued) return;
  try {
    const result = await ctx.sms.send(sms.phone_number, sms.message);
    await queryRows(ctx.db, { name: 'sms_mark_sent', text: MARK_SENT, values: [smsId, result.messageId, ctx.now()] });
  } catch (error) {
    const reason = String((error as Error).message).slice(0, 300);
    await queryRows(ctx.db, { name: 'sms_mark_attempt_failed', text: MARK_ATTEMPT_FAILED, values: [smsId, reason, isLastAttempt] });
    throw error;
  }
}
