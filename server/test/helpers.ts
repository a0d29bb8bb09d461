/**
 * `buildTestApp()`: the real app (every plugin, the mocks, the job queue) on its own fresh database,
 * listening on a free loopback port so the M-Pesa mock can call back over real HTTP. Close it after
 * each file; its database is dropped.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.ts';
import { parseEnv, resolveConfig, type AppConfig } from '../src/config/env.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/prisma.ts';
import type { LineStream } from '../src/lib/redact.ts';
import { findFreePort } from '../src/db/embedded-postgres.ts';
import { databaseUrl, withAdminClient } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: AppConfig;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  databaseUrl: string;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    url: databaseUrl(adminUrl, name),
    name,
    drop: () => withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Run the job worker in the background (default false: tests call `ctx.jobs.drain()`). */
  startJobs?: boolean;
  clock?: () => Date;
  /** Reuse an existing database (restart tests). */
  databaseUrl?: string;
  port?: number;
  /** Makes the app's Prisma client (e.g. one that reports its queries); closed with the app. */
  db?: (databaseUrl: string) => Db;
  /** Receives the app's log lines, written as in production (tests of what is logged). */
  logStream?: LineStream;
  /** Off: every request goes through Fastify (the front lane's parity test compares the two). */
  frontLane?: boolean;
  /** Points a rail somewhere other than its mock (a closed port: the rail unreachable). */
  railBaseUrls?: Partial<Record<'MPESA_BASE_URL' | 'AIRTEL_BASE_URL', string>>;
}

/** For tests that drive many operations through a few accounts and phones, not abuse: no LIMIT_* applies. */
export const LIFTED_LIMITS: Record<string, string> = {
  LIMIT_TRANSACTIONS_PER_HOUR: '1000000',
  LIMIT_INVITES_PER_PHONE_PER_DAY: '1000000',
  LIMIT_PAYMENTS_PER_ACCOUNT_PER_HOUR: '1000000',
  LIMIT_PAYMENTS_PER_PHONE_PER_HOUR: '1000000',
};

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? null : await createTestDatabase();
  const url = options.databaseUrl ?? database!.url;
  const port = options.port ?? (await findFreePort());
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MPESA_MOCK_DELAY_MS: '50',
    MPESA_MOCK_TIMEOUT_MS: '300',
    JOB_POLL_INTERVAL_MS: '50',
    INSPECTION_WINDOW_SECONDS: '259200',
    ...options.env,
  });
  const config = resolveConfig(env, {
    databaseUrl: url,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    callbackSecret: 'test-callback-secret-0123',
    port,
  });
  const ownDb = options.db?.(url);
  const app = await buildApp(
    {
      ...config,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      MPESA_BASE_URL: `http://127.0.0.1:${port}/mock/daraja`,
      AIRTEL_BASE_URL: `http://127.0.0.1:${port}/mock/airtel`,
      SMS_BASE_URL: `http://127.0.0.1:${port}/mock/africastalking`,
      ...options.railBaseUrls,
    },
    {
      startJobs: options.startJobs ?? false,
      ...(options.frontLane === false ? { frontLane: false } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(ownDb ? { db: ownDb } : {}),
      ...(options.logStream ? { logger: loggerOptions(config, options.logStream) } : {}),
    },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    ctx: app.ctx,
    config: app.ctx.config,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: url,
    async close() {
      await app.close();
      await ownDb?.$disconnect();
      await database?.drop();
    },
  };
}

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
