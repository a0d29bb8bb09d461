/**
 * Starts the whole product in one process: PostgreSQL (DATABASE_URL, or embedded in .data/ when unset),
 * migrations, the admin and demo data, the API, the mocks, the job worker and the built client.
 * Used by `npm start`, the browser tests and the benchmark.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from './app.ts';
import { parseEnv, productionRefusals, resolveConfig, type AppConfig, type Env } from './config/env.ts';
import { databaseExists, findFreePort, startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded-postgres.ts';
import { applyMigrations } from './db/migrator.ts';
import { DEMO_USERS, ensureAdmin, seedDemoData } from './seed/seed.ts';

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
  /** The database this node uses; with the embedded one, other nodes join with it as DATABASE_URL. */
  databaseUrl: string;
  isEmbeddedDatabase: boolean;
  adminPhone: string;
  seeded: boolean;
  /** The demo accounts this database holds (none unless demo data was seeded): the start banner lists only these. */
  demoUsers: (typeof DEMO_USERS)[number][];
  stop(): Promise<void>;
}

/** Secrets generated once per database when the environment does not set them (production sets them). */
const GENERATED_SECRETS = {
  jwtSecret: () => randomBytes(48).toString('base64url'),
  callbackSecret: () => randomBytes(24).toString('base64url'),
  atCallbackSecret: () => randomBytes(24).toString('base64url'),
  airtelCallbackSecret: () => randomBytes(24).toString('base64url'),
} satisfies Record<string, () => string>;

type SharedSecrets = Record<keyof typeof GENERATED_SECRETS, string>;

/**
 * Every node on one database signs and checks with the same secrets, kept in `app_secrets`: the first
 * node to start creates them, the others read them. A data folder that still has the secrets.json of
 * older versions hands its values over, so tokens and callback URLs already out there stay valid.
 */
async function sharedSecrets(databaseUrl: string, dataDir: string): Promise<SharedSecrets> {
  const legacyFile = path.join(dataDir, 'secrets.json');
  const legacy = existsSync(legacyFile) ? (JSON.parse(await readFile(legacyFile, 'utf8')) as Partial<SharedSecrets>) : {};
  if (existsSync(legacyFile)) {
    // The old file still holds live secrets: only its owner may read it or list its folder.
    await chmod(dataDir, 0o700);
    await chmod(legacyFile, 0o600);
  }
  const names = Object.keys(GENERATED_SECRETS) as (keyof SharedSecrets)[];
  const candidates = names.map((name) => legacy[name] ?? GENERATED_SECRETS[name]());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('INSERT INTO app_secrets (name, value) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (name) DO NOTHING', [
      names,
      candidates,
    ]);
    const { rows } = await client.query<{ name: keyof SharedSecrets; value: string }>(
      'SELECT name, value FROM app_secrets WHERE name = ANY($1)',
      [names],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value])) as SharedSecrets;
  } finally {
    await client.end();
  }
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

  let cluster: EmbeddedCluster | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    say('Starting embedded PostgreSQL (no DATABASE_URL set)…');
    cluster = await startEmbeddedPostgres({ baseDir: path.join(dataDir, 'postgres') });
    if (!(await databaseExists(cluster, 'escrow'))) await cluster.createDatabase('escrow');
    databaseUrl = cluster.url('escrow');
  }

  let app: FastifyInstance | undefined;
  try {
    const migrated = await applyMigrations(databaseUrl, MIGRATIONS_DIR, say);
    if (migrated.applied.length === 0) say(`Database schema up to date (${migrated.alreadyApplied} migrations).`);
    const secrets = await sharedSecrets(databaseUrl, dataDir);

    const port = env.PORT === 0 ? await findFreePort() : env.PORT;
    const config = resolveConfig(env, {
      databaseUrl,
      jwtSecret: secrets.jwtSecret,
      callbackSecret: secrets.callbackSecret,
      atCallbackSecret: secrets.atCallbackSecret,
      airtelCallbackSecret: secrets.airtelCallbackSecret,
      port,
    });
    app = await buildApp(config, options.logger === undefined ? {} : { logger: options.logger });

    const { phone: adminPhone } = await ensureAdmin(app.ctx);
    // Demo users (with a published password) only when asked for in production.
    const shouldSeed = env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production';
    const seeded = shouldSeed ? await seedDemoData(app.ctx) : false;
    if (seeded) say('Seeded demo users and transactions.');
    // Without seeding a demo phone number is someone's real account, not a demo login.
    const demoPhones = new Set(
      shouldSeed
        ? (
            await app.ctx.db.user.findMany({
              where: { phoneNumber: { in: DEMO_USERS.map((user) => user.phone) } },
              select: { phoneNumber: true },
            })
          ).map((user) => user.phoneNumber)
        : [],
    );
    const demoUsers = DEMO_USERS.filter((user) => demoPhones.has(user.phone));

    await app.listen({ port, host: env.HOST });
    const url = `http://localhost:${port}`;
    const started = app;
    return {
      app: started,
      config,
      url,
      databaseUrl,
      isEmbeddedDatabase: cluster !== undefined,
      adminPhone,
      seeded,
      demoUsers,
      async stop() {
        await started.close();
        await cluster?.stop();
      },
    };
  } catch (error) {
    // A start that fails half way (the port taken, say) leaves no worker, pool or PostgreSQL behind.
    await app?.close().catch(() => {});
    await cluster?.stop();
    throw error;
  }
}
