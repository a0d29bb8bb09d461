/** `GET /api/admin/sms`: the notification outbox, newest first (admins only), one-time codes masked. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@escrow/core/contract/common';
import { smsOutboxQuery, smsOutboxResponse, type SmsMessageWire } from '@escrow/core/contract/notifications';
import type { SmsMessage } from '../../generated/prisma/client.ts';
import { messageForStaff } from './templates.ts';

function toSmsWire(sms: SmsMessage): SmsMessageWire {
  return {
    id: sms.id,
    phone_number: sms.phoneNumber,
    template: sms.template,
    message: messageForStaff(sms.template, sms.message),
    status: sms.status,
    attempts: sms.attempts,
    failure_reason: sms.failureReason,
    transaction_id: sms.transactionId,
    created_at: sms.createdAt.toISOString(),
    sent_at: sms.sentAt?.toISOString() ?? null,
    delivered_at: sms.deliveredAt?.toISOString() ?? null,
  };
}

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sms',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The SMS outbox: every message the platform sent, newest first',
        querystring: smsOutboxQuery,
        response: { 200: smsOutboxResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => {
      const { phone, limit } = request.query;
      const messages = await app.ctx.db.smsMessage.findMany({
        where: phone ? { phoneNumber: phone } : {},
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      });
      return { success: true as const, message: 'SMS outbox', data: { messages: messages.map(toSmsWire) } };
    },
  );
};

export default notificationRoutes;
