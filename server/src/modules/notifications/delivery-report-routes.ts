/** `POST /api/sms/delivery-report`: Africa's Talking's delivery reports (form-encoded), applied to the outbox. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '../../contract/common.ts';
import { smsDeliveryReportBody, smsDeliveryReportResponse } from '../../contract/ussd.ts';
import { recordDeliveryReport } from './use-cases/record-delivery-report.ts';

const deliveryReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/delivery-report',
    {
      schema: {
        tags: ['sms'],
        summary: "Africa's Talking SMS delivery report callback",
        description:
          'Marks the message delivered (Success) or failed (Failed, Rejected, …) by the gateway message id. Idempotent: a final status is never overwritten. Unknown ids answer 404 so the gateway retries.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
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
