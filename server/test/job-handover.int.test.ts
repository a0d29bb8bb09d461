/**
 * Upgrading a database that still has jobs waiting in the old `jobs` table: the migration that drops it
 * hands every queued or running job to graphile-worker (same queue, payload, run time, key and the
 * attempts left), and leaves finished ones behind.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { applyMigrations } from '../src/db/migrator.ts';
import { MIGRATIONS_DIR } from '../src/main.ts';
import { databaseUrl, withAdminClient } from './database.ts';

const HANDOVER = '20261123152518_graphile_worker_job_workers_and_shared_secrets';
const name = `escrow_handover_${Date.now()}`;
let before: string | undefined;

afterAll(async () => {
  await withAdminClient(inject('pgAdminUrl'), (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  if (before) await rm(before, { recursive: true, force: true });
});

it('hands waiting jobs of the old queue to graphile-worker', async () => {
  const adminUrl = inject('pgAdminUrl');
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(adminUrl, name);

  // The database as it was before the handover migration.
  before = await mkdtemp(path.join(tmpdir(), 'escrow-migrations-'));
  for (const migration of await readdir(MIGRATIONS_DIR)) {
    if (migration >= HANDOVER) continue;
    await cp(path.join(MIGRATIONS_DIR, migration), path.join(before, migration), { recursive: true });
  }
  await applyMigrations(url, before);
  const runAt = new Date(Date.now() + 3 * 24 * 3600_000);
  await withAdminClient(url, (client) =>
    client.query(
      `INSERT INTO jobs (queue, payload, status, run_at, attempts, max_attempts, singleton_key) VALUES
         ('transactions.auto_release', '{"transactionId":"t-1"}', 'queued', $1, 0, 8, 'auto-release:t-1'),
         ('payouts.send', '{"payoutId":"p-1"}', 'running', now(), 2, 10, NULL),
         ('sms.send', '{"smsId":"s-1"}', 'done', now(), 1, 6, NULL)`,
      [runAt],
    ),
  );

  await applyMigrations(url, MIGRATIONS_DIR);

  const { rows } = await withAdminClient(url, (client) =>
    client.query<{ task_identifier: string; run_at: Date; attempts: number; max_attempts: number; key: string | null; payload: unknown }>(
      `SELECT j.task_identifier, j.run_at, j.attempts, j.max_attempts, j.key, p.payload
       FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p ON p.id = j.id ORDER BY j.task_identifier`,
    ),
  );
  expect(rows).toEqual([
    { task_identifier: 'payouts.send', run_at: expect.any(Date), attempts: 0, max_attempts: 9, key: null, payload: { payoutId: 'p-1' } },
    {
      task_identifier: 'transactions.auto_release',
      run_at: runAt,
      attempts: 0,
      max_attempts: 8,
      key: 'auto-release:t-1',
      payload: { transactionId: 't-1' },
    },
  ]);
  const { rows: tables } = await withAdminClient(url, (client) => client.query(`SELECT to_regclass('public.jobs') AS jobs`));
  expect(tables[0].jobs).toBeNull();
});
