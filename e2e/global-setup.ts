/**
 * Browser tests run against the whole product as `npm start` runs it (built client, API, mocks, jobs,
 * demo data), on a fresh database: a new embedded PostgreSQL in a temp folder, or a new database on
 * DATABASE_URL's server.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { parseEnv } from '../server/src/config/env.ts';
import { PROJECT_ROOT, startRuntime } from '../server/src/main.ts';
import { databaseUrl, withAdminClient } from '../server/test/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPhone: string;
    adminPassword: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(PROJECT_ROOT, 'client', 'dist', 'index.html'))) {
    throw new Error('client/dist is missing: run `npm run build` before the browser tests (npm test does).');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'escrow-e2e-'));
  let dropDatabase = async () => {};
  let url: string | undefined;
  if (process.env.DATABASE_URL) {
    const admin = new URL(process.env.DATABASE_URL);
    admin.pathname = '/postgres';
    const name = `escrow_e2e_${randomBytes(4).toString('hex')}`;
    await withAdminClient(admin.toString(), (client) => client.query(`CREATE DATABASE ${name}`));
    url = databaseUrl(admin.toString(), name);
    dropDatabase = () =>
      withAdminClient(admin.toString(), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {});
  }
  const env = parseEnv({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
    MPESA_MOCK_DELAY_MS: '300',
    // The files share one server and the demo buyer makes most of their escrows within the hour: the
    // default 30 an hour refused the last file's. The limit itself is proven by the integration tests.
    LIMIT_TRANSACTIONS_PER_HOUR: '500',
    JOB_POLL_INTERVAL_MS: '100',
    DATABASE_URL: url,
  });
  const runtime = await startRuntime({ env, dataDir, say: () => {} });
  project.provide('baseUrl', runtime.url.replace('localhost', '127.0.0.1'));
  project.provide('adminPhone', runtime.adminPhone);
  project.provide('adminPassword', env.ADMIN_PASSWORD);

  return async () => {
    await runtime.stop();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  };
}
