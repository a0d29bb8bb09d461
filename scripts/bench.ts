/**
 * `npm run bench`: the API under load, each endpoint side by side with a yardstick measured just before it
 * in the same run, on a fresh embedded PostgreSQL seeded in bulk (scripts/seed-bulk.ts, generate_series).
 *
 * 1. PostgreSQL in a temporary folder (loopback only), migrations, a few sessions.
 * 2. Three child processes, so the load generator (autocannon) never shares their event loops: the product
 *    (scripts/lib/bench-server.ts; production logging: info, asynchronous, to a file; `--profile` runs it
 *    under `node --cpu-prof` and summarises the top frames), the M-Pesa and Africa's Talking mocks it pays
 *    and texts through (the same script; MPESA_MOCK_DELAY_MS=0; they call back to the product, as the real
 *    services do from outside our process), and the yardsticks
 *    (scripts/lib/bench-baseline.ts): a bare `node:http` answer, the fee calculator written by hand with
 *    the product's headers and log line, and the transaction detail and list written by hand with
 *    `node:http` + `pg` (same database, same tokens, the product's answer:
 *    server/test/bench-yardstick.int.test.ts compares them).
 * 3. For each data size (`--sizes`, default 100,000 then 1,000,000 transactions; the seed grows the same
 *    database): charges calculate against bare node:http (the goal) and against its hand-written twin (no
 *    goal: how far the product is from the same work), the detail read and the two lists against their
 *    hand-written twins, the admin dashboard; then the creates (`--pairs` runs, each run's SMS delivered
 *    before the next starts; the median run's rate is the figure) and pay-ins end to end once.
 * 4. req/s, p50, p99 and the ratios against the goals below, and how each ratio moved from the smallest to
 *    the largest size; the ledger is checked afterwards. Writes bench/report.md, bench/report.json and the
 *    figures block of docs/QUALITY.md.
 *
 *   npm run bench -- [--sizes 100000,1000000] [--duration 5] [--connections 10] [--pairs 3] [--profile] [--statements] [--only read,list] [--no-docs] [--strict]
 *   (`--statements`: PostgreSQL's own account of each run, from pg_stat_statements: the top statements by
 *   time spent in the server, with calls and mean time, printed after each scenario; `--no-worker`: the
 *   product without its job worker, as a web-only node, so the SMS of the creates wait until the end;
 *   `--pg-setting name=value`, repeatable: a PostgreSQL setting for the run's server, e.g.
 *   `track_wal_io_timing=on` or `commit_delay=200`, to try a setting side by side with the default)
 *   npm run bench -- --sizes 10000,100000        (a quick run: about 5 minutes; the default's million takes 15 to seed)
 *   npm run bench -- --nodes 3 [--count 1000] [--concurrency 24]   (several nodes: scripts/bench-nodes.ts)
 *
 * Bounded: every phase has a time limit and the whole run stops after 10 minutes, 2 more per extra pair,
 * 3 more per 100,000 transactions above 100,000 (41 for a million with 3 pairs). Loopback only.
 */
import autocannon, { type Options, type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findFreePort, startEmbeddedPostgres, type EmbeddedCluster } from '../server/src/db/embedded-postgres.ts';
import { applyMigrations } from '../server/src/db/migrator.ts';
import { createPrisma, type Db } from '../server/src/db/prisma.ts';
import { MIGRATIONS_DIR } from '../server/src/main.ts';
import { checkLedgerInvariants } from '../server/src/modules/ledger/invariants.ts';
import { topFrames, type Frame } from './lib/cpu-profile.ts';
import { cpuSpent, readCpu, type CpuSeconds } from './lib/cpu-time.ts';
import { projectRoot } from './lib/paths.ts';
import { seedBulk } from './seed-bulk.ts';

/** docs/QUALITY.md "Hot paths": each ratio against the yardstick measured just before it. */
/** The fee calculator's request, to the product and to its hand-written twin. */
const CALCULATOR_PATH = '/api/v1/charges/calculate?amount=2500&type=with_dispute';
const calculatorRequests: Options['requests'] = [{ method: 'GET', path: CALCULATOR_PATH }];
/** Rows printed for comparison, with no goal of their own. */
const WITHOUT_GOAL = ['fastify-bare', 'charges-same-work'];
const GOALS = {
  chargesRatio: 0.5,
  readRatio: 0.6,
  listRatio: 0.5,
  listP99Ms: 100,
  dashboardP99Ms: 100,
  createsPerSecond: 500,
  /** A ratio may fall by at most this much from the smallest data size to the largest. */
  ratioFall: 0.1,
} as const;

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    count: { type: 'string' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    profile: { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    only: { type: 'string' },
    nodes: { type: 'string' },
    concurrency: { type: 'string', default: '24' },
    statements: { type: 'boolean', default: false },
    'no-worker': { type: 'boolean', default: false },
    pairs: { type: 'string', default: '3' },
    'pg-setting': { type: 'string', multiple: true, default: [] },
  },
});
// `--nodes N`: the escrow flow on one node and on N nodes sharing one PostgreSQL (scripts/bench-nodes.ts).
if (args.nodes) {
  const { benchNodes } = await import('./bench-nodes.ts');
  await benchNodes({ nodes: Number(args.nodes), count: args.count ? Number(args.count) : 1000, concurrency: Number(args.concurrency) });
  process.exit(0);
}
/** `--only read,create`: just these scenarios (their yardsticks always run), e.g. to profile one. */
const only = args.only ? new Set(args.only.split(',').map((name) => name.trim())) : null;
const runs = (key: string) => !only || only.has(key);
/** `--pg-setting name=value` → [name, value]; the value may itself hold `=`. */
function parsePgSetting(setting: string): [string, string] {
  const at = setting.indexOf('=');
  if (at < 1) throw new Error(`--pg-setting wants name=value, got "${setting}"`);
  return [setting.slice(0, at), setting.slice(at + 1)];
}
/** `--count N` is one size (as before `--sizes`). */
const sizes = (args.count ?? args.sizes)
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => size > 0)
  .sort((a, b) => a - b);
const largest = sizes.at(-1)!;
const duration = Number(args.duration);
const connections = Number(args.connections);
/** Yardstick and product runs per ratio scenario, the median pair kept (`--pairs`). */
const pairCount = Math.max(1, Number(args.pairs));
const warmup = Math.max(1, Math.round(duration / 5));
const CREATING_BUYERS = 100;
// Seeding grows with the largest size (a million took about 20 minutes with other work on two cores).
const DEADLINE_MS = (10 + 2 * (pairCount - 1) + (3 * Math.max(0, largest - 100_000)) / 100_000) * 60_000;

const say = (line: string) => console.log(`bench: ${line}`);
const startedAt = Date.now();
const jwtSecret = randomBytes(32).toString('hex');
const callbackSecret = randomBytes(16).toString('hex');

let cluster: EmbeddedCluster | undefined;
let tempDir: string | undefined;
let server: ChildProcess | undefined;
let baseline: ChildProcess | undefined;
let rails: ChildProcess | undefined;
let serverOutput = '';
let db: Db | undefined;

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function cleanUp() {
  await stop(server);
  await stop(baseline);
  await stop(rails);
  await db?.$disconnect().catch(() => {});
  await cluster?.stop().catch(() => {});
  if (tempDir) await rm(tempDir, { recursive: true, force: true }).catch(() => {});
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${DEADLINE_MS / 60_000} minutes; stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, DEADLINE_MS);

/** HS256 JWT in the shape the auth plugin issues: { sub, role, jti } plus iat/exp. */
function signToken(sub: string, role: string, jti: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, role, jti, iat: now, exp: now + 24 * 3600 })}`;
  return `${unsigned}.${createHmac('sha256', jwtSecret).update(unsigned).digest('base64url')}`;
}

async function sessionFor(client: pg.Client, userId: string, role: string): Promise<string> {
  const jti = randomUUID();
  await client.query(`INSERT INTO auth_sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [jti, userId]);
  return signToken(userId, role, jti);
}

/** Lines in a file, read a megabyte at a time: a run's log outgrows the longest string node can hold. */
function countLines(file: string): number {
  const fd = openSync(file, 'r');
  const chunk = Buffer.allocUnsafe(1024 * 1024);
  let lines = 0;
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      for (let at = chunk.indexOf(10); at !== -1 && at < read; at = chunk.indexOf(10, at + 1)) lines++;
    }
  } finally {
    closeSync(fd);
  }
  return lines;
}

/** Starts a child process and waits for the READY line on stdout or stderr. */
async function startChild(script: string, env: Record<string, string>, options: { flags?: string[]; stdout?: number } = {}) {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(options.flags ?? []), '--import', 'tsx', path.join(projectRoot, 'scripts', 'lib', script)], {
    cwd: projectRoot,
    env: { ...inherited, ...env },
    stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready after 120 s:\n${serverOutput}`)), 120_000);
    const onData = (chunk: Buffer) => {
      serverOutput = (serverOutput + chunk.toString()).slice(-20_000);
      if (serverOutput.includes('READY')) {
        clearTimeout(timer);
        serverOutput = '';
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}):\n${serverOutput}`));
    });
  });
  return child;
}

interface Row {
  size: number;
  key: string;
  name: string;
  request: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Against `reference` (the yardstick measured just before), when there is one. */
  reference: string | null;
  referencePerSecond: number | null;
  /** The median of `pairs` ratios, each against the yardstick run just before it. */
  ratio: number | null;
  /** The lowest and highest of those ratios. */
  ratioRange: [number, number] | null;
  /** A scenario run several times without a yardstick (`settle`): the lowest and highest rates; the row's is the median. */
  rateRange: [number, number] | null;
  errors: number;
  goal: string;
  passes: boolean | null;
}

async function load(options: Options): Promise<Result> {
  await autocannon({ ...options, duration: warmup });
  return autocannon({ ...options, duration });
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const SMS_DRAIN_LIMIT_SECONDS = 120;

/**
 * Waits for the SMS of the create runs to leave the queue, from the moment the run ended: how long the
 * backlog of a burst takes to drain (the creates' own figure does not include their deliveries).
 */
async function drainSmsBacklog(client: pg.Client, createsStarted: Date) {
  const ended = Date.now();
  // The creates' messages are found once, among those written since the creates began (the seeded ones
  // are older); polling them by id keeps the watch from costing PostgreSQL more than the deliveries it
  // waits for (a join over every bench transaction, ten times a second, did).
  const ids = (
    await client.query<{ id: string }>(
      `SELECT s.id::text FROM sms_messages s JOIN transactions t ON t.id = s.transaction_id
       WHERE s.created_at >= $1 AND t.product_name = 'Bench item'`,
      [createsStarted],
    )
  ).rows.map((row) => row.id);
  const count = async () =>
    (
      await client.query<{ total: number; waiting: number; sent: number; failed: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'queued')::int AS waiting,
           count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent, count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM sms_messages WHERE id = ANY($1::uuid[])`,
        [ids],
      )
    ).rows[0]!;
  const atEnd = await count();
  let now = atEnd;
  while (now.waiting > 0 && Date.now() - ended < SMS_DRAIN_LIMIT_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    now = await count();
  }
  return {
    total: now.total,
    waitingAtEnd: atEnd.waiting,
    isDrained: now.waiting === 0,
    drainSeconds: (Date.now() - ended) / 1000,
    sent: now.sent,
    failed: now.failed,
  };
}

type SmsBacklog = Awaited<ReturnType<typeof drainSmsBacklog>>;

/**
 * The create runs' SMS backlogs in one account: the totals as the last drain saw them (it counts every
 * create's SMS so far), how many were still waiting when each run ended and how long each took to drain.
 */
function summariseBacklogs(backlogs: SmsBacklog[]) {
  const last = backlogs.at(-1)!;
  return {
    total: last.total,
    sent: last.sent,
    failed: last.failed,
    isDrained: backlogs.every((backlog) => backlog.isDrained),
    /** "3,458 / 3,301 / 3,512 still waiting" */
    waitingAtEnd: `${backlogs.map((backlog) => fmt(backlog.waitingAtEnd)).join(' / ')} still waiting`,
    /** "3.5 / 3.2 / 3.9" */
    drainSeconds: backlogs.map((backlog) => backlog.drainSeconds.toFixed(1)).join(' / '),
  };
}

/** CPU milliseconds per create, by process, from the CPU seconds the creates and their SMS took. */
function perCreate(spent: CpuSeconds, creates: number) {
  const ms = (seconds: number) => (seconds * 1000) / Math.max(1, creates);
  return {
    product: ms(spent.product),
    postgres: ms(spent.postgres),
    standIns: ms(spent.standIns),
    total: ms(spent.product + spent.postgres + spent.standIns),
  };
}

/** `--statements`: what PostgreSQL spent its time on since the last reset, the costliest first. */
async function printStatements(client: pg.Client, scenario: string): Promise<void> {
  const { rows } = await client.query<{ calls: string; total_ms: number; mean_ms: number; rows: string; blocks: string; query: string }>(
    `SELECT calls::text, total_exec_time AS total_ms, mean_exec_time AS mean_ms, rows::text,
       round((shared_blks_hit + shared_blks_read)::numeric / greatest(calls, 1))::text AS blocks, regexp_replace(query, '\\s+', ' ', 'g') AS query
     FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 10`,
  );
  say(`statements during ${scenario} (pg_stat_statements, by time in PostgreSQL):`);
  for (const row of rows)
    say(
      `  ${row.total_ms.toFixed(0).padStart(7)} ms  ${row.calls.padStart(7)} calls  ${row.mean_ms.toFixed(3).padStart(8)} ms each  ${row.blocks.padStart(6)} blocks each  ${row.query.slice(0, 140)}`,
    );
}

const fmt = (value: number) => Math.round(value).toLocaleString('en-US');
const pct = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(0)} %`);
/** The ratios of all pairs, when there were several: "(49–55 % in 3 pairs)". */
const spread = (row: Row) =>
  row.ratioRange && pairCount > 1
    ? ` (${(row.ratioRange[0] * 100).toFixed(0)}–${(row.ratioRange[1] * 100).toFixed(0)} % in ${pairCount} pairs)`
    : '';
/** The rates of all runs of a scenario run several times: " (median of 3 runs: 412–521)". */
const rateSpread = (row: Row) =>
  row.rateRange && pairCount > 1 ? ` (median of ${pairCount} runs: ${fmt(row.rateRange[0])}–${fmt(row.rateRange[1])})` : '';

try {
  say(`sizes ${sizes.map(fmt).join(' → ')} transactions, ${connections} connections, ${duration} s per run (+${warmup} s warm-up).`);
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'escrow-bench-'));
  cluster = await startEmbeddedPostgres({
    baseDir: tempDir,
    persistent: false,
    settings: {
      ...(args.statements ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' } : {}),
      ...Object.fromEntries(args['pg-setting'].map(parsePgSetting)),
    },
  });
  await cluster.createDatabase('escrow_bench');
  const databaseUrl = cluster.url('escrow_bench');
  await applyMigrations(databaseUrl, MIGRATIONS_DIR, () => {});
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  if (args.statements) await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const pgVersion = (await client.query<{ version: string }>("SELECT current_setting('server_version') AS version")).rows[0]!.version;
  const synchronousCommit = (await client.query<{ value: string }>("SELECT current_setting('synchronous_commit') AS value")).rows[0]!.value;

  // ── the processes: the product and its yardsticks ──
  const [port, baselinePort, railsPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
  // Safaricom and Africa's Talking stand-ins in their own process, calling back to the product (bench-server.ts).
  rails = await startChild('bench-server.ts', {
    DATABASE_URL: databaseUrl,
    PORT: String(railsPort),
    JWT_SECRET: jwtSecret,
    MPESA_CALLBACK_SECRET: callbackSecret,
    MPESA_MOCK_DELAY_MS: '0',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    BENCH_PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
  });
  const profileDir = args.profile ? path.join(os.tmpdir(), `escrow-bench-profile-${Date.now()}`) : undefined;
  const logFile = path.join(tempDir, 'server.log');
  const logFd = openSync(logFile, 'a');
  server = await startChild(
    'bench-server.ts',
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      JWT_SECRET: jwtSecret,
      MPESA_CALLBACK_SECRET: callbackSecret,
      MPESA_MOCK_DELAY_MS: '0',
      BENCH_RAILS_URL: `http://127.0.0.1:${railsPort}`,
      // Production's logging: the default level (info), one line per request.
      LOG_LEVEL: 'info',
      // `--no-worker`: a web-only node, to measure requests without the deliveries beside them.
      JOBS_ENABLED: args['no-worker'] ? 'false' : 'true',
      // The benchmark measures throughput from a few accounts, not abuse: its limits are lifted.
      LIMIT_TRANSACTIONS_PER_HOUR: '1000000',
      LIMIT_INVITES_PER_PHONE_PER_DAY: '1000000',
      LIMIT_PAYMENTS_PER_ACCOUNT_PER_HOUR: '1000000',
      LIMIT_PAYMENTS_PER_PHONE_PER_HOUR: '1000000',
    },
    { flags: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [], stdout: logFd },
  );
  closeSync(logFd);
  baseline = await startChild('bench-baseline.ts', {
    DATABASE_URL: databaseUrl,
    PORT: String(baselinePort),
    JWT_SECRET: jwtSecret,
    BENCH_YARDSTICK_LOG: path.join(tempDir, 'yardstick.log'),
  });
  const base = `http://127.0.0.1:${port}`;
  const baselineBase = `http://127.0.0.1:${baselinePort}`;

  // ── who calls ──
  const admin = (
    await client.query<{ id: string }>(
      `INSERT INTO users (id, first_name, last_name, phone_number, user_type, phone_verified_at, updated_at)
       VALUES (gen_random_uuid(), 'Bench', 'Admin', '254700000001', 'admin', now(), now()) RETURNING id`,
    )
  ).rows[0]!;
  const creator = (
    await client.query<{ id: string }>(
      `INSERT INTO users (id, first_name, last_name, phone_number, user_type, phone_verified_at, updated_at)
       VALUES (gen_random_uuid(), 'Bench', 'Buyer', '254799000042', 'buyer', now(), now()) RETURNING id`,
    )
  ).rows[0]!;
  const adminToken = await sessionFor(client, admin.id, 'admin');
  const creatorToken = await sessionFor(client, creator.id, 'buyer');
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  const rows: Row[] = [];
  const sizeNotes: string[] = [];
  const bareRuns: number[] = [];
  const measureBare = async () => {
    const result = await load({ url: baselineBase, connections, requests: [{ method: 'GET', path: '/bare' }] });
    bareRuns.push(result.requests.average);
    return result;
  };
  const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;
  const print = (row: Row) =>
    say(
      `${fmt(row.size).padStart(9)} ${row.name.padEnd(34)} ${fmt(row.requestsPerSecond).padStart(7)} req/s${rateSpread(row)}  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms` +
        `${row.ratio === null ? '' : `  ${pct(row.ratio).padStart(5)} of ${row.reference}${spread(row)}`}${row.errors ? `  ${row.errors} errors` : ''}` +
        `${row.passes === null ? '' : row.passes ? '  ✓' : `  ✗ (${row.goal})`}`,
    );
  /**
   * One scenario: its yardstick (when it has one) runs just before it and its ratio is taken against that
   * run: other work on the machine changes from minute to minute, and the two runs see the same machine.
   * A scenario with a yardstick runs `--pairs` such pairs and keeps the pair with the median ratio: one
   * five-second pair moved by ±10 % from run to run on this machine, as much as the goals' margins. A
   * scenario with a goal of its own (the creates) runs `--pairs` times, `settle` after each run (the work
   * it left behind done before the next starts), and keeps the run with the median rate: on this machine
   * the same build's creates moved from 369 to 542 per second in runs minutes apart.
   */
  const measure = async (
    size: number,
    scenario: {
      key: string;
      name: string;
      request: string;
      options: Omit<Options, 'url'>;
      reference?: { name: string; run: () => Promise<Result> };
      /** Runs after each run of a scenario without a yardstick, which then runs `--pairs` times. */
      settle?: () => Promise<void>;
      goal?: string;
      check?: (row: Row) => boolean;
    },
  ) => {
    const isWrite = scenario.options.requests?.some((spec) => spec.method === 'POST');
    // Writes count only what succeeded.
    const rateOf = (result: Result) => (isWrite ? result['2xx'] / result.duration : result.requests.average);
    const runPair = async () => {
      const reference = scenario.reference ? await scenario.reference.run() : null;
      if (args.statements) await client.query('SELECT pg_stat_statements_reset()');
      const result = await load({ url: base, connections, ...scenario.options });
      if (args.statements) await printStatements(client, scenario.name);
      return { reference, result, ratio: reference ? result.requests.average / reference.requests.average : null };
    };
    const repeats = scenario.reference || scenario.settle ? pairCount : 1;
    const pairs: Awaited<ReturnType<typeof runPair>>[] = [];
    while (pairs.length < repeats) {
      pairs.push(await runPair());
      await scenario.settle?.();
    }
    // The pair with the median ratio, or without a yardstick the run with the median rate.
    const scoreOf = (pair: (typeof pairs)[number]) => pair.ratio ?? rateOf(pair.result);
    const scores = pairs.map(scoreOf).sort((a, b) => a - b);
    const { reference, result, ratio } = pairs.find((pair) => scoreOf(pair) === scores[(scores.length - 1) >> 1])!;
    const row: Row = {
      size,
      key: scenario.key,
      name: scenario.name,
      request: scenario.request,
      requestsPerSecond: rateOf(result),
      p50: result.latency.p50,
      p99: result.latency.p99,
      reference: scenario.reference?.name ?? null,
      referencePerSecond: reference ? reference.requests.average : null,
      ratio,
      ratioRange: scenario.reference ? [scores[0]!, scores.at(-1)!] : null,
      rateRange: !scenario.reference && repeats > 1 ? [scores[0]!, scores.at(-1)!] : null,
      errors: pairs.reduce((sum, pair) => sum + errorsOf(pair.result) + (pair.reference ? errorsOf(pair.reference) : 0), 0),
      goal: scenario.goal ?? '',
      passes: null,
    };
    row.passes = scenario.check ? row.errors === 0 && scenario.check(row) : null;
    rows.push(row);
    print(row);
    return row;
  };

  // A first pass over the routes so the JIT has seen them all before anything is measured.
  for (const url of [`${baselineBase}/bare`, `${baselineBase}${CALCULATOR_PATH}`, `${base}/bench/bare`, `${base}${CALCULATOR_PATH}`])
    await autocannon({ url, connections, duration: warmup });

  let busy: { id: string; user_type: string } | undefined;
  let busyToken = '';
  let seededSeconds = 0;
  for (const size of sizes) {
    // ── the data: the seed grows the same database to `size` transactions ──
    const seedStarted = Date.now();
    await seedBulk({ databaseUrl, count: size, log: (line) => say(line) });
    // A busy merchant: one seller gets 5 % of the sales (the seed spreads them evenly).
    busy ??= (
      await client.query<{ id: string; user_type: string }>(
        `SELECT id, user_type::text FROM users WHERE user_type IN ('seller', 'both') AND status = 'active' AND phone_verified_at IS NOT NULL ORDER BY id LIMIT 1`,
      )
    ).rows[0]!;
    busyToken ||= await sessionFor(client, busy.id, busy.user_type);
    await client.query(
      `UPDATE transactions t SET seller_id = u.id, seller_phone = u.phone_number FROM users u
       WHERE u.id = $1 AND t.buyer_id <> u.id AND abs(hashtext(t.id::text)) % 20 = 0 AND t.seller_id IS DISTINCT FROM u.id`,
      [busy.id],
    );
    await client.query('SELECT transaction_totals_fold()');
    await client.query('VACUUM ANALYZE');
    // Write the seed's dirty pages now, so the measured runs do not pay for the seed's checkpoint.
    await client.query('CHECKPOINT');
    seededSeconds += (Date.now() - seedStarted) / 1000;
    const busyTransactions = (
      await client.query<{ id: string }>(`SELECT id::text FROM transactions WHERE seller_id = $1 ORDER BY created_at DESC LIMIT 50`, [
        busy.id,
      ])
    ).rows.map((row) => row.id);
    const totalStatus = (
      await client.query<{ status: string; n: string }>(
        `SELECT status::text, COUNT(*) AS n FROM transactions GROUP BY status ORDER BY status`,
      )
    ).rows;
    const busyCounts = (
      await client.query<{ total: string; completed: string }>(
        `SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE status = 'completed') AS completed FROM transactions WHERE seller_id = $1 OR buyer_id = $1`,
        [busy.id],
      )
    ).rows[0]!;
    const loadAverage = os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ');
    sizeNotes.push(
      `${fmt(size)} transactions (${totalStatus.map((row) => `${row.status} ${fmt(Number(row.n))}`).join(', ')}); the busy seller has ${fmt(Number(busyCounts.total))}, ` +
        `${fmt(Number(busyCounts.completed))} completed; load average ${loadAverage} when its runs began.`,
    );
    say(`${fmt(size)} transactions ready (${((Date.now() - seedStarted) / 1000).toFixed(0)} s); load average ${loadAverage}.`);

    // Same ids in turn for the product and its hand-written twin.
    const idsInTurn = (headers: Record<string, string>) => {
      let next = 0;
      return [
        {
          method: 'GET' as const,
          path: `/api/transactions/${busyTransactions[0]}`,
          headers,
          setupRequest: (request: { path?: string }) => ({
            ...request,
            path: `/api/transactions/${busyTransactions[next++ % busyTransactions.length]}`,
          }),
        },
      ];
    };
    const handWritten = (requests: Options['requests']) => () =>
      load({ url: baselineBase, connections, ...(requests ? { requests } : {}) });
    const listPath = '/api/transactions?status=completed&per_page=10';
    const ratioGoal = (goal: number, reference: string) => `≥ ${goal * 100} % of ${reference}`;

    const bare = await measure(size, {
      key: 'fastify-bare',
      name: 'bare Fastify route',
      request: 'GET /bench/bare',
      options: { requests: [{ method: 'GET', path: '/bench/bare' }] },
      reference: { name: 'bare node:http', run: measureBare },
    });
    void bare;
    if (runs('charges'))
      await measure(size, {
        key: 'charges',
        name: 'charges calculate',
        request: `GET ${CALCULATOR_PATH}`,
        options: { requests: calculatorRequests },
        reference: { name: 'bare node:http', run: measureBare },
        goal: ratioGoal(GOALS.chargesRatio, 'bare node:http'),
        check: (row) => row.ratio! >= GOALS.chargesRatio,
      });
    // No goal: how far the product is from the same work done by hand, headers and log line included.
    if (runs('charges'))
      await measure(size, {
        key: 'charges-same-work',
        name: 'charges calculate (same work)',
        request: `GET ${CALCULATOR_PATH}`,
        options: { requests: calculatorRequests },
        reference: {
          name: 'hand-written calculator',
          run: handWritten(calculatorRequests),
        },
      });
    if (runs('read'))
      await measure(size, {
        key: 'read',
        name: 'transaction read (as the seller)',
        request: `GET /api/transactions/{id} (${busyTransactions.length} ids in turn)`,
        options: { requests: idsInTurn(auth(busyToken)) },
        reference: { name: 'hand-written read', run: handWritten(idsInTurn(auth(busyToken))) },
        goal: ratioGoal(GOALS.readRatio, 'hand-written'),
        check: (row) => row.ratio! >= GOALS.readRatio,
      });
    const listCheck = (row: Row) => row.ratio! >= GOALS.listRatio && (size < largest || row.p99 <= GOALS.listP99Ms);
    if (runs('list'))
      await measure(size, {
        key: 'list',
        name: 'filtered list (busy seller)',
        request: `GET ${listPath} (${fmt(Number(busyCounts.completed))} of their ${fmt(Number(busyCounts.total))} match)`,
        options: { requests: [{ method: 'GET', path: listPath, headers: auth(busyToken) }] },
        reference: { name: 'hand-written list', run: handWritten([{ method: 'GET', path: listPath, headers: auth(busyToken) }]) },
        goal: `${ratioGoal(GOALS.listRatio, 'hand-written')}${size === largest ? `, p99 ≤ ${GOALS.listP99Ms} ms` : ''}`,
        check: listCheck,
      });
    if (runs('admin-list'))
      await measure(size, {
        key: 'admin-list',
        name: 'filtered list (admin, all rows)',
        request: `GET ${listPath}`,
        options: { requests: [{ method: 'GET', path: listPath, headers: auth(adminToken) }] },
        reference: { name: 'hand-written list', run: handWritten([{ method: 'GET', path: listPath, headers: auth(adminToken) }]) },
        goal: `${ratioGoal(GOALS.listRatio, 'hand-written')}${size === largest ? `, p99 ≤ ${GOALS.listP99Ms} ms` : ''}`,
        check: listCheck,
      });
    if (runs('dashboard'))
      await measure(size, {
        key: 'dashboard',
        name: 'admin dashboard',
        request: 'GET /api/admin/monitoring/dashboard',
        options: { requests: [{ method: 'GET', path: '/api/admin/monitoring/dashboard', headers: auth(adminToken) }] },
        goal: `p99 ≤ ${GOALS.dashboardP99Ms} ms`,
        check: (row) => row.p99 <= GOALS.dashboardP99Ms,
      });
  }

  // ── writes, once: creates (each with its timeline, SMS and job), then pay-ins end to end ──
  const sellerPhone = (
    await client.query<{ phone_number: string }>(
      `SELECT phone_number FROM users WHERE user_type = 'seller' AND status = 'active' AND phone_verified_at IS NOT NULL LIMIT 1`,
    )
  ).rows[0]!.phone_number;
  // Many buyers, as in life: one account's creates queue behind its own rate-limit row, one commit at a time.
  const buyerTokens = [creatorToken];
  const tokenOf = new Map([[creator.id, creatorToken]]);
  for (let i = 1; i < CREATING_BUYERS; i++) {
    const buyer = (
      await client.query<{ id: string }>(
        `INSERT INTO users (id, first_name, last_name, phone_number, user_type, phone_verified_at, updated_at)
         VALUES (gen_random_uuid(), 'Bench', 'Buyer ' || $1::text, $2, 'buyer', now(), now()) RETURNING id`,
        [i, `25479${String(1_000_000 + i).slice(-7)}`],
      )
    ).rows[0]!;
    buyerTokens.push(await sessionFor(client, buyer.id, 'buyer'));
    tokenOf.set(buyer.id, buyerTokens.at(-1)!);
  }
  let nextBuyer = 0;
  // What the creates and their SMS cost the machine, in CPU seconds rather than per second of a shared machine.
  const cpuOf = () => readCpu({ productPid: server!.pid!, standInPid: rails!.pid!, postgresDataDir: tempDir! });
  const cpuBeforeCreates = cpuOf();
  // ── the creates' SMS: the queue is durable, so under a burst the deliveries may drain after the creates;
  // each create run's are drained before the next run starts (with `--no-worker` they stay queued) ──
  const backlogs: SmsBacklog[] = [];
  const createsStarted = new Date();
  const drainCreateSms = async () => {
    if (!runs('create') || args['no-worker']) return;
    if (args.statements) await client.query('SELECT pg_stat_statements_reset()');
    backlogs.push(await drainSmsBacklog(client, createsStarted));
    if (args.statements) await printStatements(client, "the creates' SMS backlog");
  };
  if (runs('create') || runs('payin'))
    await measure(largest, {
      key: 'create',
      name: 'create transaction',
      request: `POST /api/transactions (201s per second, ${CREATING_BUYERS} buyers in turn)`,
      options: {
        requests: [
          {
            method: 'POST',
            path: '/api/transactions',
            headers: { ...auth(creatorToken), 'content-type': 'application/json' },
            body: JSON.stringify({ seller_phone: sellerPhone, amount: 2500, product_name: 'Bench item', transaction_type: 'standard' }),
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, ...auth(buyerTokens[nextBuyer++ % buyerTokens.length]!) },
            }),
          },
        ],
      },
      settle: drainCreateSms,
      goal: `≥ ${GOALS.createsPerSecond} per second (synchronous_commit ${synchronousCommit})`,
      check: (row) => row.requestsPerSecond >= GOALS.createsPerSecond,
    });
  const smsBacklog = backlogs.length > 0 ? summariseBacklogs(backlogs) : null;
  const cpuAfterCreates = cpuOf();
  // The pay-ins below add no transaction, so this is also the report's count of durable creates.
  const createdCount = Number(
    (await client.query<{ n: string }>(`SELECT count(*) AS n FROM transactions WHERE product_name = 'Bench item'`)).rows[0]!.n,
  );
  // With the worker on: from the first create run's start to the last drain's end, the creates and their
  // SMS. With `--no-worker`: the creates alone, their SMS left queued.
  const isCreateCpuWhole = runs('create') && (args['no-worker'] || smsBacklog?.isDrained === true);
  const createCpu =
    isCreateCpuWhole && cpuBeforeCreates && cpuAfterCreates ? perCreate(cpuSpent(cpuBeforeCreates, cpuAfterCreates), createdCount) : null;
  const createCpuCovers = args['no-worker'] ? 'its two SMS left queued (--no-worker)' : 'its two SMS and their delivery reports included';
  // The most creates per second the machine's cores could take at that cost, if they ran nothing else (not
  // even the load generator): the ceiling the measured rate is read against.
  const cores = os.cpus().length;
  const createCeiling = createCpu ? (cores * 1000) / createCpu.total : null;
  if (createCpu && createCeiling)
    say(
      `CPU per create, ${createCpuCovers}: ${createCpu.total.toFixed(2)} ms ` +
        `(product ${createCpu.product.toFixed(2)}, PostgreSQL ${createCpu.postgres.toFixed(2)}, stand-ins ${createCpu.standIns.toFixed(2)}); ` +
        `${cores} cores running nothing else would take at most ${fmt(createCeiling)} creates per second at that cost.`,
    );
  if (smsBacklog)
    say(
      `create SMS: ${fmt(smsBacklog.total)} queued by the creates; ${smsBacklog.waitingAtEnd} when each create run ended; ` +
        `${smsBacklog.isDrained ? `drained ${smsBacklog.drainSeconds} s after it` : `NOT drained after ${SMS_DRAIN_LIMIT_SECONDS} s`} ` +
        `(${fmt(smsBacklog.sent)} sent, ${fmt(smsBacklog.failed)} failed).`,
    );

  // ── pay-ins end to end: STK push → Daraja mock → callback over HTTP → credited ──
  const pending = runs('payin')
    ? (
        await client.query<{ id: string; buyer_id: string }>(
          `SELECT id::text, buyer_id::text FROM transactions WHERE product_name = 'Bench item' AND status = 'pending' ORDER BY created_at LIMIT 20000`,
        )
      ).rows
    : [];
  const initiated: string[] = [];
  const initiateLatencies: number[] = [];
  let initiateErrors = 0;
  const payStarted = Date.now();
  const payUntil = payStarted + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < payUntil) {
        const next = pending.pop();
        if (!next) return;
        const { id: transactionId, buyer_id: buyerId } = next;
        const sent = performance.now();
        const response = await fetch(`${base}/api/payments/initiate`, {
          method: 'POST',
          headers: { ...auth(tokenOf.get(buyerId)!), 'content-type': 'application/json' },
          body: JSON.stringify({ transaction_id: transactionId }),
          signal: AbortSignal.timeout(30_000),
        }).catch(() => null);
        initiateLatencies.push(performance.now() - sent);
        if (response?.status === 202) initiated.push(((await response.json()) as { data: { payment: { id: string } } }).data.payment.id);
        else {
          initiateErrors++;
          await response?.arrayBuffer();
        }
      }
    }),
  );
  const settleDeadline = Date.now() + 90_000;
  let settled: { status: string; created_at: Date; completed_at: Date | null }[] = [];
  for (;;) {
    settled = (
      await client.query<{ status: string; created_at: Date; completed_at: Date | null }>(
        `SELECT status::text, created_at, completed_at FROM payments WHERE id = ANY($1::uuid[])`,
        [initiated],
      )
    ).rows;
    if (settled.every((row) => row.status !== 'pending') || Date.now() > settleDeadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const completed = settled.filter((row) => row.status === 'completed' && row.completed_at);
  const creditLatencies = completed.map((row) => row.completed_at!.getTime() - row.created_at.getTime()).sort((a, b) => a - b);
  const firstPush = settled.length ? Math.min(...settled.map((row) => row.created_at.getTime())) : 0;
  const lastCredit = completed.length ? Math.max(...completed.map((row) => row.completed_at!.getTime())) : 0;
  const sortedInitiate = [...initiateLatencies].sort((a, b) => a - b);
  const payins = {
    initiated: initiated.length,
    completed: completed.length,
    stillPending: settled.filter((row) => row.status === 'pending').length,
    initiateErrors,
    perSecond: completed.length / Math.max(0.001, (lastCredit - firstPush) / 1000),
    initiateP50: Math.round(percentile(sortedInitiate, 50)),
    initiateP99: Math.round(percentile(sortedInitiate, 99)),
    creditP50: percentile(creditLatencies, 50),
    creditP99: percentile(creditLatencies, 99),
  };
  if (runs('payin'))
    say(
      `pay-ins: ${payins.completed}/${payins.initiated} credited, ${payins.perSecond.toFixed(1)} per second; STK push answered p50 ${payins.initiateP50} ms / p99 ${payins.initiateP99} ms; ` +
        `push → credited p50 ${payins.creditP50} ms / p99 ${payins.creditP99} ms${payins.stillPending ? `; ${payins.stillPending} still pending` : ''}`,
    );
  await client.end();

  // ── the books still balance ──
  db = createPrisma(databaseUrl, { poolSize: 2 });
  const ledger = await checkLedgerInvariants(db);
  say(`ledger ${ledger.isHealthy ? 'balanced' : 'NOT BALANCED'} (${fmt(ledger.journals)} journals).`);

  // ── the profile, written when the server exits ──
  const serverPid = server.pid;
  const logLines = existsSync(logFile) ? countLines(logFile) : 0;
  await cleanUp();
  server = undefined;
  baseline = undefined;
  rails = undefined;
  cluster = undefined;
  let profile: { file: string; frames: Frame[]; totalSamples: number } | undefined;
  if (profileDir && existsSync(profileDir)) {
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (file) profile = { file: path.join(profileDir, file), ...topFrames(path.join(profileDir, file)) };
  }

  // ── how each ratio moved from the smallest size to the largest ──
  const growth =
    sizes.length < 2
      ? []
      : [...new Set(rows.filter((row) => row.ratio !== null && !WITHOUT_GOAL.includes(row.key)).map((row) => row.key))].flatMap((key) => {
          const first = rows.find((row) => row.key === key && row.size === sizes[0]);
          const last = rows.find((row) => row.key === key && row.size === largest);
          if (!first?.ratio || !last?.ratio) return [];
          const change = last.ratio / first.ratio - 1;
          return [{ key, name: first.name, from: first.ratio, to: last.ratio, change, passes: change >= -GOALS.ratioFall }];
        });
  for (const entry of growth)
    say(
      `${entry.name.padEnd(34)} ${pct(entry.from)} at ${fmt(sizes[0]!)} → ${pct(entry.to)} at ${fmt(largest)} (${(entry.change * 100).toFixed(0)} %)${entry.passes ? '  ✓' : `  ✗ (falls more than ${GOALS.ratioFall * 100} %)`}`,
    );

  // ── report ──
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}, PostgreSQL ${pgVersion}`;
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const goalsMissed = [
    ...rows.filter((row) => row.passes === false).map((row) => `${row.name} at ${fmt(row.size)} (${row.goal})`),
    ...growth
      .filter((entry) => !entry.passes)
      .map((entry) => `${entry.name}: ratio fell ${(-entry.change * 100).toFixed(0)} % from ${fmt(sizes[0]!)} to ${fmt(largest)}`),
  ];
  const lines = [
    `Measured ${date} on ${machine} (other work on the machine makes figures noisy: the load average is given per size).`,
    ...sizeNotes.map((note) => `- ${note}`),
    `Seeded in ${seededSeconds.toFixed(0)} s (scripts/seed-bulk.ts, generate_series). Load: autocannon, ${connections} connections, ${duration} s per run after ${warmup} s of warm-up, each ratio the median of ${pairCount} yardstick-then-product pairs; ` +
      `the product in its own process (pid ${serverPid}; NODE_ENV=production, LOG_LEVEL=info: ${fmt(logLines)} log lines written to a file; job worker ${args['no-worker'] ? 'OFF (--no-worker)' : 'on'}), ` +
      `the M-Pesa and Africa's Talking mocks in another (MPESA_MOCK_DELAY_MS=0; they call back to the product, as Safaricom and Africa's Talking do), the yardsticks in a third (scripts/lib/bench-baseline.ts); synchronous_commit ${synchronousCommit}` +
      (args['pg-setting'].length ? `; PostgreSQL set with ${args['pg-setting'].join(', ')}.` : '.'),
    '',
    '| rows | endpoint | request | req/s | p50 ms | p99 ms | yardstick (run just before) | its req/s | ratio | errors | goal |',
    '|---:|---|---|---:|---:|---:|---|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${fmt(row.size)} | ${row.name} | \`${row.request}\` | ${fmt(row.requestsPerSecond)}${rateSpread(row)} | ${row.p50} | ${row.p99} | ${row.reference ?? '—'} | ${row.referencePerSecond === null ? '—' : fmt(row.referencePerSecond)} | ${pct(row.ratio)}${spread(row)} | ${row.errors} | ${row.goal ? `${row.goal} ${row.passes ? '✓' : '✗'}` : ''} |`,
    ),
    ...(growth.length
      ? [
          '',
          `How the ratios moved from ${fmt(sizes[0]!)} to ${fmt(largest)} transactions (goal: none falls by more than ${GOALS.ratioFall * 100} %):`,
          '',
          `| endpoint | ratio at ${fmt(sizes[0]!)} | ratio at ${fmt(largest)} | change | goal |`,
          '|---|---:|---:|---:|---|',
          ...growth.map(
            (entry) =>
              `| ${entry.name} | ${pct(entry.from)} | ${pct(entry.to)} | ${(entry.change * 100).toFixed(0)} % | ${entry.passes ? '✓' : '✗'} |`,
          ),
        ]
      : []),
    '',
    `Bare node:http runs: ${bareRuns.map(fmt).join(', ')} req/s. Creates: ${fmt(createdCount)} transactions committed by the create runs (each a durable commit).`,
    ...(smsBacklog
      ? [
          `Their SMS (two per create, delivered by the job worker through the Africa's Talking mock's process, delivery reports back over HTTP): ` +
            `${fmt(smsBacklog.total)} queued; ${smsBacklog.waitingAtEnd} when each create run ended; ` +
            (smsBacklog.isDrained
              ? `**each backlog drained ${smsBacklog.drainSeconds} s after its run**`
              : `**not drained after ${SMS_DRAIN_LIMIT_SECONDS} s**`) +
            ` (${fmt(smsBacklog.sent)} sent, ${fmt(smsBacklog.failed)} failed).`,
        ]
      : []),
    ...(createCpu && createCeiling
      ? [
          `${args['no-worker'] ? 'Over the create runs' : "From the first create run's start to the last drain's end"}, **a create cost ${createCpu.total.toFixed(1)} ms of CPU**, ` +
            `${createCpuCovers} (product ${createCpu.product.toFixed(1)}, PostgreSQL ${createCpu.postgres.toFixed(1)}, stand-ins ${createCpu.standIns.toFixed(1)}): ` +
            `at that cost the machine's ${cores} cores would take at most **${fmt(createCeiling)} creates per second** if they ran nothing else, not even the load generator.`,
        ]
      : []),
    ...(runs('payin')
      ? [
          `Pay-ins end to end (STK push → Daraja mock → callback over HTTP → credited): ${fmt(payins.completed)} of ${fmt(payins.initiated)} credited, ` +
            `**${payins.perSecond.toFixed(1)} completed pay-ins per second**; the STK push request answered in p50 ${payins.initiateP50} ms / p99 ${payins.initiateP99} ms; ` +
            `push → credited (callback latency) p50 ${payins.creditP50} ms / p99 ${payins.creditP99} ms.` +
            (payins.initiateErrors ? ` ${payins.initiateErrors} initiations failed.` : '') +
            (payins.stillPending ? ` ${payins.stillPending} still pending after 90 s.` : ''),
        ]
      : []),
    `Ledger after the run: ${ledger.isHealthy ? 'balanced' : '**NOT balanced**'} (${fmt(ledger.journals)} journals).`,
    goalsMissed.length ? `Goals missed: ${goalsMissed.join('; ')}.` : 'All goals met.',
    ...(profile
      ? [
          '',
          `CPU profile of the server (node --cpu-prof, whole run, ${fmt(profile.totalSamples)} samples; ${profile.file}), top frames by self time:`,
          '',
          '| self % | function | where |',
          '|---:|---|---|',
          ...profile.frames.map((frame) => `| ${frame.selfPercent.toFixed(1)} | \`${frame.name}\` | ${frame.location} |`),
        ]
      : []),
  ];
  const figures = lines.join('\n');
  const benchDir = path.join(projectRoot, 'bench');
  mkdirSync(benchDir, { recursive: true });
  writeFileSync(path.join(benchDir, 'report.md'), `# Benchmark report\n\nWritten by \`npm run bench\` (scripts/bench.ts).\n\n${figures}\n`);
  writeFileSync(
    path.join(benchDir, 'report.json'),
    JSON.stringify(
      {
        date,
        machine,
        sizes,
        connections,
        duration,
        synchronousCommit,
        rows,
        growth,
        bareRuns,
        payins,
        smsBacklog,
        createCpu: createCpu && { ...createCpu, coversSms: !args['no-worker'], sustainablePerSecond: createCeiling },
        ledgerHealthy: ledger.isHealthy,
        goalsMissed,
        profile,
      },
      null,
      2,
    ),
  );
  const qualityFile = path.join(projectRoot, 'docs', 'QUALITY.md');
  if (!args['no-docs'] && existsSync(qualityFile)) {
    const quality = readFileSync(qualityFile, 'utf8');
    const updated = quality.replace(
      /<!-- bench:begin -->[\s\S]*?<!-- bench:end -->/,
      `<!-- bench:begin -->\n${figures}\n<!-- bench:end -->`,
    );
    if (updated !== quality) writeFileSync(qualityFile, updated);
  }
  say(
    `report written to bench/report.md${args['no-docs'] ? '' : ' and docs/QUALITY.md'} (${((Date.now() - startedAt) / 1000).toFixed(0)} s).`,
  );
  clearTimeout(watchdog);
  const isFailure = !ledger.isHealthy || (args.strict && goalsMissed.length > 0);
  process.exit(isFailure ? 1 : 0);
} catch (error) {
  console.error(error);
  if (serverOutput) console.error(`server output:\n${serverOutput.slice(-4000)}`);
  await cleanUp();
  process.exit(1);
}
