/**
 * The job queue on real PostgreSQL, with two queues on one database standing for two nodes: enqueue is
 * atomic with the business transaction, a running job is never taken by a second worker, a dead
 * worker's job is taken over, a poison job ends as a dead letter (shown in admin alerts) instead of
 * looping, job keys de-duplicate, cron ticks are registered in the database, and jobs written to the
 * outbox move into the queue exactly once, from the node that wrote them or from any worker's poll.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type Db } from '../db/prisma.ts';
import { bearer, makeUser } from '../../test/factories.ts';
import { buildTestApp, eventually, type TestApp } from '../../test/helpers.ts';
import { createJobQueue, jobSpec, outboxJobsSql, type JobQueue } from './queue.ts';

let t: TestApp;
let db: Db;
const queues: JobQueue[] = [];

/** Another node's queue on the same database. */
function node(options: { deadWorkerAfterMs?: number } = {}): JobQueue {
  const queue = createJobQueue({
    connectionString: t.databaseUrl,
    pollIntervalMs: 50,
    concurrency: 2,
    deadWorkerAfterMs: options.deadWorkerAfterMs ?? 1000,
    log: t.app.log,
  });
  queues.push(queue);
  return queue;
}

async function jobRows(task: string) {
  return db.$queryRaw<{ id: string; attempts: number; max_attempts: number; locked_by: string | null; last_error: string | null }[]>`
    SELECT id::text, attempts::int, max_attempts::int, locked_by, last_error FROM graphile_worker.jobs WHERE task_identifier = ${task}`;
}

beforeAll(async () => {
  t = await buildTestApp();
  db = createPrisma(t.databaseUrl, { poolSize: 4 });
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await db?.$disconnect();
  await t?.close();
});

describe('enqueue', () => {
  it('queues a job only when the business transaction commits', async () => {
    const queue = node();
    const seen: string[] = [];
    queue.register('test.atomic', async (payload: { note: string }) => void seen.push(payload.note));

    await db
      .$transaction(async (tx) => {
        await queue.enqueue(tx, 'test.atomic', { note: 'rolled back' });
        throw new Error('the state change failed');
      })
      .catch(() => {});
    await db.$transaction(async (tx) => queue.enqueue(tx, 'test.atomic', { note: 'committed' }));

    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual(['committed']);
    expect(await jobRows('test.atomic')).toEqual([]); // done jobs are deleted
  });

  it('keeps one waiting job per key', async () => {
    const queue = node();
    const seen: number[] = [];
    queue.register('test.keyed', async (payload: { n: number }) => void seen.push(payload.n));
    const runAt = new Date(Date.now() + 60_000);
    for (let n = 1; n <= 5; n++) await queue.enqueue(db, 'test.keyed', { n }, { runAt, singletonKey: 'keyed:1' });

    expect(await jobRows('test.keyed')).toHaveLength(1);
    expect(await queue.drain()).toBe(0); // not due yet
    expect(await queue.drain({ until: new Date(runAt.getTime() + 1000) })).toBe(1);
    expect(seen).toEqual([5]);
  });
});

/** Writes jobs to the outbox as a hot statement does, in one statement (its own database transaction). */
async function writeToOutbox(task: string, payloads: object[], options: { batch?: boolean; maxAttempts?: number } = {}): Promise<void> {
  const specs = JSON.stringify(payloads.map((payload) => jobSpec(task, payload, { maxAttempts: 3, ...options })));
  await db.$queryRawUnsafe(`WITH jobs AS (${outboxJobsSql('$1::json')}) SELECT count(*)::int FROM jobs`, specs);
}

async function outboxCount(task: string): Promise<number> {
  const [row] = await db.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM job_outbox WHERE spec->>'identifier' = ${task}`;
  return row!.count;
}

describe('the outbox', () => {
  it('holds jobs out of the queue until relayed, then runs each once with its own attempts', async () => {
    const queue = node();
    const seen: number[] = [];
    queue.register('test.outbox', async (payload: { n: number }) => void seen.push(payload.n));
    await writeToOutbox('test.outbox', [{ n: 1 }, { n: 2 }]);
    expect(await jobRows('test.outbox')).toEqual([]);
    expect(await outboxCount('test.outbox')).toBe(2);

    expect(await queue.relayOutbox()).toBe(2);
    expect(await outboxCount('test.outbox')).toBe(0);
    expect((await jobRows('test.outbox')).map((job) => job.max_attempts)).toEqual([3, 3]);
    expect(await queue.drain()).toBe(2);
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('runs the jobs of a commit moments after relaySoon, on a running worker', async () => {
    const queue = node();
    const seen: number[] = [];
    queue.register('test.outbox-soon', async (payload: { n: number }) => void seen.push(payload.n));
    await queue.start();
    await writeToOutbox('test.outbox-soon', [{ n: 7 }]);
    const started = Date.now();
    queue.relaySoon();
    await eventually(async () => seen.length === 1);
    expect(seen).toEqual([7]);
    expect(Date.now() - started).toBeLessThan(2000);
    await queue.stop();
  });

  it("moves the jobs a stopped node left in the outbox at another worker's next poll", async () => {
    const queue = node();
    const seen: number[] = [];
    queue.register('test.outbox-orphan', async (payload: { n: number }) => void seen.push(payload.n));
    await queue.start();
    // Written, and the writer stopped before it could relay: nobody calls relaySoon.
    await writeToOutbox('test.outbox-orphan', [{ n: 1 }, { n: 2 }, { n: 3 }]);
    await eventually(async () => seen.length === 3);
    expect(seen.sort()).toEqual([1, 2, 3]);
    expect(await outboxCount('test.outbox-orphan')).toBe(0);
    await queue.stop();
  });

  it('moves each row once when several nodes relay at the same time, across several batches', async () => {
    const [a, b, c] = [node(), node(), node()];
    const payloads = Array.from({ length: 2500 }, (_, n) => ({ n }));
    for (let from = 0; from < payloads.length; from += 500) await writeToOutbox('test.outbox-race', payloads.slice(from, from + 500));

    const moved = await Promise.all([a.relayOutbox(), b.relayOutbox(), c.relayOutbox()]);
    expect(moved.reduce((sum, count) => sum + count, 0)).toBe(2500);
    const [row] = await db.$queryRaw<{ jobs: number; distinct_n: number }[]>`
      SELECT count(*)::int AS jobs, count(DISTINCT j.payload->>'n')::int AS distinct_n
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks task ON task.id = j.task_id
      WHERE task.identifier = 'test.outbox-race'`;
    expect(row).toEqual({ jobs: 2500, distinct_n: 2500 });
    expect(await outboxCount('test.outbox-race')).toBe(0);
  });

  it('puts batched specs of one queue and attempts in shared jobs, and runs each entry once as its own payload', async () => {
    const queue = node();
    await queue.relayOutbox(); // whatever earlier tests left
    const seen: { n: number; attempts: number }[] = [];
    queue.register('test.batched', async (payload: { n: number }, job) => void seen.push({ n: payload.n, attempts: job.attempts }));
    await writeToOutbox(
      'test.batched',
      Array.from({ length: 45 }, (_, n) => ({ n })),
      { batch: true },
    );
    await writeToOutbox('test.batched', [{ n: 100 }], { batch: true, maxAttempts: 5 });
    await writeToOutbox('test.batched', [{ n: 200 }]); // not batched: a job of its own

    expect(await queue.relayOutbox()).toBe(47);
    const jobs = await db.$queryRaw<{ entries: number; max_attempts: number }[]>`
      SELECT CASE WHEN json_typeof(j.payload) = 'array' THEN json_array_length(j.payload) ELSE 0 END AS entries, j.max_attempts::int
      FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks task ON task.id = j.task_id
      WHERE task.identifier = 'test.batched' ORDER BY entries DESC, j.max_attempts`;
    expect(jobs).toEqual([
      { entries: 20, max_attempts: 3 },
      { entries: 20, max_attempts: 3 },
      { entries: 5, max_attempts: 3 },
      { entries: 1, max_attempts: 5 },
      { entries: 0, max_attempts: 3 },
    ]);
    expect(await queue.drain()).toBe(5);
    expect(seen.map((entry) => entry.n).sort((a, b) => a - b)).toEqual([...Array.from({ length: 45 }, (_, n) => n), 100, 200]);
    expect(seen.every((entry) => entry.attempts === 1)).toBe(true);
  });

  it('retries only the entries of a batch that failed, with the attempt counted', async () => {
    const queue = node();
    const runs: { n: number; attempts: number }[] = [];
    queue.register('test.batch-retry', async (payload: { n: number }, job) => {
      runs.push({ n: payload.n, attempts: job.attempts });
      if (payload.n === 2 && job.attempts === 1) throw new Error('gateway down');
    });
    await writeToOutbox('test.batch-retry', [{ n: 1 }, { n: 2 }, { n: 3 }], { batch: true });
    expect(await queue.drain()).toBe(1);
    const [left] = await db.$queryRaw<{ payload: unknown; attempts: number }[]>`
      SELECT j.payload, j.attempts::int FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks task ON task.id = j.task_id
      WHERE task.identifier = 'test.batch-retry'`;
    expect(left).toEqual({ payload: [{ n: 2 }], attempts: 1 });

    expect(await queue.drain({ until: new Date(Date.now() + 3_600_000) })).toBe(1);
    expect(runs).toEqual([
      { n: 1, attempts: 1 },
      { n: 2, attempts: 1 },
      { n: 3, attempts: 1 },
      { n: 2, attempts: 2 },
    ]);
    expect(await jobRows('test.batch-retry')).toEqual([]);
  });

  it('hands a batch handler the entries together, a lone job as a batch of one, and retries only the entries it failed', async () => {
    const queue = node();
    await queue.relayOutbox(); // whatever earlier tests left
    const calls: { ns: number[]; attempts: number }[] = [];
    queue.registerBatch('test.batch-handler', async (payloads: { n: number }[], job) => {
      calls.push({ ns: payloads.map((payload) => payload.n), attempts: job.attempts });
      return payloads.map((payload) => (payload.n % 2 === 0 && job.attempts === 1 ? new Error(`gateway refused ${payload.n}`) : undefined));
    });
    await writeToOutbox('test.batch-handler', [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }], { batch: true });
    await writeToOutbox('test.batch-handler', [{ n: 5 }]); // not batched: a job of its own

    expect(await queue.drain()).toBe(2);
    expect(calls.map((call) => call.ns).sort()).toEqual([[1, 2, 3, 4], [5]]);
    const left = await db.$queryRaw<{ payload: unknown; attempts: number }[]>`
      SELECT j.payload, j.attempts::int FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks task ON task.id = j.task_id
      WHERE task.identifier = 'test.batch-handler'`;
    expect(left).toEqual([{ payload: [{ n: 2 }, { n: 4 }], attempts: 1 }]);

    expect(await queue.drain({ until: new Date(Date.now() + 3_600_000) })).toBe(1);
    expect(calls.at(-1)).toEqual({ ns: [2, 4], attempts: 2 });
    expect(await jobRows('test.batch-handler')).toEqual([]);
  });

  it('sends no NOTIFY when the outbox is empty, and one per batch otherwise', async () => {
    const queue = node();
    await queue.relayOutbox(); // whatever earlier tests left
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.channel));
    await listener.query('LISTEN "jobs:insert"');
    try {
      expect(await queue.relayOutbox()).toBe(0);
      await writeToOutbox('test.outbox-notify', [{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(await queue.relayOutbox()).toBe(3);
      await listener.query('SELECT 1'); // notifications sent before this answer have arrived
      expect(heard).toEqual(['jobs:insert']);
    } finally {
      await listener.end();
    }
  });
});

describe('several workers on one database', () => {
  it('never gives a running job to a second worker, however long it runs', async () => {
    const [a, b] = [node(), node()];
    let runs = 0;
    let release!: () => void;
    const finished = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      runs++;
      await sleep(3500); // 3.5 × the time after which a silent worker counts as dead
      release();
    };
    a.register('test.slow', slow);
    b.register('test.slow', slow);
    await Promise.all([a.start(), b.start()]);

    await a.enqueue(db, 'test.slow', {});
    await finished;
    await eventually(async () => (await jobRows('test.slow')).length === 0);
    await sleep(1500); // time for a second pick-up, if the lock had lapsed
    expect(runs).toBe(1);
  });

  it("takes over the job of a worker that died holding it, and counts the dead worker's attempt", async () => {
    // A worker locked the job, then its process vanished: no heartbeat, no completion.
    await db.$queryRaw`SELECT graphile_worker.add_job('test.orphan', '{}'::json, max_attempts => 5)`;
    await db.$executeRaw`
      UPDATE graphile_worker._private_jobs SET locked_by = 'pool-vanished', locked_at = now() - interval '5 seconds', attempts = 1
      WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'test.orphan')`;
    const survivor = node();
    const attempts: number[] = [];
    survivor.register('test.orphan', async (_payload, job) => void attempts.push(job.attempts));
    await survivor.start();

    await eventually(async () => attempts.length === 1, 10_000);
    expect(attempts).toEqual([2]);
    await eventually(async () => (await jobRows('test.orphan')).length === 0);
  });

  it('does not take over the job of a worker that is alive', async () => {
    await db.$queryRaw`SELECT graphile_worker.add_job('test.held', '{}'::json)`;
    await db.jobWorker.create({ data: { id: 'pool-alive-elsewhere', node: 'other-host:1' } });
    await db.$executeRaw`
      UPDATE graphile_worker._private_jobs SET locked_by = 'pool-alive-elsewhere', locked_at = now() - interval '5 seconds', attempts = 1
      WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'test.held')`;
    // The other node keeps beating, from before this one starts (a start can take longer than the dead-worker
    // limit on a loaded machine); this one must leave its job alone.
    const beat = () => db.jobWorker.update({ where: { id: 'pool-alive-elsewhere' }, data: { lastSeenAt: new Date() } });
    // `.catch` also starts the query: Prisma sends it only once its promise is awaited or chained.
    const beating = setInterval(() => void beat().catch(() => undefined), 200);
    const other = node();
    let runs = 0;
    other.register('test.held', async () => void runs++);
    try {
      await other.start();
      await sleep(1800);
    } finally {
      clearInterval(beating);
    }
    expect(runs).toBe(0);
    expect((await jobRows('test.held'))[0]).toMatchObject({ locked_by: 'pool-alive-elsewhere' });
  });
});

describe('failures', () => {
  it('retries a failing job with backoff, then keeps it as a dead letter that admins see in alerts', async () => {
    const queue = node();
    let runs = 0;
    queue.register('test.poison', async () => {
      runs++;
      throw new Error('upstream says no');
    });
    await queue.enqueue(db, 'test.poison', {}, { maxAttempts: 3 });

    expect(await queue.drain()).toBe(1); // the retry waits for its backoff
    const [afterFirst] = await db.$queryRaw<{ delay: number }[]>`
      SELECT EXTRACT(EPOCH FROM run_at - now())::float8 AS delay FROM graphile_worker.jobs WHERE task_identifier = 'test.poison'`;
    expect(afterFirst!.delay).toBeGreaterThan(1);

    // However far the clock moves, it runs maxAttempts times and stops.
    await queue.drain({ until: new Date(Date.now() + 30 * 24 * 3600_000) });
    await queue.drain({ until: new Date(Date.now() + 30 * 24 * 3600_000) });
    expect(runs).toBe(3);
    expect((await jobRows('test.poison'))[0]).toMatchObject({
      attempts: 3,
      max_attempts: 3,
      locked_by: null,
      last_error: 'upstream says no',
    });

    const admin = await makeUser(t.app, { userType: 'admin' });
    const alerts = await t.app.inject({ method: 'GET', url: '/api/admin/monitoring/alerts', headers: bearer(admin) });
    expect(alerts.statusCode, alerts.body).toBe(200);
    const data = alerts.json().data;
    expect(data.counts.failed_jobs).toBeGreaterThanOrEqual(1);
    expect(data.failed_jobs).toContainEqual(expect.objectContaining({ queue: 'test.poison', attempts: 3, last_error: 'upstream says no' }));
  });

  it('lets a job that keeps killing its worker fail for good instead of looping', async () => {
    await db.$queryRaw`SELECT graphile_worker.add_job('test.killer', '{}'::json, max_attempts => 2)`;
    // Both attempts were taken by workers that died with the job (each lock counted one attempt).
    await db.$executeRaw`
      UPDATE graphile_worker._private_jobs SET locked_by = 'pool-killed', locked_at = now() - interval '5 seconds', attempts = 2
      WHERE task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'test.killer')`;
    const queue = node();
    let runs = 0;
    queue.register('test.killer', async () => void runs++);
    await queue.start();
    await eventually(async () => (await jobRows('test.killer'))[0]?.locked_by === null, 10_000);
    await sleep(500);
    expect(runs).toBe(0);
    expect((await jobRows('test.killer'))[0]).toMatchObject({ attempts: 2, max_attempts: 2 });
  });
});

describe('cron', () => {
  it('registers recurring jobs in the database, so every node shares one schedule', async () => {
    const queue = node();
    queue.register('test.hourly', async () => {});
    queue.schedule('test.hourly', '0 * * * *');
    await queue.start();
    const known = await eventually(async () => {
      const rows = await db.$queryRaw<{ identifier: string }[]>`SELECT identifier FROM graphile_worker._private_known_crontabs`;
      return rows.some((row) => row.identifier === 'test.hourly') ? rows : null;
    });
    expect(known.map((row) => row.identifier)).toContain('test.hourly');
  });
});
