/**
 * What one payment-rail folder (rails/<rail>/index.ts) hands the registry: its adapter, its callback
 * routes and its demo-mode mock. Apart from registry.ts so the rails can name it without importing the
 * registry that imports them.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/env.ts';
import type { Db } from '../db/prisma.ts';
import type { PaymentRail, RailCallbackOptions, RailName } from './port.ts';

export interface RailModule {
  name: RailName;
  create(config: AppConfig): PaymentRail;
  /** Served under /api/payments/<name>; `secret` is the secret path segment its gateway is given. */
  callbacks: { routes: FastifyPluginAsyncZod<RailCallbackOptions & { secret: string }>; secret(config: AppConfig): string };
  /** Served in demo mode only. */
  mock: { prefix: string; mount(scope: FastifyInstance, deps: { config: AppConfig; db: Db; now: () => Date }): Promise<void> };
}
