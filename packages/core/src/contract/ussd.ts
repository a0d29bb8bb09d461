/**
 * Wire shapes of the Africa's Talking channels (docs/contract.md "USSD"): the USSD callback `POST /api/ussd`
 * and the SMS delivery report `POST /api/sms/delivery-report`, both form-encoded. Pure zod: the USSD
 * simulator page imports the service code and the screen limit from here.
 */
import { z } from 'zod';
import { envelope, phoneInput } from './common.ts';

export const USSD_SERVICE_CODE = '*384*40#';
/** The most characters a USSD screen shows (the `CON ` / `END ` prefix is not displayed). */
export const USSD_SCREEN_MAX = 182;

export const ussdRequestBody = z
  .object({
    sessionId: z.string().trim().min(1, 'sessionId is required').max(100),
    serviceCode: z
      .string()
      .trim()
      .max(30)
      .refine((code) => code === USSD_SERVICE_CODE, { message: `Unknown service code; this service answers ${USSD_SERVICE_CODE}` }),
    phoneNumber: phoneInput,
    networkCode: z.string().trim().max(10).optional(),
    /** Everything the user typed in this session, joined with `*` ("" on the first request). */
    text: z.string().max(2000).default(''),
  })
  .meta({
    description:
      "Africa's Talking USSD callback (form-encoded). `text` is the `*`-joined history of the session's inputs; `0` goes back and `00` home on every screen.",
  });
export type UssdRequestBody = z.input<typeof ussdRequestBody>;

export const ussdResponse = z.string().meta({
  description: `text/plain: \`CON <screen>\` (the session continues) or \`END <screen>\` (it ends); a screen has at most ${USSD_SCREEN_MAX} characters`,
  example: 'CON Welcome to Escrow Kenya\n1. Register\n2. Language/Lugha\n3. Help',
});

/** Africa's Talking delivery report statuses: final (Success, Failed, Rejected, …) or intermediate (Sent, Buffered, …). */
export const SMS_REPORT_STATUSES = [
  'Success',
  'Sent',
  'Submitted',
  'Buffered',
  'Rejected',
  'Failed',
  'AbsentSubscriber',
  'Expired',
] as const;

export const smsDeliveryReportBody = z
  .object({
    id: z.string().trim().min(1, 'id is required').max(100),
    status: z.enum(SMS_REPORT_STATUSES),
    phoneNumber: z.string().trim().max(20).optional(),
    networkCode: z.string().trim().max(10).optional(),
    failureReason: z.string().trim().max(300).optional(),
    retryCount: z.coerce.number().int().min(0).max(1000).optional(),
  })
  .meta({ description: "Africa's Talking SMS delivery report (form-encoded); `id` is the message id the gateway returned on sending." });

export const smsDeliveryReportResponse = envelope(z.object({ id: z.string(), status: z.enum(['queued', 'sent', 'delivered', 'failed']) }));
