/**
 * What every use-case receives: the database, the configuration, the rails and a clock. Channels
 * (REST, tRPC, USSD, jobs) build it once and pass it down; nothing reaches for globals.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config/env.ts';
import type { Db } from './db/prisma.ts';
import type { DarajaClient } from './rails/mpesa/daraja-client.ts';
import type { SmsGateway } from './rails/sms/africastalking-client.ts';
import type { JobQueue } from './jobs/queue.ts';

export interface AppContext {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  mpesa: DarajaClient;
  sms: SmsGateway;
  jobs: JobQueue;
  now(): Date;
}
