/**
 * Starts the whole product in one process: PostgreSQL (DATABASE_URL, or embedded in .data/ when unset),
 * migrations, the admin and demo data, the API, the mocks, the job worker and the built client.
 * Used by `npm start`, the browser tests and the benchmark.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { parseEnv, productionRefusals, resolveConfig, type AppConfig, type Env } from './config/env.ts';
import { databaseExists, findFreePort, startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded-postgres.ts';
import { applyMigrations } from './db/migrator.ts';
import { ensureAdmin, seedDemoData } from './seed/seed.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'prisma', 'migrations');

export interface RuntimeOptions {
  env?: Env;
  /** Folder for the embedded database and generated secrets (default .data/ in the project). */
  dataDir?: string;
  /** Log lines for the person starting the product. */
  say?: (line: string) => void;
  logger?: Parameters<typeof buildApp>[1] extends infer O ? (O extends { logger?: infer L } ? L : never) : never;
}

export interface Runtime {
  app: FastifyInstance;
  config: AppConfig;
  url: string;
  adminPhone: string;
  seeded: boolean;
  stop(): Promise<void>;
}

interface LocalSecrets {
  jwtSecret: string;
  callbackSecret: string;
  atCallbackSecret: string;
  airtelCallbackSecret: string;
}

const newSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * Secrets generated once and kept in the data folder, so tokens and callback URLs survive a restart.
 * A file from an older version gets the keys it lacks. Only the owner may read the file or list the folder.
 */
export async function localSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const stored = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Partial<LocalSecrets>) : {};
  const secrets: LocalSecrets = {
    jwtSecret: stored.jwtSecret ?? newSecret(48),
    callbackSecret: stored.callbackSecret ?? newSecret(24),
    atCallbackSecret: stored.atCallbackSecret ?? newSecret(24),
    airtelCallbackSecret: stored.airtelCallbackSecret ?? newSecret(24),
  };
  if (
    Object.keys(stored).length !== Object.keys(secrets).length ||
    Object.entries(secrets).some(([key, value]) => stored[key as keyof LocalSecrets] !== value)
  ) {
    await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  await chmod(file, 0o600);
  return secrets;
}

/** The production refusals as one error, one line per setting. */
export class StartRefused extends Error {
  constructor(readonly refusals: string[]) {
    super(`Refusing to start with NODE_ENV=production:\n${refusals.map((line) => `  - ${line}`).join('\n')}`);
  }
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const env = options.env ?? parseEnv();
  // Before anything is opened or connected: a production start with unsafe settings stops here.
  const refusals = productionRefusals(env);
  if (refusals.length > 0) throw new StartRefused(refusals);
  const say = options.say ?? ((line: string) => console.log(line));
  const dataDir = options.dataDir ?? path.join(PROJECT_ROOT, '.data');
  const secrets = await localSecrets(dataDir);

  let cluster: EmbeddedCluster | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    say('Starting embedded PostgreSQL (no DATABASE_URL set)…');
    cluster = await startEmbeddedPostgres({ baseDir: path.join(dataDir, 'postgres') });
    if (!(await databaseExists(cluster, 'escrow'))) await cluster.createDatabase('escrow');
    databaseUrl = cluster.url('escrow');
  }

  try {
    const migrated = await applyMigrations(databaseUrl, MIGRATIONS_DIR, say);
    if (migrated.applied.length === 0) say(`Database schema up to date (${migrated.alreadyApplied} migrations).`);

    const port = env.PORT === 0 ? await findFreePort() : env.PORT;
    const config = resolveConfig(env, {
      databaseUrl,
      jwtSecret: secrets.jwtSecret,
      callbackSecret: secrets.callbackSecret,
      atCallbackSecret: secrets.atCallbackSecret,
      airtelCallbackSecret: secrets.airtelCallbackSecret,
      port,
    });
    const app = await buildApp(config, options.logger === undefined ? {} : { logger: options.logger });

    const { phone: adminPhone } = await ensureAdmin(app.ctx);
    // Demo users (with a published password) only when asked for in production.
    const shouldSeed = env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production';
    const seeded = shouldSeed ? await seedDemoData(app.ctx) : false;
    if (seeded) say('Seeded demo users and transactions.');

    await app.listen({ port, host: env.HOST });
    const url = `http://localhost:${port}`;
    return {
      app,
      config,
      url,
      adminPhone,
      seeded,
      async stop() {
        await app.close();
        await cluster?.stop();
      },
    };
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
}
