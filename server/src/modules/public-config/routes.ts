/** `GET /api/config`: the deployment's mode (the web client's demo ribbon) and payment prompt wait. Public and cacheable. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponse } from '@escrow/core/contract/public-config';
import { inspectionWindowHours } from '@escrow/core/domain/inspection-window';
import { TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import { inspectionWindowSeconds } from '../transactions/inspection-window.ts';

const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const mode = app.ctx.config.IS_DEMO ? ('demo' as const) : ('production' as const);
  const paymentPromptSeconds = app.ctx.config.STK_RECONCILE_AFTER_SECONDS;
  const hours = (type: (typeof TRANSACTION_TYPES)[number]) => inspectionWindowHours(inspectionWindowSeconds(app.ctx.config, type));
  const inspection_window_hours = {
    standard: hours('standard'),
    protected: hours('protected'),
    lipa_mdogo_mdogo: hours('lipa_mdogo_mdogo'),
  };
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary:
          "This deployment's mode (demo or production), how long a payment prompt may take and each transaction type's inspection window",
        description: 'Read by the web client after its first render (never before it), so it adds nothing to page load.',
        response: { 200: publicConfigResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        success: true as const,
        message: 'Configuration',
        data: { mode, payment_prompt_seconds: paymentPromptSeconds, inspection_window_hours },
      };
    },
  );
};

export default publicConfigRoutes;
