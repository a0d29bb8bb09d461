/**
 * An Africa's Talking-compatible SMS mock served at /mock/africastalking: POST /version1/messaging,
 * form-encoded, `apiKey` header, answering with AT's SMSMessageData shape. Each message "delivered" is
 * kept in `mock_sms_deliveries`: the handset side, which tests read codes from.
 *
 * Like AT, it then posts a delivery report (form-encoded id, status, phoneNumber, networkCode,
 * failureReason, retryCount) to the delivery report URL after a short delay: `Success`, or `Failed`
 * with failureReason `DeliveryFailure` for numbers ending 9999. A report the receiver does not accept
 * (not 2xx, e.g. it has not stored the message id yet) is retried a few times.
 *
 * `GET /inbox?phone=…&limit=20` shows what one handset received, newest first and in full: the phone's
 * own view, for developers and tests (codes included; the admin outbox masks them). Served in demo
 * mode only, like the whole mock.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { phoneInput } from '@escrow/core/contract/common';
import { groupCommit } from '../../db/group-commit.ts';
import { queryRows, type Db } from '../../db/prisma.ts';
import { uuid7 } from '../../db/uuid7.ts';
import { railFetch } from '../http.ts';

export const smsInboxQuery = z.object({
  phone: phoneInput.meta({ description: 'The handset (any accepted form)' }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const smsInboxResponse = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      from: z.string().nullable(),
      message: z.string(),
      status: z.enum(['Success', 'Failed']),
      created_at: z.string(),
    }),
  ),
});

export interface SmsMockOptions {
  db: Db;
  apiKey: string;
  username: string;
  /** Where delivery reports go (`${PUBLIC_BASE_URL}/api/sms/delivery-report`); none are sent when unset. */
  deliveryReportUrl?: string;
  /** Delay before the first delivery report (default 300 ms). */
  deliveryReportDelayMs?: number;
}

/**
 * The handsets' copies, by hand on the pool and a group at a time (db/group-commit.ts): a burst's SMS pass
 * through here one by one, and in the bench this stand-in shares the machine with the product it stands
 * beside.
 */
const RECORD_DELIVERIES = `INSERT INTO mock_sms_deliveries (id, message_id, username, "from", "to", message)
  SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`;

interface HandsetCopy {
  messageId: string;
  username: string;
  from: string | null;
  to: string;
  message: string;
}

/** Handsets that never receive SMS: the mock reports their messages as failed. */
export const UNDELIVERABLE_ENDING = '9999';
const REPORT_ATTEMPTS = 4;

export async function africasTalkingMock(app: FastifyInstance, options: SmsMockOptions): Promise<void> {
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let closing = false;
  const recordDelivery = groupCommit<HandsetCopy, true>(async (copies) => {
    await queryRows(options.db, {
      name: 'mock_sms_deliveries',
      text: RECORD_DELIVERIES,
      values: [
        copies.map(() => uuid7()),
        copies.map((copy) => copy.messageId),
        copies.map((copy) => copy.username),
        copies.map((copy) => copy.from),
        copies.map((copy) => copy.to),
        copies.map((copy) => copy.message),
      ],
    });
    return copies.map(() => true as const);
  });

  function scheduleReport(report: Record<string, string>, attempt = 1) {
    if (closing || !options.deliveryReportUrl) return;
    const delay = (options.deliveryReportDelayMs ?? 300) * 2 ** (attempt - 1);
    const timer = setTimeout(() => {
      timers.delete(timer);
      const sending = sendReport(report, attempt).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }, delay);
    timer.unref?.();
    timers.add(timer);
  }

  async function sendReport(report: Record<string, string>, attempt: number): Promise<void> {
    let isAccepted = false;
    try {
      const { status } = await railFetch(options.deliveryReportUrl!, {
        form: { ...report, retryCount: String(attempt - 1) },
        timeoutMs: 10_000,
      });
      isAccepted = status >= 200 && status < 300;
    } catch (error) {
      app.log.debug({ err: error, id: report.id }, 'SMS mock: delivery report not delivered');
    }
    if (!isAccepted && attempt < REPORT_ATTEMPTS) scheduleReport(report, attempt + 1);
  }

  app.addHook('onClose', async () => {
    closing = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.allSettled([...inFlight]);
  });

  app.get(
    '/inbox',
    {
      schema: {
        tags: ['mock-africastalking'],
        summary: 'What one phone received from the SMS mock (demo mode only)',
        querystring: smsInboxQuery,
        response: { 200: smsInboxResponse },
      },
    },
    async (request) => {
      const { phone, limit } = request.query as z.output<typeof smsInboxQuery>;
      const rows = await options.db.mockSmsDelivery.findMany({
        where: { to: `+${phone}` },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      });
      return {
        messages: rows.map((row) => ({
          id: row.messageId,
          to: row.to,
          from: row.from,
          message: row.message,
          status: row.to.endsWith(UNDELIVERABLE_ENDING) ? ('Failed' as const) : ('Success' as const),
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );

  const sendSms = { schema: { tags: ['mock-africastalking'], summary: "Africa's Talking: send an SMS" } };
  app.post('/version1/messaging', sendSms, async (request, reply) => {
    if (request.headers.apikey !== options.apiKey) {
      return reply.status(401).send('The supplied authentication is invalid');
    }
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (body.username !== options.username) return reply.status(401).send('The supplied authentication is invalid');
    const message = body.message ?? '';
    const recipients = (body.to ?? '')
      .split(',')
      .map((to) => to.trim())
      .filter(Boolean);
    if (!message || recipients.length === 0) return reply.status(400).send('Missing parameters: to, message');
    const results = [];
    for (const to of recipients) {
      const isValid = /^\+254[17]\d{8}$/.test(to);
      const messageId = `ATXid_${randomBytes(12).toString('hex')}`;
      if (isValid) {
        await recordDelivery({ messageId, username: body.username, from: body.from ?? null, to, message });
        const isUndeliverable = to.endsWith(UNDELIVERABLE_ENDING);
        scheduleReport({
          id: messageId,
          status: isUndeliverable ? 'Failed' : 'Success',
          phoneNumber: to,
          networkCode: '63902',
          ...(isUndeliverable ? { failureReason: 'DeliveryFailure' } : {}),
        });
      }
      results.push(
        isValid
          ? { statusCode: 101, number: to, status: 'Success', cost: 'KES 0.8000', messageId }
          : { statusCode: 403, number: to, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' },
      );
    }
    const sent = results.filter((result) => result.statusCode === 101).length;
    return reply.status(201).send({
      SMSMessageData: { Message: `Sent to ${sent}/${results.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`, Recipients: results },
    });
  });
}
