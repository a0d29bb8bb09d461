/** GET /api/v1/charges and /api/v1/charges/calculate: the fee bands of docs/product-rules.md §9, public. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chargesCalculateQuery, chargesCalculateResponse, chargesListResponse } from '@escrow/core/contract/charges';
import { errorEnvelope } from '@escrow/core/contract/common';
import { FEE_BANDS } from '@escrow/core/domain/fees';
import { chargesCalculation } from './calculate.ts';

const chargesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['charges'],
        summary: 'All 26 fee bands (KES) for standard, protected and installment escrow',
        response: { 200: chargesListResponse },
      },
    },
    async () => ({ success: true as const, message: 'Fee bands', data: { bands: [...FEE_BANDS] } }),
  );

  app.get(
    '/calculate',
    {
      schema: {
        tags: ['charges'],
        summary: 'Fees for an amount: total, buyer and seller shares (50/50) and percentage',
        description: 'Amounts below 1 or above 500,000 fall outside all bands and cost 0 (answered 200).',
        querystring: chargesCalculateQuery,
        response: { 200: chargesCalculateResponse, 400: errorEnvelope },
      },
    },
    async (request) => chargesCalculation(request.query.amount, request.query.type),
  );
};

export default chargesRoutes;
