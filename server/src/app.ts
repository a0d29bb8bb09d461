/**
 * Builds the Fastify application from plugins in layers (docs/ARCHITECTURE.md "Conventions"):
 * external (security, parsing, docs) → app services (context, auth, errors) → routes (feature modules)
 * → mocks of the outside rails → the built client.
 */
import formbody from '@fastify/formbody';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from './config/env.ts';
import type { AppContext } from './context.ts';
import { lineWriter } from './lib/line-writer.ts';
import { scrubbingStream, type LineStream } from './lib/redact.ts';
import { createPrisma, type Db } from './db/prisma.ts';
import { createJobQueue } from './jobs/queue.ts';
import authPlugin from './plugins/auth.ts';
import compression from './plugins/compression.ts';
import { compiledSerializerCompiler } from './plugins/compiled-serializer.ts';
import cors, { parseCorsOrigins } from './plugins/cors.ts';
import errorHandler, { clientErrorResponse, routeNotFound } from './plugins/error-handler.ts';
import metricsPlugin, { createMetrics } from './plugins/metrics.ts';
import openapi from './plugins/openapi.ts';
import rejectInvalidText from './plugins/reject-invalid-text.ts';
import { builtShellScriptHashes } from './plugins/inline-script-hashes.ts';
import securityHeaders, { contentSecurityPolicy, helmetHeaders } from './plugins/security-headers.ts';
import { frontLane, serverWithFrontLane, type FrontLane } from './plugins/front-lane.ts';
import { chargesCalculationJson } from './modules/charges/calculate.ts';
import staticClient from './plugins/static-client.ts';
import payPage from './modules/payment-links/pay-page.ts';
import trpcPlugin from './trpc/fastify.ts';
import { registerJobHandlers, registerModules, startRecurringJobs } from './modules/index.ts';
import { forgetAggregatesAfterAdminWrite } from './modules/admin/queries/shared.ts';
import { createPaymentRails, RAIL_MODULES } from './rails/registry.ts';
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
  /** Answer the fee calculator's plain requests before the router (plugins/front-lane.ts; default on). */
  frontLane?: boolean;
  /** Start the job worker (default: config.JOBS_ENABLED). Tests drain the queue by hand instead. */
  startJobs?: boolean;
  clock?: () => Date;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CLIENT_DIST = path.resolve(here, '../../client/dist');

/**
 * One short line per request, when it is answered. Fastify's default writes two (incoming, completed)
 * with the whole request and reply serialised: they cost more than the fee calculator itself
 * (docs/QUALITY.md "Hot paths"). The URL's secrets are replaced by the stream every line passes through
 * (`loggerOptions`), not here as well: one redaction per line.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

/** The request line's fields, for the Fastify lane and the front lane alike. */
function requestLine(method: string, url: string, status: number, elapsedMs: number) {
  return { method, url, status, ms: Math.round(elapsedMs * 10) / 10 };
}

/** Request ids as Fastify makes them by default, one sequence for both lanes: req-1, req-2, … (base 36). */
function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

/**
 * stdout gathered in batches of bytes (lib/line-writer.ts): a log line costs the request a copy into a
 * buffer, not a write(2), and lines go out at most a second late. What is gathered is written when the
 * process exits.
 */
function batchedStdout(): LineStream {
  const writer = lineWriter(1);
  process.once('exit', () => {
    try {
      writer.close();
    } catch {
      // stdout already closed: nothing left to write to.
    }
  });
  return writer;
}

/**
 * Every line is scrubbed before it is written (lib/redact.ts): secret URL segments and query values
 * (request URLs included) and the configured secrets. `destination` defaults to stdout (pretty in
 * development, gathered in batches in production).
 */
export function loggerOptions(config: AppConfig, destination?: LineStream): FastifyServerOptions['logger'] {
  const target =
    destination ??
    (config.NODE_ENV === 'development'
      ? pinoPretty({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true })
      : config.NODE_ENV === 'production'
        ? batchedStdout()
        : process.stdout);
  const secrets = [
    config.JWT_SECRET,
    config.MPESA_CALLBACK_SECRET,
    config.AT_CALLBACK_SECRET,
    config.AIRTEL_CALLBACK_SECRET,
    config.AIRTEL_CLIENT_SECRET,
    config.MPESA_CONSUMER_SECRET,
    config.SMS_API_KEY,
  ];
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', 'req.headers["x-metrics-token"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: request.url,
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    stream: scrubbingStream(secrets, target),
  } as FastifyServerOptions['logger'];
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  let lane: FrontLane | undefined;
  const genReqId = requestIds();
  const app = Fastify({
    serverFactory: serverWithFrontLane(() => lane),
    genReqId,
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For may the client address come from it (per-IP limits).
    trustProxy: config.TRUST_PROXY as boolean,
    routerOptions: { maxParamLength: 200 },
    // A path the router cannot read (bad percent-encoding such as `%C0%AF`, an id longer than any id) names
    // nothing here: the same 404 envelope as any unknown path, where Fastify would answer with a body of its
    // own. On a gateway's callback door it is then no different from a wrong secret (docs/SECURITY.md).
    frameworkErrors: (_error, request, reply) =>
      (reply as FastifyReply)
        .status(404)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(routeNotFound(request.method, request.url))),
    // A request Node's parser refuses (oversized headers or URL, unreadable bytes) gets the envelope too.
    clientErrorHandler: (error, socket) => {
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.write(clientErrorResponse(error as NodeJS.ErrnoException));
      socket.destroy(error);
    },
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler);

  const db = options.db ?? createPrisma(config.DATABASE_URL);
  const metrics = createMetrics({ requests: Boolean(config.METRICS_TOKEN) });
  const ctx: AppContext = {
    db,
    config,
    log: app.log,
    now: options.clock ?? (() => new Date()),
    rails: createPaymentRails(config),
    sms: createSmsGateway({
      baseUrl: config.SMS_BASE_URL,
      username: config.SMS_USERNAME,
      apiKey: config.SMS_API_KEY,
      senderId: config.SMS_SENDER_ID,
    }),
    jobs: createJobQueue({
      connectionString: config.DATABASE_URL,
      pollIntervalMs: config.JOB_POLL_INTERVAL_MS,
      concurrency: config.JOB_CONCURRENCY,
      deadWorkerAfterMs: config.JOB_WORKER_DEAD_AFTER_SECONDS * 1000,
      log: app.log,
      onJobFinished: metrics.jobFinished,
    }),
  };
  app.decorate('ctx', ctx);

  // ── external ──
  const clientDistDir = config.CLIENT_DIST_DIR ?? DEFAULT_CLIENT_DIST;
  // The security headers first: the CORS hook answers preflights itself and stops the chain there.
  const answerHeaders = helmetHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config.PUBLIC_BASE_URL, builtShellScriptHashes(clientDistDir)),
    crossOriginEmbedderPolicy: false,
  });
  await app.register(securityHeaders, { headers: answerHeaders });
  await app.register(cors, { origins: parseCorsOrigins(config.CORS_ORIGINS) });
  await app.register(compression);
  await app.register(formbody);
  await app.register(rejectInvalidText);
  await app.register(errorHandler);
  // After the error handler: a route takes the handler set before it, and Fastify's own would answer a
  // failed scrape with the error's text (SQL, file paths).
  await app.register(metricsPlugin, { ctx, metrics, jobPool: () => ctx.jobs.connectionPool() });
  await app.register(openapi);

  // ── app services ──
  await app.register(authPlugin, { ctx });

  // Sent after the handler's database transaction committed, before the admin can read again. Only on routes
  // that take a write: the reads (the hot paths among them) do not pass through it at all. Other nodes hear
  // of it over the session cache's LISTEN connection.
  const forgetAggregates = forgetAggregatesAfterAdminWrite(ctx, app.sessionCache);
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => method === 'GET' || method === 'HEAD')) return;
    route.onSend = [...[route.onSend ?? []].flat(), forgetAggregates] as typeof route.onSend;
  });

  // ── routes ──
  await app.register(async (scope) => {
    await registerModules(scope, ctx);
  });
  await app.register(trpcPlugin);

  // ── the outside world's rails, simulated: demo mode only (a real deployment must not answer as M-Pesa) ──
  if (config.IS_DEMO) {
    for (const rail of RAIL_MODULES) {
      await app.register((scope) => rail.mock.mount(scope, { config, db, now: ctx.now }), { prefix: rail.mock.prefix });
    }
    await app.register(
      async (scope) => {
        await africasTalkingMock(scope, {
          db,
          apiKey: config.SMS_API_KEY,
          username: config.SMS_USERNAME,
          deliveryReportUrl: `${config.PUBLIC_BASE_URL}/api/sms/delivery-report/${config.AT_CALLBACK_SECRET}`,
        });
      },
      { prefix: '/mock/africastalking' },
    );
  }

  await app.register(payPage, { ctx, distDir: clientDistDir });
  await app.register(staticClient, { distDir: clientDistDir });

  registerJobHandlers(ctx);
  const startJobs = options.startJobs ?? config.JOBS_ENABLED;
  app.addHook('onReady', async () => {
    await startRecurringJobs(ctx);
    if (startJobs) await ctx.jobs.start();
  });
  if (options.frontLane ?? true) {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    const laneRoutes = [{ path: '/api/v1/charges/calculate', answer: chargesCalculationJson }];
    // A lane path the router no longer has would answer for a route that moved: refuse to start instead.
    for (const { path: lanePath } of laneRoutes) {
      if (!app.hasRoute({ method: 'GET', url: lanePath })) throw new Error(`front lane: no GET ${lanePath} route to answer for`);
    }
    lane = frontLane({
      routes: laneRoutes,
      headers: answerHeaders,
      genReqId,
      answered(reqId, method, url, route, status, elapsedMs) {
        app.log.info({ reqId, ...requestLine(method, url, status, elapsedMs) }, 'request');
        metrics.requestFinished?.(method, route, status, elapsedMs / 1000);
      },
      isClosing: () => closing,
    });
  }
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    if (!options.db) await db.$disconnect();
  });

  return app;
}
