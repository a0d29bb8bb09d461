/**
 * Every feature module, registered in one place. A module is a folder with its routes, schemas,
 * use-cases and tests; channels (REST, tRPC, USSD, jobs) call the same use-cases.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import chargesRoutes from './charges/routes.ts';
import healthRoutes from './health/routes.ts';
import { deliverSms, SMS_QUEUE } from './notifications/notify.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(healthRoutes, { ctx });
  await app.register(chargesRoutes, { prefix: '/api/v1/charges' });
}

/** Job handlers of every module; the queue runs them after the change that enqueued them commits. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.register(SMS_QUEUE, (payload, job) => deliverSms(ctx, payload, job.attempts >= job.max_attempts));
}
