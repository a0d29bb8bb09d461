/**
 * The notification module: `queueSms(tx, …)` writes the message to the outbox (`sms_messages`) and
 * enqueues its delivery in the caller's database transaction, so an SMS goes out if and only if the
 * change it reports commits. The `sms.send` job delivers it through the Africa's Talking client.
 */
import type { AppContext } from '../../context.ts';
import type { Db, Tx } from '../../db/prisma.ts';
import { jobSpec, type JobSpec } from '../../jobs/queue.ts';
import { renderSms, type Language, type SmsTemplate } from './templates.ts';

export const SMS_QUEUE = 'sms.send';
/** Attempts of one delivery before the message is `failed` (the queue's backoff spaces them). */
const SMS_MAX_ATTEMPTS = 6;

/** The delivery job of one outbox message. */
export function smsJob(smsId: string): JobSpec {
  return jobSpec(SMS_QUEUE, { smsId }, { maxAttempts: SMS_MAX_ATTEMPTS });
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

/** The `sms.send` job: deliver one outbox message; the queue retries on failure. */
export async function deliverSms(ctx: AppContext, { smsId }: { smsId: string }, isLastAttempt = false): Promise<void> {
  const sms = await ctx.db.smsMessage.findUnique({ where: { id: smsId } });
  if (!sms || sms.status !== 'queued') return;
  try {
    const result = await ctx.sms.send(sms.phoneNumber, sms.message);
    await ctx.db.smsMessage.update({
      where: { id: smsId },
      data: { status: 'sent', providerMessageId: result.messageId, sentAt: ctx.now(), attempts: { increment: 1 } },
    });
  } catch (error) {
    await ctx.db.smsMessage.update({
      where: { id: smsId },
      data: {
        attempts: { increment: 1 },
        failureReason: String((error as Error).message).slice(0, 300),
        ...(isLastAttempt ? { status: 'failed' as const } : {}),
      },
    });
    throw error;
  }
}
