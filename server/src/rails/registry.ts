/**
 * Every payment rail, registered in one place. A rail is a folder (rails/<rail>/) with its client, its
 * port adapter, its callback routes and its demo-mode mock, plus a block of settings in config/env.ts;
 * adding one is one line in RAIL_MODULES (docs/adr/0008-payment-rail-port.md).
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/env.ts';
import type { Db } from '../db/prisma.ts';
import { airtelRail } from './airtel/index.ts';
import { mpesaRail } from './mpesa/index.ts';
import type { PaymentRail, PaymentRails, RailCallbackOptions, RailName } from './port.ts';

export interface RailModule {
  name: RailName;
  create(config: AppConfig): PaymentRail;
  /** Served under /api/payments/<name>; `secret` is the secret path segment its gateway is given. */
  callbacks: { routes: FastifyPluginAsyncZod<RailCallbackOptions & { secret: string }>; secret(config: AppConfig): string };
  /** Served in demo mode only. */
  mock: { prefix: string; mount(scope: FastifyInstance, deps: { config: AppConfig; db: Db; now: () => Date }): Promise<void> };
}

export const RAIL_MODULES: readonly RailModule[] = [mpesaRail, airtelRail];

export function createPaymentRails(config: AppConfig): PaymentRails {
  return Object.fromEntries(RAIL_MODULES.map((rail) => [rail.name, rail.create(config)])) as PaymentRails;
}
