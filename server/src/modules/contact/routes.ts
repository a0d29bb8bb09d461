/**
 * POST /api/contact (public): the website's contact form. GET /api/admin/contact-messages and
 * PATCH /api/admin/contact-messages/{id} (admin): the support inbox.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactMessage } from '../../generated/prisma/client.ts';
import { errorEnvelope, idParam, paginationOf } from '@escrow/core/contract/common';
import {
  contactListQuery,
  contactListResponse,
  contactMessageBody,
  contactMessageResponse,
  contactStatusBody,
  contactSubmitResponse,
  type ContactMessage as ContactMessageWire,
} from '@escrow/core/contract/contact';
import { caller } from '../../plugins/auth.ts';
import { listContactMessages } from './use-cases/list-contact-messages.ts';
import { submitContactMessage } from './use-cases/submit-contact-message.ts';
import { updateContactMessageStatus } from './use-cases/update-contact-message-status.ts';

function toContactMessageWire(row: ContactMessage): ContactMessageWire {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    topic: row.topic,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

const adminErrors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact',
    {
      schema: {
        tags: ['contact'],
        summary: "Send a message to the support team (the website's contact form)",
        description: 'Public. Rate limited per IP address (100 a minute) and per sender e-mail (5 per 10 minutes): 429 with Retry-After.',
        body: contactMessageBody,
        response: { 201: contactSubmitResponse, 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const row = await submitContactMessage({
        ctx: app.ctx,
        ip: request.ip,
        input: {
          firstName: body.first_name,
          lastName: body.last_name,
          email: body.email,
          phoneNumber: body.phone_number,
          topic: body.topic,
          message: body.message,
        },
      });
      return reply.status(201).send({
        success: true as const,
        message: 'Thank you! Your message has been sent. We will get back to you within one business day.',
        data: { id: row.id, created_at: row.createdAt.toISOString() },
      });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      // Before validation (onRequest): a caller who is not an admin learns nothing, not even which inputs are wrong.
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Contact-form messages, newest first',
        security: [{ bearerAuth: [] }],
        querystring: contactListQuery,
        response: { 200: contactListResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { page, per_page: perPage, status, topic } = request.query;
      const { messages, totalCount } = await listContactMessages({ ctx: app.ctx, page, perPage, status, topic });
      return {
        success: true as const,
        message: 'Contact messages',
        data: { messages: messages.map(toContactMessageWire), pagination: paginationOf(page, perPage, totalCount) },
      };
    },
  );

  app.patch(
    '/api/admin/contact-messages/:id',
    {
      // Before validation (onRequest): a caller who is not an admin learns nothing, not even which inputs are wrong.
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message new, read or resolved',
        security: [{ bearerAuth: [] }],
        params: idParam,
        body: contactStatusBody,
        response: { 200: contactMessageResponse, 404: errorEnvelope, ...adminErrors },
      },
    },
    async (request) => {
      const row = await updateContactMessageStatus({
        ctx: app.ctx,
        id: request.params.id,
        status: request.body.status,
        actorId: caller(request).userId,
      });
      return { success: true as const, message: 'Contact message updated', data: { message: toContactMessageWire(row) } };
    },
  );
};

export default contactRoutes;
