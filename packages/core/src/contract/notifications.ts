/** Wire shapes of the notification outbox (`GET /api/admin/sms`, docs/contract.md "Admin"). */
import { z } from 'zod';
import { envelope, isoDate, phoneInput } from './common.ts';

export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;

export const smsOutboxQuery = z.object({
  phone: phoneInput.optional().meta({ description: 'Only messages to this phone (any accepted form)' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const smsMessageWire = z.object({
  id: z.string(),
  phone_number: z.string(),
  template: z.string(),
  message: z.string(),
  status: z.enum(SMS_STATUSES),
  attempts: z.number().int(),
  failure_reason: z.string().nullable(),
  transaction_id: z.string().nullable(),
  created_at: isoDate,
  sent_at: isoDate.nullable(),
  delivered_at: isoDate.nullable(),
});
export type SmsMessageWire = z.infer<typeof smsMessageWire>;

export const smsOutboxResponse = envelope(z.object({ messages: z.array(smsMessageWire) }));
