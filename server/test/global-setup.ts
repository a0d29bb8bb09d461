/**
 * Once per test run: start PostgreSQL and build a migrated template database. Each test file then
 * clones it (CREATE DATABASE … TEMPLATE), so every file has a fresh database in a few milliseconds.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { applyMigrations } from '../src/db/migrator.ts';
import { MIGRATIONS_DIR } from '../src/main.ts';
import { databaseUrl, startTestPostgres, withAdminClient } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const postgres = await startTestPostgres();
  const template = `escrow_tpl_${randomBytes(4).toString('hex')}`;
  await withAdminClient(postgres.adminUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  await applyMigrations(databaseUrl(postgres.adminUrl, template), MIGRATIONS_DIR);
  project.provide('pgAdminUrl', postgres.adminUrl);
  project.provide('pgTemplate', template);
  console.log(`integration tests: PostgreSQL from ${postgres.source}`);

  return async () => {
    await withAdminClient(postgres.adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`, [
        template,
        `${template}_%`,
      ]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }).catch(() => {});
    await postgres.stop();
  };
}
