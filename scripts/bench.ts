/**
 * `npm run bench`: the API under load, side by side with a bare Fastify route served by the same
 * process, on a fresh embedded PostgreSQL seeded with 100,000 transactions (scripts/seed-bulk.ts).
 *
 * 1. PostgreSQL in a temporary folder (loopback only), migrations, the bulk seed, a few sessions.
 * 2. The server as a child process (scripts/lib/bench-server.ts; MPESA_MOCK_DELAY_MS=0), so the load
 *    generator (autocannon, here) never shares its event loop; `--profile` runs it under
 *    `node --cpu-prof` and summarises the top frames.
 * 3. One autocannon run per endpoint after a short warm-up: the bare route, charges calculate, a
 *    transaction read as a party, the filtered list as a busy user and as admin, the admin dashboard,
 *    create transaction; then pay-ins end to end (STK push → Daraja mock → callback → credited).
 * 4. req/s, p50, p99 and the ratio to the bare route, against the goals below; the ledger is checked
 *    afterwards. Writes bench/report.md and bench/report.json and the figures block of docs/QUALITY.md.
 *
 *   npm run bench -- [--count 100000] [--duration 10] [--connections 10] [--profile] [--no-docs] [--strict]
 *   npm run bench -- --nodes 3 [--count 1000] [--concurrency 24]   (several nodes: scripts/bench-nodes.ts)
 *
 * Bounded: every phase has a time limit and the whole run stops after 10 minutes. Loopback only.
 */
import autocannon, { type Options, type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { projectRoot } from './lib/paths.ts';
import { seedBulk } from './seed-bulk.ts';

const GOALS = { chargesRatio: 0.5, readRatio: 0.25, dashboardP99Ms: 100, createsPerSecond: 300 } as const;
const DEADLINE_MS = 10 * 60_000;

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    profile: { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
    strict: { type: 'boolean', default: false },
    only: { type: 'string' },
    nodes: { type: 'string' },
    concurrency: { type: 'string', default: '24' },
  },
});
// `--nodes N`: the escrow flow on one node and on N nodes sharing one PostgreSQL (scripts/bench-nodes.ts).
if (args.nodes) {
  const { benchNodes } = await import('./bench-nodes.ts');
  const explicitCount = process.argv.some((arg) => arg === '--count' || arg.startsWith('--count='));
  await benchNodes({ nodes: Number(args.nodes), count: explicitCount ? Number(args.count) : 1000, concurrency: Number(args.concurrency) });
  process.exit(0);
}
/** `--only read,create`: just these scenarios (the bare route always runs), e.g. to profile one. */
const only = args.only ? new Set(args.only.split(',').map((name) => name.trim())) : null;
const runs = (key: string) => !only || only.has(key);
/** Profiling chosen scenarios: leave the bare route out, so the profile shows only them. */
const isProfilingOnly = args.profile && only !== null;
const count = Number(args.count);
const duration = Number(args.duration);
const connections = Number(args.connections);
const warmup = Math.max(1, Math.round(duration / 5));

const say = (line: string) => console.log(`bench: ${line}`);
const startedAt = Date.now();
const jwtSecret = randomBytes(32).toString('hex');
const callbackSecret = randomBytes(16).toString('hex');

let cluster: EmbeddedCluster | undefined;
let tempDir: string | undefined;
let server: ChildProcess | undefined;
let serverOutput = '';
let db: Db | undefined;

async function cleanUp() {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  }
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

async function startServer(databaseUrl: string, port: number, profileDir: string | undefined): Promise<void> {
  const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
  const flags = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  server = spawn(process.execPath, [...flags, '--import', 'tsx', path.join(projectRoot, 'scripts', 'lib', 'bench-server.ts')], {
    cwd: projectRoot,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      JWT_SECRET: jwtSecret,
      MPESA_CALLBACK_SECRET: callbackSecret,
      MPESA_MOCK_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      // The benchmark measures throughput from a few accounts, not abuse: its limits are lifted.
      LIMIT_TRANSACTIONS_PER_HOUR: '1000000',
      LIMIT_INVITES_PER_PHONE_PER_DAY: '1000000',
      LIMIT_PAYMENTS_PER_ACCOUNT_PER_HOUR: '1000000',
      LIMIT_PAYMENTS_PER_PHONE_PER_HOUR: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after 120 s:\n${serverOutput}`)), 120_000);
    server!.stdout!.on('data', (chunk: Buffer) => {
      serverOutput = (serverOutput + chunk.toString()).slice(-20_000);
      if (serverOutput.includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server!.stderr!.on('data', (chunk: Buffer) => void (serverOutput = (serverOutput + chunk.toString()).slice(-20_000)));
    server!.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${serverOutput}`));
    });
  });
}

interface Row {
  name: string;
  request: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratio: number | null;
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

try {
  say(`${count.toLocaleString()} transactions, ${connections} connections, ${duration} s per endpoint (+${warmup} s warm-up).`);
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'escrow-bench-'));
  cluster = await startEmbeddedPostgres({ baseDir: tempDir, persistent: false });
  await cluster.createDatabase('escrow_bench');
  const databaseUrl = cluster.url('escrow_bench');
  await applyMigrations(databaseUrl, MIGRATIONS_DIR, () => {});
  const seedStarted = Date.now();
  await seedBulk({ databaseUrl, count, log: (line) => say(line) });
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  // ── who calls ──
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Write the seed's dirty pages now, so the measured runs do not pay for the seed's checkpoint.
  await client.query('CHECKPOINT');
  const pgVersion = (await client.query<{ version: string }>("SELECT current_setting('server_version') AS version")).rows[0]!.version;
  const admin = (
    await client.query<{ id: string }>(
      `INSERT INTO users (id, first_name, last_name, phone_number, user_type, phone_verified_at, updated_at)
       VALUES (gen_random_uuid(), 'Bench', 'Admin', '254700000001', 'admin', now(), now()) RETURNING id`,
    )
  ).rows[0]!;
  // A busy merchant: one seller gets 5 % of the seeded sales (the seed spreads them evenly).
  const busy = (
    await client.query<{ id: string; user_type: string }>(
      `SELECT id, user_type::text FROM users WHERE user_type IN ('seller', 'both') AND status = 'active' AND phone_verified_at IS NOT NULL ORDER BY id LIMIT 1`,
    )
  ).rows[0]!;
  await client.query(
    `UPDATE transactions t SET seller_id = u.id, seller_phone = u.phone_number FROM users u
     WHERE u.id = $1 AND t.buyer_id <> u.id AND abs(hashtext(t.id::text)) % 20 = 0`,
    [busy.id],
  );
  await client.query('VACUUM ANALYZE transactions');
  const busyTransactions = (
    await client.query<{ id: string }>(`SELECT id::text FROM transactions WHERE seller_id = $1 ORDER BY created_at DESC LIMIT 50`, [
      busy.id,
    ])
  ).rows.map((row) => row.id);
  const sellerPhone = (
    await client.query<{ phone_number: string }>(
      `SELECT phone_number FROM users WHERE user_type = 'seller' AND status = 'active' AND phone_verified_at IS NOT NULL LIMIT 1`,
    )
  ).rows[0]!.phone_number;
  const creator = (
    await client.query<{ id: string }>(
      `INSERT INTO users (id, first_name, last_name, phone_number, user_type, phone_verified_at, updated_at)
       VALUES (gen_random_uuid(), 'Bench', 'Buyer', '254799000042', 'buyer', now(), now()) RETURNING id`,
    )
  ).rows[0]!;
  const adminToken = await sessionFor(client, admin.id, 'admin');
  const busyToken = await sessionFor(client, busy.id, busy.user_type);
  const creatorToken = await sessionFor(client, creator.id, 'buyer');
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
  const busyAll = Number(busyCounts.total);
  const busyCompleted = Number(busyCounts.completed);

  // ── the server ──
  const port = await findFreePort();
  const profileDir = args.profile ? path.join(os.tmpdir(), `escrow-bench-profile-${Date.now()}`) : undefined;
  await startServer(databaseUrl, port, profileDir);
  const base = `http://127.0.0.1:${port}`;
  const loadAverage = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
  say(`server on ${base} (pid ${server!.pid}); load average ${loadAverage}.`);

  const rows: Row[] = [];
  const record = (row: Omit<Row, 'ratio'>, bare: number | null) => {
    const full = { ...row, ratio: bare ? row.requestsPerSecond / bare : null };
    rows.push(full);
    say(
      `${full.name.padEnd(34)} ${String(Math.round(full.requestsPerSecond)).padStart(6)} req/s  p50 ${String(full.p50).padStart(4)} ms  p99 ${String(full.p99).padStart(4)} ms` +
        `${full.ratio === null ? '' : `  ${(full.ratio * 100).toFixed(0).padStart(3)} % of bare`}${full.errors ? `  ${full.errors} errors` : ''}` +
        `${full.passes === null ? '' : full.passes ? '  ✓' : `  ✗ (${full.goal})`}`,
    );
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const bareRuns: number[] = [];
  const measureBare = async () => {
    const result = await load({ url: base, connections, requests: [{ method: 'GET', path: '/bench/bare' }] });
    bareRuns.push(result.requests.average);
    return result;
  };
  /**
   * Each endpoint runs right after a run of the bare route, and its ratio is taken against that run:
   * other work on the machine changes from minute to minute, and the two runs see the same machine.
   */
  const measure = async (
    name: string,
    request: string,
    options: Omit<Options, 'url'>,
    goal = '',
    check?: (result: Result, bare: number) => boolean,
  ) => {
    const bare = isProfilingOnly ? 0 : (await measureBare()).requests.average;
    const result = await load({ url: base, connections, ...options });
    const errors = result.errors + result.timeouts + result.non2xx;
    record(
      {
        name,
        request,
        // Writes count only what succeeded.
        requestsPerSecond: options.requests?.some((spec) => spec.method === 'POST')
          ? result['2xx'] / result.duration
          : result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors,
        goal,
        // Without a bare run (profiling one scenario) a ratio goal cannot be judged.
        passes: check && !(isProfilingOnly && goal.includes('of bare')) ? errors === 0 && check(result, bare) : null,
      },
      bare,
    );
    return result;
  };

  // A first pass over the routes so the JIT has seen them all before anything is measured.
  if (!isProfilingOnly) {
    for (const path of ['/bench/bare', '/api/v1/charges/calculate?amount=2500&type=with_dispute'])
      await autocannon({ url: base + path, connections, duration: warmup });
  }
  const bareResult = isProfilingOnly ? null : await measureBare();
  if (bareResult)
    record(
      {
        name: 'bare Fastify route',
        request: 'GET /bench/bare',
        requestsPerSecond: bareResult.requests.average,
        p50: bareResult.latency.p50,
        p99: bareResult.latency.p99,
        errors: bareResult.errors + bareResult.non2xx,
        goal: '',
        passes: null,
      },
      null,
    );
  if (runs('charges'))
    await measure(
      'charges calculate',
      'GET /api/v1/charges/calculate?amount=2500&type=with_dispute',
      { requests: [{ method: 'GET', path: '/api/v1/charges/calculate?amount=2500&type=with_dispute' }] },
      `≥ ${GOALS.chargesRatio * 100} % of bare`,
      (result, bare) => result.requests.average >= GOALS.chargesRatio * bare,
    );
  let next = 0;
  if (runs('read'))
    await measure(
      'transaction read (as the seller)',
      `GET /api/transactions/{id} (${busyTransactions.length} ids in turn)`,
      {
        requests: [
          {
            method: 'GET',
            path: `/api/transactions/${busyTransactions[0]}`,
            headers: auth(busyToken),
            setupRequest: (request) => ({ ...request, path: `/api/transactions/${busyTransactions[next++ % busyTransactions.length]}` }),
          },
        ],
      },
      `≥ ${GOALS.readRatio * 100} % of bare`,
      (result, bare) => result.requests.average >= GOALS.readRatio * bare,
    );
  if (runs('list'))
    await measure(
      'filtered list (busy seller)',
      `GET /api/transactions?status=completed&per_page=10 (${busyCompleted.toLocaleString()} of their ${busyAll.toLocaleString()} match)`,
      {
        requests: [{ method: 'GET', path: '/api/transactions?status=completed&per_page=10', headers: auth(busyToken) }],
      },
    );
  if (runs('admin-list'))
    await measure('filtered list (admin, all rows)', 'GET /api/transactions?status=completed&per_page=10', {
      requests: [{ method: 'GET', path: '/api/transactions?status=completed&per_page=10', headers: auth(adminToken) }],
    });
  let dashboardColdMs: number | null = null;
  if (runs('dashboard')) {
    const coldStarted = performance.now();
    const cold = await fetch(`${base}/api/admin/monitoring/dashboard`, { headers: auth(adminToken) });
    await cold.arrayBuffer();
    dashboardColdMs = Math.round(performance.now() - coldStarted);
    if (!cold.ok) throw new Error(`dashboard answered ${cold.status}`);
  }
  if (runs('dashboard'))
    await measure(
      'admin dashboard',
      'GET /api/admin/monitoring/dashboard',
      { requests: [{ method: 'GET', path: '/api/admin/monitoring/dashboard', headers: auth(adminToken) }] },
      `p99 ≤ ${GOALS.dashboardP99Ms} ms`,
      (result) => result.latency.p99 <= GOALS.dashboardP99Ms,
    );
  // Pay-ins need pending transactions: the create scenario makes them.
  if (runs('create') || runs('payin'))
    await measure(
      'create transaction',
      'POST /api/transactions (201s per second)',
      {
        requests: [
          {
            method: 'POST',
            path: '/api/transactions',
            headers: { ...auth(creatorToken), 'content-type': 'application/json' },
            body: JSON.stringify({ seller_phone: sellerPhone, amount: 2500, product_name: 'Bench item', transaction_type: 'standard' }),
          },
        ],
      },
      `≥ ${GOALS.createsPerSecond} per second`,
      (result) => result['2xx'] / result.duration >= GOALS.createsPerSecond,
    );

  // ── pay-ins end to end: STK push → Daraja mock → callback over HTTP → credited ──
  const pending = runs('payin')
    ? (
        await client.query<{ id: string }>(
          `SELECT id::text FROM transactions WHERE buyer_id = $1 AND status = 'pending' ORDER BY created_at LIMIT 20000`,
          [creator.id],
        )
      ).rows.map((row) => row.id)
    : [];
  const initiated: string[] = [];
  const initiateLatencies: number[] = [];
  let initiateErrors = 0;
  const payStarted = Date.now();
  const payUntil = payStarted + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < payUntil) {
        const transactionId = pending.pop();
        if (!transactionId) return;
        const sent = performance.now();
        const response = await fetch(`${base}/api/payments/initiate`, {
          method: 'POST',
          headers: { ...auth(creatorToken), 'content-type': 'application/json' },
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
  const payins = {
    initiated: initiated.length,
    completed: completed.length,
    stillPending: settled.filter((row) => row.status === 'pending').length,
    initiateErrors,
    perSecond: completed.length / Math.max(0.001, (lastCredit - firstPush) / 1000),
    initiateP50: Math.round(
      percentile(
        [...initiateLatencies].sort((a, b) => a - b),
        50,
      ),
    ),
    initiateP99: Math.round(
      percentile(
        [...initiateLatencies].sort((a, b) => a - b),
        99,
      ),
    ),
    creditP50: percentile(creditLatencies, 50),
    creditP99: percentile(creditLatencies, 99),
  };
  say(
    `pay-ins: ${payins.completed}/${payins.initiated} credited, ${payins.perSecond.toFixed(1)} per second; STK push answered p50 ${payins.initiateP50} ms / p99 ${payins.initiateP99} ms; ` +
      `push → credited p50 ${payins.creditP50} ms / p99 ${payins.creditP99} ms${payins.stillPending ? `; ${payins.stillPending} still pending` : ''}`,
  );
  await client.end();

  // ── the books still balance ──
  db = createPrisma(databaseUrl, { poolSize: 2 });
  const ledger = await checkLedgerInvariants(db);
  say(`ledger ${ledger.isHealthy ? 'balanced' : 'NOT BALANCED'} (${ledger.journals.toLocaleString()} journals).`);

  // ── the profile, written when the server exits ──
  const serverPid = server!.pid;
  await cleanUp();
  server = undefined;
  cluster = undefined;
  let profile: { file: string; frames: Frame[]; totalSamples: number } | undefined;
  if (profileDir && existsSync(profileDir)) {
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (file) profile = { file: path.join(profileDir, file), ...topFrames(path.join(profileDir, file)) };
  }

  // ── report ──
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}, PostgreSQL ${pgVersion}`;
  const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const goalsMissed = rows.filter((row) => row.passes === false).map((row) => `${row.name} (${row.goal})`);
  const lines = [
    `Measured ${date} on ${machine}. Load average when the server started: ${loadAverage} (other work on the machine makes figures noisy).`,
    `Data: ${count.toLocaleString()} seeded transactions (${totalStatus.map((row) => `${row.status} ${Number(row.n).toLocaleString()}`).join(', ')}), seeded in ${seedSeconds.toFixed(0)} s.`,
    `Load: autocannon, ${connections} connections, ${duration} s per endpoint after ${warmup} s of warm-up; the server in its own process (pid ${serverPid}), job worker on, MPESA_MOCK_DELAY_MS=0.`,
    '',
    '| endpoint | request | req/s | p50 ms | p99 ms | vs bare | errors | goal |',
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.name} | \`${row.request}\` | ${Math.round(row.requestsPerSecond).toLocaleString()} | ${row.p50} | ${row.p99} | ${row.ratio === null ? '—' : `${(row.ratio * 100).toFixed(0)} %`} | ${row.errors} | ${row.goal ? `${row.goal} ${row.passes ? '✓' : '✗'}` : ''} |`,
    ),
    '',
    `The bare route ran before every endpoint and each ratio is against the run just before it (bare: ${bareRuns.map((value) => Math.round(value).toLocaleString()).join(', ')} req/s).`,
    ...(dashboardColdMs === null ? [] : [`Admin dashboard, first call on a cold aggregate cache: ${dashboardColdMs} ms.`]),
    `Pay-ins end to end (STK push → Daraja mock → callback over HTTP → credited): ${payins.completed.toLocaleString()} of ${payins.initiated.toLocaleString()} credited, ` +
      `**${payins.perSecond.toFixed(1)} completed pay-ins per second**; the STK push request answered in p50 ${payins.initiateP50} ms / p99 ${payins.initiateP99} ms; ` +
      `push → credited (callback latency) p50 ${payins.creditP50} ms / p99 ${payins.creditP99} ms.` +
      (payins.initiateErrors ? ` ${payins.initiateErrors} initiations failed.` : '') +
      (payins.stillPending ? ` ${payins.stillPending} still pending after 90 s.` : ''),
    `Ledger after the run: ${ledger.isHealthy ? 'balanced' : '**NOT balanced**'} (${ledger.journals.toLocaleString()} journals).`,
    goalsMissed.length ? `Goals missed: ${goalsMissed.join('; ')}.` : 'All goals met.',
    ...(profile
      ? [
          '',
          `CPU profile of the server (node --cpu-prof, whole run, ${profile.totalSamples.toLocaleString()} samples; ${profile.file}), top frames by self time:`,
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
        loadAverage,
        count,
        connections,
        duration,
        rows,
        dashboardColdMs,
        payins,
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
