/**
 * A small PostgreSQL-backed job queue (docs/adr/0003-job-queue.md).
 *
 * - `enqueue(tx, …)` writes the job in the caller's database transaction, so a side effect is queued
 *   if and only if the change that causes it commits (transactional outbox).
 * - Workers claim due jobs with `FOR UPDATE SKIP LOCKED`, so any number of server processes share one
 *   queue without taking the same job twice. A job whose worker died is retried after `staleAfterMs`.
 * - Failed jobs are retried with exponential backoff up to `maxAttempts`, then kept as `failed`.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/prisma.ts';
import { Prisma } from '../db/prisma.ts';

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one queued or running job per key; a second enqueue with the same key is ignored. */
  singletonKey?: string;
  maxAttempts?: number;
}

export interface JobRecord {
  id: bigint;
  queue: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

export type JobHandler = (payload: any, job: JobRecord) => Promise<void>;

export interface JobQueue {
  enqueue(tx: Tx | Db, queue: string, payload: object, options?: EnqueueOptions): Promise<void>;
  register(queue: string, handler: JobHandler): void;
  start(): void;
  stop(): Promise<void>;
  /** Ask the worker to look for due jobs now instead of at the next poll (after a commit). */
  nudge(): void;
  /** Runs due jobs until none is left (tests, and `stop` draining). Returns how many ran. */
  drain(options?: { queues?: string[]; until?: Date }): Promise<number>;
}

export interface QueueOptions {
  pollIntervalMs: number;
  batchSize?: number;
  staleAfterMs?: number;
  log: FastifyBaseLogger;
}

export function createJobQueue(db: Db, options: QueueOptions): JobQueue {
  const handlers = new Map<string, JobHandler>();
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? 10;
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = true;
  let current: Promise<unknown> = Promise.resolve();

  async function claim(queues: string[], until: Date | undefined): Promise<JobRecord[]> {
    const dueBy = until ?? new Date();
    return db.$queryRaw<JobRecord[]>`
      UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE queue IN (${Prisma.join(queues)})
          AND run_at <= ${dueBy}
          AND (status = 'queued' OR (status = 'running' AND locked_at < now() - make_interval(secs => ${staleAfterMs / 1000})))
        ORDER BY run_at, id
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, queue, payload, attempts, max_attempts`;
  }

  async function runOne(job: JobRecord): Promise<void> {
    const handler = handlers.get(job.queue);
    try {
      if (!handler) throw new Error(`no handler for queue ${job.queue}`);
      await handler(job.payload, job);
      await db.$executeRaw`UPDATE jobs SET status = 'done', finished_at = now(), singleton_key = NULL, locked_at = NULL, last_error = NULL WHERE id = ${job.id}`;
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 2000);
      const isFinal = job.attempts >= job.max_attempts;
      options.log.warn({ job: job.queue, id: String(job.id), attempt: job.attempts, final: isFinal, err: message }, 'job failed');
      if (isFinal) {
        await db.$executeRaw`UPDATE jobs SET status = 'failed', finished_at = now(), singleton_key = NULL, locked_at = NULL, last_error = ${message} WHERE id = ${job.id}`;
      } else {
        const delaySeconds = Math.min(2 ** job.attempts * 5, 3600);
        await db.$executeRaw`UPDATE jobs SET status = 'queued', locked_at = NULL, last_error = ${message}, run_at = now() + make_interval(secs => ${delaySeconds}) WHERE id = ${job.id}`;
      }
    }
  }

  async function runDue(queues: string[], until?: Date): Promise<number> {
    if (queues.length === 0) return 0;
    let total = 0;
    for (;;) {
      const jobs = await claim(queues, until);
      if (jobs.length === 0) return total;
      for (const job of jobs) await runOne(job);
      total += jobs.length;
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref?.();
  }

  function tick() {
    if (running || stopped) return;
    running = true;
    current = runDue([...handlers.keys()])
      .catch((error: unknown) => options.log.error({ err: error }, 'job poll failed'))
      .finally(() => {
        running = false;
        schedule(options.pollIntervalMs);
      });
  }

  return {
    async enqueue(tx, queue, payload, opts = {}) {
      const runAt = opts.runAt ?? new Date();
      const maxAttempts = opts.maxAttempts ?? 8;
      await tx.$executeRaw`
        INSERT INTO jobs (queue, payload, run_at, max_attempts, singleton_key)
        VALUES (${queue}, ${JSON.stringify(payload)}::jsonb, ${runAt}, ${maxAttempts}, ${opts.singletonKey ?? null})
        ON CONFLICT (singleton_key) DO NOTHING`;
    },
    register(queue, handler) {
      handlers.set(queue, handler);
    },
    start() {
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
    nudge() {
      if (!stopped && !running) schedule(0);
    },
    drain({ queues, until } = {}) {
      return runDue(queues ?? [...handlers.keys()], until);
    },
  };
}
