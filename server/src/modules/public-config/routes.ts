/** `GET /api/config`: the deployment's mode, for the web client's demo ribbon. Public and cacheable. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponse } from '@escrow/core/contract/public-config';

const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const mode = app.ctx.config.IS_DEMO ? ('demo' as const) : ('production' as const);
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: "This deployment's mode (demo or production)",
        description: 'Read by the web client after its first render (never before it), so it adds nothing to page load.',
        response: { 200: publicConfigResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, message: 'Configuration', data: { mode } };
    },
  );
};

export default publicConfigRoutes;
