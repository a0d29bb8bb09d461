/** `POST /api/admin/payments/{id}/close_not_received`: an admin closes a payment the rail never confirmed. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminClosedPaymentResponse, closePaymentBody } from '@escrow/core/contract/admin';
import { errorEnvelope, idParam } from '@escrow/core/contract/common';
import { caller } from '../../plugins/auth.ts';
import { closeUnconfirmedPayment } from './use-cases/close-unconfirmed-payment.ts';

const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/payments/:id/close_not_received',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        params: idParam,
        body: closePaymentBody,
        summary:
          'Close a payment the rail never confirmed as not received, once its statement shows none: the payment fails and the payer may pay again; a success the rail reports later is still credited (audited; 409 unless pending after every enquiry)',
        response: {
          200: adminClosedPaymentResponse,
          400: errorEnvelope,
          401: errorEnvelope,
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (request) => {
      const payment = await closeUnconfirmedPayment(app.ctx, {
        paymentId: request.params.id,
        adminId: caller(request).userId,
        ip: request.ip,
        ...(request.body?.note ? { note: request.body.note } : {}),
      });
      return { success: true as const, message: 'Payment closed as not received', data: { payment } };
    },
  );
};

export default paymentAdminRoutes;
