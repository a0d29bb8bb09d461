/**
 * What every use-case receives: the database, the configuration, the rails and a clock. Channels
 * (REST, tRPC, USSD, jobs) build it once and pass it down; nothing reaches for globals.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.ts';
import type { Db } from './db/prisma.ts';
import type { PaymentRails } from './rails/port.ts';
import type { SmsGateway } from './rails/sms/africastalking-client.ts';
import type { JobQueue } from './jobs/queue.ts';

export interface AppContext {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The payment rails behind the port (rails/port.ts), by name: a payment or payout uses its own. */
  rails: PaymentRails;
  sms: SmsGateway;
  jobs: JobQueue;
  now(): Date;
}
