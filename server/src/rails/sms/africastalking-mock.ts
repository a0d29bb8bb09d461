/**
 * An Africa's Talking-compatible SMS mock served at /mock/africastalking: POST /version1/messaging,
 * form-encoded, `apiKey` header, answering with AT's SMSMessageData shape. Each message "delivered" is
 * kept in `mock_sms_deliveries`: the handset side, which tests read codes from.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/prisma.ts';

export interface SmsMockOptions {
  db: Db;
  apiKey: string;
  username: string;
}

export async function africasTalkingMock(app: FastifyInstance, options: SmsMockOptions): Promise<void> {
  app.post('/version1/messaging', async (request, reply) => {
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
        await options.db.mockSmsDelivery.create({
          data: { messageId, username: body.username, from: body.from ?? null, to, message },
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
