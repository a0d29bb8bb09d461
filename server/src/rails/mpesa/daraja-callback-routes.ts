/**
 * Daraja's callbacks (STK push result, B2C result and queue timeout, Transaction Status result and
 * timeout) under /api/payments/mpesa: Daraja's bodies parsed here into RailResults and handed to the
 * same use-cases as every rail's. The secret path segment (MPESA_CALLBACK_SECRET) and
 * GATEWAY_ALLOWED_IPS are checked before the body is read (docs/SECURITY.md).
 */
import { cutText } from '@escrow/core/domain/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@escrow/core/contract/common';
import { gatewayGuard } from '../../plugins/gateway-guard.ts';
import type { RailCallbackOptions } from '../port.ts';
import { darajaResult, statusVerdict } from './daraja-rail.ts';

const accepted = z.object({ ResultCode: z.literal(0), ResultDesc: z.literal('Accepted') });
const ACCEPTED = { ResultCode: 0 as const, ResultDesc: 'Accepted' as const };

/** Daraja's STK callback body. */
const stkCallbackBody = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100).optional(),
      CheckoutRequestID: z.string().min(1).max(100),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string().max(500).default(''),
      CallbackMetadata: z
        .object({ Item: z.array(z.object({ Name: z.string().max(100), Value: z.union([z.string(), z.number()]).optional() })).max(50) })
        .optional(),
    }),
  }),
});

/** Daraja's B2C result body (also sent to the QueueTimeOutURL). */
const b2cResultBody = z.object({
  Result: z.object({
    ResultType: z.coerce.number().optional(),
    ResultCode: z.coerce.number().int(),
    ResultDesc: z.string().max(500).default(''),
    OriginatorConversationID: z.string().min(1).max(100),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z
      .object({
        ResultParameter: z.union([
          z.array(z.object({ Key: z.string(), Value: z.unknown() })),
          z.object({ Key: z.string(), Value: z.unknown() }),
        ]),
      })
      .optional(),
  }),
});

/** Daraja's Transaction Status result body (also sent to its QueueTimeOutURL); ResultCode may be a string such as R000002. */
const transactionStatusResultBody = z.object({
  Result: z.object({
    ResultType: z.coerce.number().optional(),
    ResultCode: z.union([z.number().int(), z.string().max(20)]),
    ResultDesc: z.string().max(500).default(''),
    OriginatorConversationID: z.string().max(100).optional(),
    ConversationID: z.string().max(100).optional(),
    TransactionID: z.string().max(100).optional(),
    ResultParameters: z
      .object({
        ResultParameter: z.union([
          z.array(z.object({ Key: z.string().max(100), Value: z.unknown().optional() })).max(50),
          z.object({ Key: z.string().max(100), Value: z.unknown().optional() }),
        ]),
      })
      .optional(),
  }),
});

const asList = <T>(value: T | T[] | undefined): T[] => (Array.isArray(value) ? value : value ? [value] : []);

const darajaCallbackRoutes: FastifyPluginAsyncZod<RailCallbackOptions & { secret: string }> = async (app, options) => {
  const { handlers } = options;
  app.addHook('onRequest', gatewayGuard({ secret: options.secret, allowedIps: options.allowedIps }));
  const secretParam = z.object({ secret: z.string().max(200) });
  const response = { 200: accepted, 400: errorEnvelope, 404: errorEnvelope };

  app.post(
    '/callback/:secret',
    {
      schema: {
        tags: ['payments'],
        summary: "Daraja's STK push callback (the secret path segment is configured with the push)",
        params: secretParam,
        querystring: z.object({ payment: z.string().max(64).optional() }),
        body: stkCallbackBody,
        response,
      },
    },
    async (request) => {
      const callback = request.body.Body.stkCallback;
      const item = (name: string) => callback.CallbackMetadata?.Item.find((entry) => entry.Name === name)?.Value;
      const receipt = item('MpesaReceiptNumber');
      const amount = item('Amount');
      const result = darajaResult(
        callback.ResultCode,
        callback.ResultDesc,
        receipt === undefined ? null : String(receipt),
        amount === undefined ? null : Number(amount),
      );
      await handlers.receive('mpesa', 'stk', callback.CheckoutRequestID, request.body, () =>
        handlers.collectionResult({ requestId: callback.CheckoutRequestID, paymentIdHint: request.query.payment, result }),
      );
      return ACCEPTED;
    },
  );

  for (const kind of ['result', 'timeout'] as const) {
    app.post(
      `/b2c/${kind}/:secret`,
      {
        schema: {
          tags: ['payments'],
          summary: kind === 'result' ? "Daraja's B2C result callback" : "Daraja's B2C queue timeout callback",
          params: secretParam,
          body: b2cResultBody,
          response,
        },
      },
      async (request) => {
        const body = request.body.Result;
        const receipt =
          asList(body.ResultParameters?.ResultParameter).find((entry) => entry.Key === 'TransactionReceipt')?.Value ??
          body.TransactionID ??
          null;
        // A queue timeout says nothing about the outcome: leave the payout for the job to query.
        await handlers.receive('mpesa', `b2c_${kind}`, body.OriginatorConversationID, request.body, async () =>
          kind === 'timeout'
            ? 'timeout'
            : handlers.payoutResult({
                requestId: body.OriginatorConversationID,
                result: darajaResult(body.ResultCode, body.ResultDesc, receipt === null ? null : String(receipt)),
              }),
        );
        return ACCEPTED;
      },
    );
  }

  for (const kind of ['result', 'timeout'] as const) {
    app.post(
      `/b2c/status/${kind}/:secret`,
      {
        schema: {
          tags: ['payments'],
          summary:
            kind === 'result'
              ? "Daraja's Transaction Status result for a payout (the payout id is in the query string given with the query)"
              : "Daraja's Transaction Status queue timeout",
          params: secretParam,
          querystring: z.object({ payout: z.uuid().optional() }),
          body: transactionStatusResultBody,
          response,
        },
      },
      async (request) => {
        const body = request.body.Result;
        const parameter = (key: string) => {
          const value = asList(body.ResultParameters?.ResultParameter).find((entry) => entry.Key === key)?.Value;
          return value === undefined || value === null || value === '' ? null : cutText(String(value), 100);
        };
        const payoutId = request.query.payout;
        const verdict = statusVerdict({ resultCode: body.ResultCode, transactionStatus: parameter('TransactionStatus') });
        // A queue timeout says nothing about the payout: it is queried again later.
        await handlers.receive('mpesa', `b2c_status_${kind}`, payoutId ?? null, request.body, async () =>
          kind === 'timeout' || !payoutId
            ? 'ignored'
            : handlers.payoutStatus({
                payoutId,
                requestId: parameter('OriginatorConversationID'),
                result:
                  verdict === 'completed'
                    ? { outcome: 'succeeded', receipt: parameter('ReceiptNo'), description: body.ResultDesc }
                    : verdict === 'failed'
                      ? { outcome: 'failed', failure: 'other', description: body.ResultDesc }
                      : { outcome: 'pending', description: body.ResultDesc },
              }),
        );
        return ACCEPTED;
      },
    );
  }
};

export default darajaCallbackRoutes;
