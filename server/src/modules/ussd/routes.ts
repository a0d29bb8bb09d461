/**
 * `POST /api/ussd/{AT_CALLBACK_SECRET}`: Africa's Talking's USSD callback for *384*40#, and in demo mode
 * `POST /api/ussd/simulator` for the web simulator page (docs/SECURITY.md "USSD").
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@escrow/core/contract/common';
import { ussdRequestBody, ussdResponse } from '@escrow/core/contract/ussd';
import { gatewayGuard } from '../../plugins/gateway-guard.ts';
import { answerUssdRequest, type UssdOrigin } from './answer-ussd-request.ts';
import { USSD_MESSAGES } from './messages.ts';
import { ScreenTooLongError } from './screen.ts';

const PLAIN = 'text/plain; charset=utf-8';

const MENUS = [
  'Form-encoded `sessionId, serviceCode, phoneNumber, networkCode, text` (the `*`-joined inputs of the session).',
  'Answers `text/plain`: `CON <screen>` to continue or `END <screen>` to finish; a screen has at most 182 characters.',
  'Reading transactions and money-moving choices ask for the 4-digit USSD PIN (3 wrong tries lock it for 30 minutes).',
  'Menus in English and Kiswahili: register, buy (escrow or Lipa Mdogo Mdogo, then an M-Pesa prompt after the session ends),',
  'my transactions, confirm delivery, dispatch, pay, dispute, find by reference, change PIN, language, help. `0` Back, `00` Home.',
].join(' ');

/**
 * The simulator's sessions live apart from the gateway's: a gateway session id is no secret (it shows in
 * the gateway's logs and any proxy's), and the simulator lets anyone type any phone, so with the same id it
 * would carry on a holder's live session and the PIN proven in it. Hashed, so the key stays within the
 * column whatever the id's length; `sim-` is not how Africa's Talking's ids begin (`ATUid_`).
 */
function simulatorSessionId(sessionId: string): string {
  return `sim-${createHash('sha256').update(sessionId).digest('base64url')}`;
}

const ussdRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  app.addHook('onRequest', gatewayGuard({ secret: config.AT_CALLBACK_SECRET, allowedIps: config.GATEWAY_ALLOWED_IPS }));

  /** The screen for one request; a failure the menus did not expect becomes an apology, not a 500. */
  async function screenFor(origin: UssdOrigin, body: z.output<typeof ussdRequestBody>, log: FastifyBaseLogger): Promise<string> {
    try {
      const sessionId = origin === 'simulator' ? simulatorSessionId(body.sessionId) : body.sessionId;
      return await answerUssdRequest(app.ctx, { sessionId, phone: body.phoneNumber, text: body.text, origin });
    } catch (error) {
      // Outside production an over-long screen fails loudly (the tests walk every screen).
      if (error instanceof ScreenTooLongError && config.NODE_ENV !== 'production') throw error;
      log.error({ err: error }, 'USSD request failed');
      return `END ${USSD_MESSAGES.en.somethingWrong}`;
    }
  }

  app.post(
    '/:secret',
    {
      schema: {
        tags: ['ussd'],
        summary: "Africa's Talking USSD callback for *384*40#",
        description: [
          MENUS,
          'The phone number is the identity only because the gateway vouches for it: the path carries the shared secret `AT_CALLBACK_SECRET`.',
          'A missing or wrong secret, or a caller outside `GATEWAY_ALLOWED_IPS`, is 404 with no state change.',
        ].join(' '),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        produces: ['text/plain'],
        params: z.object({ secret: z.string().max(200).meta({ description: 'AT_CALLBACK_SECRET' }) }),
        body: ussdRequestBody,
        response: { 200: ussdResponse, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request, reply) => reply.type(PLAIN).send(await screenFor('gateway', request.body, request.log)),
  );

  // The simulator lets anyone type any phone number: it exists only while the rails are the mocks.
  if (config.IS_DEMO) {
    app.post(
      '/simulator',
      {
        schema: {
          tags: ['ussd'],
          summary: 'The USSD simulator (demo mode only)',
          description: [
            MENUS,
            'Serves the web simulator page; mounted only in demo mode (404 otherwise). Nobody vouches for the phone number here:',
            'registering does not verify the phone or attach escrows that name it, and a web account proves itself with the SMS code or its password.',
          ].join(' '),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          produces: ['text/plain'],
          body: ussdRequestBody,
          response: { 200: ussdResponse, 400: errorEnvelope },
        },
      },
      async (request, reply) => reply.type(PLAIN).send(await screenFor('simulator', request.body, request.log)),
    );
  }
};

export default ussdRoutes;
