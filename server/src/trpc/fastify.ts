/** Serves the tRPC router at /trpc (queries by GET, mutations by POST, batching on). */
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { contextFactory } from './init.ts';
import { appRouter, type AppRouter } from './root.ts';

export default async function trpcPlugin(app: FastifyInstance): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(app.ctx),
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'tRPC procedure failed');
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);
}
