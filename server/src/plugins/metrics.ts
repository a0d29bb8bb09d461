/**
 * `GET /metrics`: Prometheus text for the people who run the platform (docs/ops/grafana-dashboard.json
 * reads it). Only with `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN the route does not
 * exist and requests pay nothing for it.
 *
 * Per node: request latency histograms by route pattern (their `_count` is the request rate), job
 * attempts by queue and outcome, connection pools. Platform-wide, read from PostgreSQL when scraped (the
 * same on every node): jobs waiting / running / failed by queue, STK pushes and rail callbacks by
 * outcome, payouts and SMS by state. Those counts are reused for a few seconds so that several scrapers
 * do not each scan the tables.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.ts';
import { poolOf } from '../db/prisma.ts';
import type { JobOutcome } from '../jobs/queue.ts';
import { AppError } from '../lib/app-error.ts';

const PLATFORM_COUNTS_TTL_MS = 5_000;

export interface Metrics {
  registry: Registry;
  jobFinished(queue: string, outcome: JobOutcome, seconds: number): void;
  /** An answered request, by route pattern; absent when nobody scrapes (no METRICS_TOKEN), so requests pay nothing. */
  requestFinished?(method: string, route: string, status: number, seconds: number): void;
}

/** The node's metrics registry; the job queue reports into it from the start. */
export function createMetrics({ requests }: { requests: boolean }): Metrics {
  const registry = new Registry();
  const jobAttempts = new Counter({
    name: 'escrow_job_attempts_total',
    help: 'Job attempts finished on this node, by queue and outcome (completed, retrying, failed for good); each entry of a batched job (SMS) counts as one.',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'escrow_job_duration_seconds',
    help: 'How long job attempts ran on this node.',
    labelNames: ['queue'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  return {
    registry,
    jobFinished(queue, outcome, seconds) {
      jobAttempts.labels(queue, outcome).inc();
      jobSeconds.labels(queue).observe(seconds);
    },
    requestFinished: requests ? requestHistogram(registry) : undefined,
  };
}

function requestHistogram(registry: Registry): NonNullable<Metrics['requestFinished']> {
  const requestSeconds = new Histogram({
    name: 'escrow_http_request_duration_seconds',
    help: 'HTTP requests served by this node, by method, route pattern and status; _count is the request rate.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // One child per (method, route, status), found with one Map lookup per request.
  const children = new Map<string, ReturnType<typeof requestSeconds.labels>>();
  return (method, route, status, seconds) => {
    const key = `${method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = requestSeconds.labels(method, route, String(status));
      children.set(key, child);
    }
    child.observe(seconds);
  };
}

interface PlatformCounts {
  jobs: { queue: string; state: string; count: bigint }[];
  payments: { status: string; count: bigint }[];
  callbacks: { rail: string; kind: string; outcome: string; count: bigint }[];
  payouts: { status: string; count: bigint }[];
  sms: { status: string; count: bigint }[];
}

async function readPlatformCounts(ctx: AppContext): Promise<PlatformCounts> {
  const [jobs, payments, callbacks, payouts, sms] = await Promise.all([
    // Jobs still in the outbox (jobs/queue.ts) count as queued: they move into the queue within moments.
    ctx.db.$queryRaw<PlatformCounts['jobs']>`
      SELECT queue, state, COUNT(*)::bigint AS count FROM (
        SELECT task_identifier AS queue,
               CASE WHEN locked_at IS NOT NULL THEN 'running' WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END AS state
        FROM graphile_worker.jobs
        UNION ALL
        SELECT spec->>'identifier', 'queued' FROM job_outbox
      ) AS waiting GROUP BY 1, 2`,
    ctx.db.$queryRaw<PlatformCounts['payments']>`SELECT status::text, COUNT(*)::bigint AS count FROM payments GROUP BY 1`,
    ctx.db.$queryRaw<PlatformCounts['callbacks']>`
      SELECT rail::text, kind, COALESCE(outcome, 'unprocessed') AS outcome, COUNT(*)::bigint AS count FROM rail_callbacks GROUP BY 1, 2, 3`,
    ctx.db.$queryRaw<PlatformCounts['payouts']>`SELECT status::text, COUNT(*)::bigint AS count FROM payouts GROUP BY 1`,
    ctx.db.$queryRaw<PlatformCounts['sms']>`SELECT status::text, COUNT(*)::bigint AS count FROM sms_messages GROUP BY 1`,
  ]);
  return { jobs, payments, callbacks, payouts, sms };
}

const sameToken = (given: string, expected: string) => {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
};

const metricsPlugin: FastifyPluginAsync<{ ctx: AppContext; metrics: Metrics; jobPool?: () => pg.Pool | undefined }> = async (
  app,
  { ctx, metrics, jobPool },
) => {
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return;
  const { registry } = metrics;
  collectDefaultMetrics({ register: registry });

  const { requestFinished } = metrics;
  if (requestFinished) {
    app.addHook('onResponse', (request, reply, done) => {
      requestFinished(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  const pools: [string, () => pg.Pool | undefined][] = [
    ['app', () => poolOf(ctx.db)],
    ['jobs', () => jobPool?.()],
  ];
  new Gauge({
    name: 'escrow_db_pool_connections',
    help: "This node's PostgreSQL connections by pool and state (in use, idle, requests waiting for one).",
    labelNames: ['pool', 'state'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [name, get] of pools) {
        const pool = get();
        if (!pool) continue;
        this.labels(name, 'in_use').set(pool.totalCount - pool.idleCount);
        this.labels(name, 'idle').set(pool.idleCount);
        this.labels(name, 'waiting').set(pool.waitingCount);
        this.labels(name, 'max').set(pool.options.max ?? 10);
      }
    },
  });

  let cached: { at: number; counts: Promise<PlatformCounts> } | undefined;
  const platformCounts = () => {
    if (!cached || Date.now() - cached.at > PLATFORM_COUNTS_TTL_MS) {
      cached = { at: Date.now(), counts: readPlatformCounts(ctx) };
      cached.counts.catch(() => (cached = undefined));
    }
    return cached.counts;
  };
  const platformGauge = <K extends keyof PlatformCounts>(
    name: string,
    help: string,
    labelNames: string[],
    key: K,
    labels: (row: PlatformCounts[K][number]) => string[],
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const rows = (await platformCounts())[key];
        this.reset();
        for (const row of rows) this.labels(...labels(row)).set(Number(row.count));
      },
    });
  platformGauge(
    'escrow_jobs',
    'Jobs in the queue (all nodes) by queue and state: queued, running, failed (dead letters).',
    ['queue', 'state'],
    'jobs',
    (row) => [row.queue, row.state],
  );
  platformGauge('escrow_stk_pushes', 'M-Pesa STK pushes (payments, all nodes) by outcome.', ['outcome'], 'payments', (row) => [row.status]);
  platformGauge(
    'escrow_rail_callbacks',
    'Money-rail callbacks received (all nodes) by rail (mpesa, airtel), kind and outcome.',
    ['rail', 'kind', 'outcome'],
    'callbacks',
    (row) => [row.rail, row.kind, row.outcome],
  );
  platformGauge('escrow_payouts', 'B2C payouts and refunds (all nodes) by state.', ['state'], 'payouts', (row) => [row.status]);
  platformGauge('escrow_sms', 'SMS in the outbox (all nodes) by state.', ['state'], 'sms', (row) => [row.status]);

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!given || !sameToken(given, token)) throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required');
    const body = await registry.metrics();
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body);
  });
};

export default fp(metricsPlugin, { name: 'metrics' });
