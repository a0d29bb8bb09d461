/**
 * `POST /api/sms/delivery-report/{AT_CALLBACK_SECRET}`: Africa's Talking's delivery reports (form-encoded),
 * applied to the outbox. The secret segment (and GATEWAY_ALLOWED_IPS) keep strangers from marking messages.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gatewayGuard } from '../../plugins/gateway-guard.ts';
import { errorEnvelope } from '@escrow/core/contract/common';
import { smsDeliveryReportBody, smsDeliveryReportResponse } from '@escrow/core/contract/ussd';
import { recordDeliveryReport } from './use-cases/record-delivery-report.ts';

const deliveryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  app.addHook('onRequest', gatewayGuard({ secret: config.AT_CALLBACK_SECRET, allowedIps: config.GATEWAY_ALLOWED_IPS }));
  app.post(
    '/delivery-report/:secret',
    {
      schema: {
        tags: ['sms'],
        summary: "Africa's Talking SMS delivery report callback",
        description:
          'Marks the message delivered (Success) or failed (Failed, Rejected, …) by the gateway message id. Idempotent: a final status is never overwritten. Unknown ids answer 404 so the gateway retries. The path carries the shared secret `AT_CALLBACK_SECRET`; a wrong one, or a caller outside `GATEWAY_ALLOWED_IPS`, is 404 with no change.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        params: z.object({ secret: z.string().max(200).meta({ description: 'AT_CALLBACK_SECRET' }) }),
        body: smsDeliveryReportBody,
        response: { 200: smsDeliveryReportResponse, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id, status, failureReason } = request.body;
      const sms = await recordDeliveryReport(app.ctx, { messageId: id, status, ...(failureReason ? { failureReason } : {}) });
      return { success: true as const, message: 'Delivery report recorded', data: sms };
    },
  );
};

export default deliveryReportRoutes;
