/**
 * A second `npm start` on one machine (through `startRuntime`, embedded PostgreSQL in a data folder) is
 * refused in words, and leaves nothing running behind it: the data folder already served by a running
 * PostgreSQL names that server and a connection string to join it; a taken port stops the start after its
 * PostgreSQL was started, and that PostgreSQL is stopped again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { parseEnv } from '../src/config/env.ts';
import { EmbeddedClusterRunning, runningServerOf } from '../src/db/embedded-postgres.ts';
import { startRuntime, type Runtime } from '../src/main.ts';

const folders: string[] = [];
let first: Runtime | undefined;

const env = (port: number) =>
  parseEnv({ NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', JOBS_ENABLED: 'false' });

async function dataFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'escrow-second-start-'));
  folders.push(folder);
  return folder;
}

afterAll(async () => {
  await first?.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

it('refuses a second start on a data folder already in use, naming the running server and how to join it', async () => {
  const dataDir = await dataFolder();
  first = await startRuntime({ env: env(0), dataDir, say: () => {}, logger: false });
  const pgdata = path.join(dataDir, 'postgres', 'pgdata');
  const running = runningServerOf(pgdata);
  expect(running?.port).toBe(Number(new URL(first.databaseUrl).port));

  const refusal = await startRuntime({ env: env(0), dataDir, say: () => {}, logger: false }).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(EmbeddedClusterRunning);
  const { message, port, url } = refusal as EmbeddedClusterRunning;
  expect(message).toBe(`The embedded PostgreSQL in this folder is already running (pid ${running!.pid}, port ${port}).`);
  expect(url('escrow')).toBe(first.databaseUrl);

  // The first node is untouched and the offered connection string works.
  const client = new pg.Client({ connectionString: url('escrow') });
  await client.connect();
  try {
    expect((await client.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBeGreaterThanOrEqual(1); // its admin
  } finally {
    await client.end();
  }
  expect((await fetch(`${first.url.replace('localhost', '127.0.0.1')}/healthz`)).status).toBe(200);
});

it('stops the PostgreSQL it started when the port is taken, so the next start is not refused', async () => {
  const taken = Number(new URL(first!.url).port);
  const dataDir = await dataFolder();
  const failure = await startRuntime({ env: env(taken), dataDir, say: () => {}, logger: false }).catch((error: unknown) => error);
  expect((failure as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
  expect(runningServerOf(path.join(dataDir, 'postgres', 'pgdata'))).toBeUndefined();

  const again = await startRuntime({ env: env(0), dataDir, say: () => {}, logger: false });
  await again.stop();
});
