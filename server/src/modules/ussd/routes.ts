/** `POST /api/ussd`: Africa's Talking's USSD callback for *384*40# (CONTRACT.md "USSD"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '../../contract/common.ts';
import { ussdRequestBody, ussdResponse } from '../../contract/ussd.ts';
import { answerUssdRequest } from './answer-ussd-request.ts';
import { USSD_MESSAGES } from './messages.ts';
import { ScreenTooLongError } from './screen.ts';

const ussdRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['ussd'],
        summary: "Africa's Talking USSD callback for *384*40#",
        description: [
          'Form-encoded `sessionId, serviceCode, phoneNumber, networkCode, text` (the `*`-joined inputs of the session).',
          'Answers `text/plain`: `CON <screen>` to continue or `END <screen>` to finish; a screen has at most 182 characters.',
          'The phone number is the identity; money-moving choices ask for the 4-digit USSD PIN (3 wrong tries lock it for 30 minutes).',
          'Menus in English and Kiswahili: register, buy (escrow or Lipa Mdogo Mdogo, then an M-Pesa prompt after the session ends),',
          'my transactions, confirm delivery, dispatch, pay, dispute, find by reference, change PIN, language, help. `0` Back, `00` Home.',
          'In production this endpoint must only be reachable from the USSD gateway (network allow-list), since it trusts `phoneNumber`.',
        ].join(' '),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ussdRequestBody,
        response: { 200: ussdResponse, 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { sessionId, phoneNumber, text } = request.body;
      let body: string;
      try {
        body = await answerUssdRequest(app.ctx, { sessionId, phone: phoneNumber, text });
      } catch (error) {
        // Outside production an over-long screen fails loudly (the tests walk every screen).
        if (error instanceof ScreenTooLongError && app.ctx.config.NODE_ENV !== 'production') throw error;
        request.log.error({ err: error }, 'USSD request failed');
        body = `END ${USSD_MESSAGES.en.somethingWrong}`;
      }
      return reply.type('text/plain; charset=utf-8').send(body);
    },
  );
};

export default ussdRoutes;
