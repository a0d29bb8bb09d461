/**
 * What a phone received, read as the phone reads it: queued SMS are sent, then the Africa's Talking
 * mock's inbox is asked over HTTP (the admin outbox masks one-time codes).
 */
import { expect } from 'vitest';
import { SMS_QUEUE } from '../src/modules/notifications/notify.ts';
import { renderSms } from '../src/modules/notifications/templates.ts';
import type { TestApp } from './helpers.ts';

export interface InboxMessage {
  id: string;
  to: string;
  from: string | null;
  message: string;
  status: string;
  created_at: string;
}

export async function inboxOf(t: TestApp, phone: string, limit = 50): Promise<InboxMessage[]> {
  // Up to the app's clock too: tests that move it forward queue SMS "in the future" of the real one.
  const until = new Date(Math.max(Date.now(), t.ctx.now().getTime()));
  await t.ctx.jobs.drain({ queues: [SMS_QUEUE], until });
  const response = await t.app.inject({ method: 'GET', url: `/mock/africastalking/inbox?phone=${phone}&limit=${limit}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { messages: InboxMessage[] }).messages;
}

/** The 6-digit code of the newest SMS of `template` that reached `phone`. */
export async function latestCode(t: TestApp, phone: string, template: 'verification_code' | 'password_reset_code' = 'verification_code') {
  const openings = (['en', 'sw'] as const).map((language) => renderSms(template, language, { code: '\u0000' }).split('\u0000')[0]!);
  const inbox = await inboxOf(t, phone);
  const sms = inbox.find((candidate) => openings.some((opening) => candidate.message.startsWith(opening)));
  expect(sms, `an SMS ${template} in the inbox of ${phone}`).toBeTruthy();
  const code = /\b(\d{6})\b/.exec(sms!.message)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}
