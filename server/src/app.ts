/**
 * Builds the Fastify application from plugins in layers (STYLE.md, fastify/demo):
 * external (security, parsing, docs) → app services (context, auth, errors) → routes (feature modules)
 * → mocks of the outside rails → the built client.
 */
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config/env.ts';
import type { AppContext } from './context.ts';
import { createPrisma, type Db } from './db/prisma.ts';
import { createJobQueue } from './jobs/queue.ts';
import authPlugin from './plugins/auth.ts';
import compression from './plugins/compression.ts';
import cors, { parseCorsOrigins } from './plugins/cors.ts';
import errorHandler from './plugins/error-handler.ts';
import openapi from './plugins/openapi.ts';
import rejectInvalidText from './plugins/reject-invalid-text.ts';
import staticClient from './plugins/static-client.ts';
import trpcPlugin from './trpc/fastify.ts';
import { registerJobHandlers, registerModules, startRecurringJobs } from './modules/index.ts';
import { createDarajaClient } from './rails/mpesa/daraja-client.ts';
import { darajaMock } from './rails/mpesa/daraja-mock.ts';
import { africasTalkingMock } from './rails/sms/africastalking-mock.ts';
import { createSmsGateway } from './rails/sms/africastalking-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  /** Share a Prisma client (tests); otherwise one is created and closed with the app. */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /** Start the job worker (default: config.JOBS_ENABLED). Tests drain the queue by hand instead. */
  startJobs?: boolean;
  clock?: () => Date;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CLIENT_DIST = path.resolve(here, '../../client/dist');

export function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie'],
    ...(config.NODE_ENV === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true } } }
      : {}),
  };
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For may the client address come from it (per-IP limits).
    trustProxy: config.TRUST_PROXY as boolean,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? createPrisma(config.DATABASE_URL);
  const ctx: AppContext = {
    db,
    config,
    log: app.log,
    now: options.clock ?? (() => new Date()),
    mpesa: createDarajaClient({
      baseUrl: config.MPESA_BASE_URL,
      consumerKey: config.MPESA_CONSUMER_KEY,
      consumerSecret: config.MPESA_CONSUMER_SECRET,
      shortcode: config.MPESA_SHORTCODE,
      passkey: config.MPESA_PASSKEY,
      b2cShortcode: config.MPESA_B2C_SHORTCODE,
      initiatorName: config.MPESA_INITIATOR_NAME,
      securityCredential: config.MPESA_SECURITY_CREDENTIAL,
    }),
    sms: createSmsGateway({
      baseUrl: config.SMS_BASE_URL,
      username: config.SMS_USERNAME,
      apiKey: config.SMS_API_KEY,
      senderId: config.SMS_SENDER_ID,
    }),
    jobs: createJobQueue(db, { pollIntervalMs: config.JOB_POLL_INTERVAL_MS, log: app.log }),
  };
  app.decorate('ctx', ctx);

  // ── external ──
  await app.register(cors, { origins: parseCorsOrigins(config.CORS_ORIGINS) });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compression);
  await app.register(formbody);
  await app.register(rejectInvalidText);
  await app.register(errorHandler);
  await app.register(openapi);

  // ── app services ──
  await app.register(authPlugin, { ctx });

  // ── routes ──
  await app.register(async (scope) => {
    await registerModules(scope, ctx);
  });
  await app.register(trpcPlugin);

  // ── the outside world's rails, simulated (pointed at by default; real ones by configuration) ──
  await app.register(
    async (scope) => {
      await darajaMock(scope, {
        db,
        shortcode: config.MPESA_SHORTCODE,
        passkey: config.MPESA_PASSKEY,
        delayMs: config.MPESA_MOCK_DELAY_MS,
        timeoutMs: config.MPESA_MOCK_TIMEOUT_MS,
        callbackOrigin: new URL(config.PUBLIC_BASE_URL).origin,
      });
    },
    { prefix: '/mock/daraja' },
  );
  await app.register(
    async (scope) => {
      await africasTalkingMock(scope, {
        db,
        apiKey: config.SMS_API_KEY,
        username: config.SMS_USERNAME,
        deliveryReportUrl: `${config.PUBLIC_BASE_URL}/api/sms/delivery-report`,
      });
    },
    { prefix: '/mock/africastalking' },
  );

  await app.register(staticClient, { distDir: config.CLIENT_DIST_DIR ?? DEFAULT_CLIENT_DIST });

  registerJobHandlers(ctx);
  const startJobs = options.startJobs ?? config.JOBS_ENABLED;
  app.addHook('onReady', async () => {
    await startRecurringJobs(ctx);
    if (startJobs) ctx.jobs.start();
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    if (!options.db) await db.$disconnect();
  });

  return app;
}
