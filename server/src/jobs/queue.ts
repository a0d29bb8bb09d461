/**
 * The job queue: graphile-worker on the app's PostgreSQL (docs/adr/0007-graphile-worker.md).
 *
 * - `enqueue(tx, …)` calls `graphile_worker.add_job` in the caller's database transaction, so a side
 *   effect is queued if and only if the change that causes it commits; the NOTIFY it sends fires at
 *   commit and wakes a worker on any node.
 * - A job is locked by one worker pool until it finishes; no other pool takes it while that pool's node
 *   is alive. Each node writes a heartbeat (`job_workers`); jobs locked by a pool whose heartbeat stopped
 *   for `deadWorkerAfterMs` go back to the queue. The attempt stays counted, so a job that kills its
 *   worker fails for good after `maxAttempts` instead of looping.
 * - A failing job is retried with exponential backoff; after `maxAttempts` it stays in the queue as
 *   permanently failed (the dead letters the admin alerts list).
 * - Recurring sweeps are graphile-worker cron items: one run per tick across every node.
 * - The outbox, for hot statements: `add_jobs` sends a NOTIFY, and PostgreSQL commits NOTIFY-ing
 *   transactions one at a time (their commits queue on one lock), which capped a burst of creations. Such
 *   a statement writes its jobs to `job_outbox` instead (`outboxJobsSql`), in its own transaction, and
 *   calls `relaySoon()` once it has committed; the rows move into graphile-worker a few milliseconds
 *   later in one batch (one NOTIFY). Rows a stopped node left behind move at any worker's next poll.
 * - Batched jobs: an outbox spec marked `batch` (one SMS, say) may share a graphile-worker job with others
 *   of its queue and attempts (at most `BATCH_SIZE`), whose payload is then their list. The task runs the
 *   handler once per entry, one after another, and graphile-worker retries only the entries that failed, as
 *   one job with the attempt counted (its "batch jobs"). A batch costs the queue one fetch and one
 *   completion instead of one per entry: the fetch was the costliest statement behind a burst's SMS.
 *   A handler registered with `registerBatch` gets the entries together instead, to share their
 *   statements, and answers each entry's outcome itself.
 */
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import {
  Logger,
  parseCronItems,
  run,
  runTaskListOnce,
  type Runner,
  type Task,
  type TaskList,
  type WorkerEvents,
  type WorkerPool,
} from 'graphile-worker';
import pg from 'pg';
import type { Db, Tx } from '../db/prisma.ts';

export interface EnqueueOptions {
  runAt?: Date;
  /**
   * At most one waiting job per key: enqueueing again while it waits keeps the first run time (and takes
   * the new payload). Once it has started, a new one is queued, since the caller has news it has not seen.
   */
  singletonKey?: string;
  maxAttempts?: number;
}

export interface JobRecord {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * A job as `graphile_worker.add_jobs` takes it, for hand-written statements that queue jobs alongside
 * their own writes (`outboxJobsSql`); `enqueue` is the way for everything else.
 */
export interface JobSpec {
  identifier: string;
  payload: object;
  max_attempts: number;
  /** May share one job with other batched specs of its queue and attempts (the handler still sees one payload). */
  batch?: true;
}

export function jobSpec(queue: string, payload: object, options: { maxAttempts?: number; batch?: boolean } = {}): JobSpec {
  return {
    identifier: queue,
    payload,
    max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    ...(options.batch ? { batch: true } : {}),
  };
}

/**
 * The statement, for a CTE, that writes the jobs of `specs` (a JSON array of `JobSpec`, e.g. `$9::json`)
 * to the outbox in the statement's database transaction, once per row of `perRowOf` when given (a CTE
 * that may be empty: no row, no jobs). The caller calls `relaySoon()` after its commit.
 */
export function outboxJobsSql(specs: string, perRowOf?: string): string {
  return `INSERT INTO job_outbox (spec) SELECT spec FROM ${perRowOf ? `${perRowOf}, ` : ''}json_array_elements(${specs}) AS spec RETURNING id`;
}

/** Outbox rows moved per statement; a larger backlog takes several. */
const RELAY_BATCH = 1000;
/** How long a relay waits after being asked, so the jobs of the commits around it go in one batch. */
const RELAY_GATHER_MS = 10;

/** Batched specs per job: enough to spread a fetch over many, few enough that the last waits little for the first. */
const BATCH_SIZE = 20;

/**
 * Moves the oldest outbox rows into graphile-worker, deleting them in the same database transaction;
 * batched specs of one queue and attempts go in jobs of up to $2 entries, in the order they were written.
 */
const RELAY_SQL = `
WITH moved AS (
  DELETE FROM job_outbox WHERE id IN (SELECT id FROM job_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING id, spec
), batched AS (
  SELECT id, spec, (row_number() OVER (PARTITION BY spec->>'identifier', spec->>'max_attempts' ORDER BY id) - 1) / $2 AS chunk
  FROM moved WHERE (spec->>'batch')::boolean
), jobs AS (
  SELECT spec FROM moved WHERE NOT coalesce((spec->>'batch')::boolean, false)
  UNION ALL
  SELECT json_build_object('identifier', spec->>'identifier', 'max_attempts', (spec->>'max_attempts')::int,
    'payload', json_agg(spec->'payload' ORDER BY id))
  FROM batched GROUP BY spec->>'identifier', spec->>'max_attempts', chunk
)
SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM (
  SELECT graphile_worker.add_jobs(ARRAY(SELECT json_populate_record(NULL::graphile_worker.job_spec, spec) FROM jobs))
  WHERE EXISTS (SELECT 1 FROM moved)
) AS queued)::int AS jobs`;

/** A payload is the JSON its own queue's producers wrote; each handler names the shape it takes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any, not unknown: a handler's narrower parameter must be assignable here
export type JobHandler = (payload: any, job: JobRecord) => Promise<void>;

/**
 * A handler that takes a batched job's entries together (one entry for a job of its own), so that their
 * reads and writes can be shared; it answers each entry's failure (an Error, retried alone) or `undefined`
 * (done). Throwing fails every entry.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as JobHandler
export type BatchJobHandler = (payloads: any[], job: JobRecord) => Promise<(Error | undefined)[]>;

export type JobOutcome = 'completed' | 'retrying' | 'failed';

export interface JobQueue {
  enqueue(tx: Tx | Db, queue: string, payload: object, options?: EnqueueOptions): Promise<void>;
  register(queue: string, handler: JobHandler): void;
  /** As `register`, for a handler that takes a batch's entries together (`BatchJobHandler`). */
  registerBatch(queue: string, handler: BatchJobHandler): void;
  /** Runs `queue`'s handler on a crontab schedule (`0 * * * *`: hourly), once per tick across every node. */
  schedule(queue: string, crontab: string, options?: { maxAttempts?: number }): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Ask an idle worker to look for due jobs now (NOTIFY already does after a commit). */
  nudge(): void;
  /** After a commit that wrote `outboxJobsSql` rows: move them into the queue shortly, in a batch. */
  relaySoon(): void;
  /** Moves every outbox row into the queue now; resolves with how many moved. */
  relayOutbox(): Promise<number>;
  /**
   * Runs due jobs in this process until none is left (tests; a worker need not be started). With `until`,
   * jobs due by then (their retries included) are brought forward and run as if that time had come.
   * Returns how many ran.
   */
  drain(options?: { queues?: string[]; until?: Date }): Promise<number>;
  /** The queue's own connection pool, once it has one (metrics). */
  connectionPool(): pg.Pool | undefined;
}

export interface QueueOptions {
  connectionString: string;
  pollIntervalMs: number;
  /** Jobs run at once by this node's worker pool. */
  concurrency?: number;
  /** A pool whose node has not written its heartbeat for this long is dead; its jobs are unlocked. */
  deadWorkerAfterMs?: number;
  log: FastifyBaseLogger;
  /** Called when a job attempt ends (metrics); for a batched job, once per entry. */
  onJobFinished?: (queue: string, outcome: JobOutcome, seconds: number) => void;
}

const DEFAULT_MAX_ATTEMPTS = 8;

export function createJobQueue(options: QueueOptions): JobQueue {
  const handlers = new Map<string, { each: JobHandler } | { batch: BatchJobHandler }>();
  const cronItems: { task: string; match: string; options: { maxAttempts: number; backfillPeriod: number } }[] = [];
  const concurrency = options.concurrency ?? 4;
  const deadAfterMs = options.deadWorkerAfterMs ?? 30_000;
  const node = `${hostname()}:${process.pid}`;
  const livePools = new Map<string, WorkerPool>();
  const events = new EventEmitter() as WorkerEvents;
  let pgPool: pg.Pool | undefined;
  let runner: Runner | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();
  let relaying: Promise<number> | undefined;
  let relayWanted = false;
  let relayTimer: NodeJS.Timeout | undefined;
  let relayPoll: NodeJS.Timeout | undefined;
  let stopped = false;

  // graphile-worker logs every job at info; its errors are failed attempts that the retry handles.
  const logger = new Logger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta, ...(meta?.error ? { error: briefError(meta.error) } : {}) };
    if (level === 'error' || level === 'warning') options.log.warn(fields, `jobs: ${message}`);
    else options.log.debug(fields, `jobs: ${message}`);
  });

  const pool = () => {
    if (pgPool) return pgPool;
    pgPool = new pg.Pool({ connectionString: options.connectionString, max: concurrency + 3 });
    // A connection dropped by the server (a restart, a failover) must not crash the process. One short
    // line each: the error carries the whole client with it (two hundred lines a connection).
    const onError = (error: Error) => options.log.warn({ error: briefError(error) }, 'jobs: database connection lost');
    pgPool.on('error', onError);
    pgPool.on('connect', (client) => client.on('error', onError));
    return pgPool;
  };

  events.on('pool:create', ({ workerPool }) => {
    livePools.set(workerPool.id, workerPool);
    void beat();
  });
  events.on('pool:release', ({ workerPool }) => {
    livePools.delete(workerPool.id);
    void pgPool?.query('DELETE FROM job_workers WHERE id = $1', [workerPool.id]).catch(() => {});
  });

  /** Says this node's pools are alive, and hands the jobs of pools that stopped saying so back to the queue. */
  function beat(): Promise<void> {
    beating = beating.then(async () => {
      const pool = pgPool;
      if (!pool) return; // stopped
      try {
        if (livePools.size > 0) {
          await pool.query(
            `INSERT INTO job_workers (id, node) SELECT unnest($1::text[]), $2
             ON CONFLICT (id) DO UPDATE SET last_seen_at = now()`,
            [[...livePools.keys()], node],
          );
        }
        const { rows } = await pool.query<{ locked_by: string }>(
          `WITH dead AS (
             SELECT DISTINCT j.locked_by FROM graphile_worker.jobs j
             WHERE j.locked_at < now() - make_interval(secs => $1) AND j.locked_by IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM job_workers w WHERE w.id = j.locked_by AND w.last_seen_at > now() - make_interval(secs => $1)))
           SELECT locked_by FROM dead, graphile_worker.force_unlock_workers(ARRAY(SELECT locked_by FROM dead))`,
          [deadAfterMs / 1000],
        );
        if (rows.length > 0) options.log.warn({ workers: rows.map((row) => row.locked_by) }, 'jobs: unlocked the jobs of dead workers');
      } catch (error) {
        options.log.warn({ err: error }, 'jobs: heartbeat failed');
      }
    });
    return beating;
  }

  /**
   * One relay at a time per process. A request during a relay runs another pass after it, since the
   * first pass's DELETE may have started before the requester's commit.
   */
  function relayOutbox(): Promise<number> {
    relayWanted = true;
    relaying ??= (async () => {
      let moved = 0;
      try {
        while (relayWanted) {
          relayWanted = false;
          for (;;) {
            const { rows } = await pool().query<{ moved: number }>({
              name: 'job_outbox_relay',
              text: RELAY_SQL,
              values: [RELAY_BATCH, BATCH_SIZE],
            });
            moved += rows[0]!.moved;
            if (rows[0]!.moved < RELAY_BATCH) break;
          }
        }
        return moved;
      } finally {
        relaying = undefined;
      }
    })();
    return relaying;
  }

  /** A relay nobody awaits: on failure the rows stay in the outbox, and the next request or poll moves them. */
  function relayLogged(): Promise<unknown> {
    return relayOutbox().catch((error: unknown) => options.log.warn({ err: error }, 'jobs: outbox relay failed'));
  }

  function relayLater(delayMs: number) {
    if (relayTimer || stopped) return;
    relayTimer = setTimeout(() => {
      relayTimer = undefined;
      void relayLogged();
    }, delayMs);
  }

  function finished(queue: string, job: { locked_at: Date | null }, outcome: JobOutcome) {
    const seconds = job.locked_at ? (Date.now() - new Date(job.locked_at).getTime()) / 1000 : 0;
    options.onJobFinished?.(queue, outcome, seconds);
  }

  /** The handlers as graphile-worker tasks; `only` narrows them (drain). */
  function taskList(only?: string[], onRun?: (jobId: string) => void): TaskList {
    const tasks: TaskList = {};
    for (const [queue, handler] of handlers) {
      if (only && !only.includes(queue)) continue;
      const task: Task = async (payload, helpers) => {
        const { job } = helpers;
        onRun?.(String(job.id));
        const record = (entry: unknown): JobRecord => ({
          id: job.id,
          queue,
          payload: entry,
          attempts: job.attempts,
          max_attempts: job.max_attempts,
        });
        const failedOutcome = () => (job.attempts >= job.max_attempts ? 'failed' : 'retrying');
        if ('batch' in handler) {
          const entries = Array.isArray(payload) ? (payload as unknown[]) : [payload];
          let failures: (Error | undefined)[];
          try {
            failures = await handler.batch(entries, record(payload));
          } catch (error) {
            for (let i = 0; i < entries.length; i++) finished(queue, job, failedOutcome());
            throw error;
          }
          for (const failure of failures) finished(queue, job, failure ? failedOutcome() : 'completed');
          if (!Array.isArray(payload)) {
            if (failures[0]) throw failures[0];
            return;
          }
          // graphile-worker settles the list itself; each rejection is marked handled so none is reported as unhandled before it does.
          return failures.map((failure) => {
            if (!failure) return Promise.resolve();
            const rejected = Promise.reject(failure);
            rejected.catch(() => {});
            return rejected;
          });
        }
        // Each entry of a batch is an attempt of its own, for the retries and for the metrics.
        const attempt = async (entry: unknown) => {
          try {
            await handler.each(entry, record(entry));
            finished(queue, job, 'completed');
          } catch (error) {
            finished(queue, job, failedOutcome());
            throw error;
          }
        };
        // A batch: one outcome per entry, so that only the failed ones are retried. The entries run one
        // after another, so a batch holds no more connections than a job does.
        if (Array.isArray(payload)) {
          const outcomes: Promise<void>[] = [];
          for (const entry of payload as unknown[]) {
            const earlier = outcomes.at(-1) ?? Promise.resolve();
            outcomes.push(earlier.catch(() => {}).then(() => attempt(entry)));
          }
          return outcomes;
        }
        await attempt(payload);
      };
      tasks[queue] = task;
    }
    return tasks;
  }

  return {
    async enqueue(tx, queue, payload, opts = {}) {
      const runAt = opts.runAt ?? null;
      const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      await tx.$queryRaw`
        SELECT (graphile_worker.add_job(${queue}, ${JSON.stringify(payload)}::json,
          run_at => ${runAt}::timestamptz, max_attempts => ${maxAttempts}::int,
          job_key => ${opts.singletonKey ?? null}::text, job_key_mode => 'preserve_run_at')).id`;
    },
    register(queue, handler) {
      handlers.set(queue, { each: handler });
    },
    registerBatch(queue, handler) {
      handlers.set(queue, { batch: handler });
    },
    schedule(queue, crontab, scheduleOptions = {}) {
      cronItems.push({ task: queue, match: crontab, options: { maxAttempts: scheduleOptions.maxAttempts ?? 3, backfillPeriod: 0 } });
    },
    async start() {
      if (runner) return;
      stopped = false;
      runner = await run({
        pgPool: pool(),
        taskList: taskList(),
        parsedCronItems: parseCronItems(cronItems),
        concurrency,
        pollInterval: options.pollIntervalMs,
        noHandleSignals: true,
        logger,
        events,
      });
      heartbeat = setInterval(() => void beat(), Math.max(50, Math.floor(deadAfterMs / 6)));
      heartbeat.unref();
      relayPoll = setInterval(() => relayLater(0), options.pollIntervalMs);
      relayPoll.unref();
    },
    async stop() {
      clearInterval(heartbeat);
      heartbeat = undefined;
      clearInterval(relayPoll);
      relayPoll = undefined;
      // What this node was about to move, it moves now (another node's poll would, later).
      const relayPending = relayTimer !== undefined || relaying !== undefined;
      clearTimeout(relayTimer);
      relayTimer = undefined;
      stopped = true;
      if (relayPending) await relayLogged();
      // Graceful: running jobs finish (their pool row goes on release); nothing new starts.
      await runner?.stop().catch((error: unknown) => options.log.warn({ err: error }, 'jobs: stop failed'));
      runner = undefined;
      await beating;
      await pgPool?.end();
      pgPool = undefined;
    },
    connectionPool: () => pgPool,
    nudge() {
      for (const workerPool of livePools.values()) workerPool.nudge(1);
    },
    relaySoon() {
      relayLater(RELAY_GATHER_MS);
    },
    relayOutbox,
    async drain({ queues, until } = {}) {
      const names = queues ?? [...handlers.keys()];
      let ran = 0;
      // A job already attempted in this call is not brought forward again: a failing job would otherwise
      // spend all its attempts at once instead of waiting for the next drain, as its backoff would.
      const attempted = new Set<string>();
      const tasks = taskList(names, (jobId) => {
        ran++;
        attempted.add(jobId);
      });
      if (Object.keys(tasks).length === 0) return 0;
      for (;;) {
        await relayOutbox();
        if (until) {
          await pool().query(
            `SELECT count(*) FROM graphile_worker.reschedule_jobs(ARRAY(
               SELECT id FROM graphile_worker.jobs
               WHERE task_identifier = ANY($1) AND run_at > now() AND run_at <= $2 AND locked_at IS NULL AND attempts < max_attempts
                 AND NOT (id = ANY($3::bigint[]))),
             run_at => now())`,
            [names, until, [...attempted]],
          );
        }
        const before = ran;
        const client = await pool().connect();
        try {
          await runTaskListOnce({ noHandleSignals: true, logger, events }, tasks, client).promise;
        } finally {
          client.release();
        }
        if (ran === before || !until) return ran;
      }
    },
  };
}

/** An error as a log line needs it: PostgreSQL's code and the message, without the objects it drags along. */
function briefError(error: unknown): { code?: string; message: string } {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? { code, message: error.message } : { message: error.message };
}
