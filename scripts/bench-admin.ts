/**
 * The admin dashboard at scale: seeds N transactions (default 1,000,000, scripts/seed-bulk.ts) into an
 * embedded PostgreSQL, starts the app, and measures each admin endpoint with autocannon. Target: p99 of
 * the dashboard and the transaction list ≤ 100 ms.
 *
 *   npx tsx scripts/bench-admin.ts [--count 1000000] [--connections 8] [--duration 10] [--keep] [--url postgresql://…]
 *
 * --keep keeps the seeded cluster in .data/bench-admin/ for the next run (seeding a million rows takes
 * minutes); --url uses an existing database instead (seeded when it has fewer than N transactions).
 * Each endpoint is first called once on a cold aggregate cache ("cold" column), then loaded. Results
 * also go to test-results/bench-admin.json. Not part of `npm test`.
 */
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { parseEnv, resolveConfig } from '../server/src/config/env.ts';
import { databaseExists, findFreePort, startEmbeddedPostgres, type EmbeddedCluster } from '../server/src/db/embedded-postgres.ts';
import { applyMigrations } from '../server/src/db/migrator.ts';
import { MIGRATIONS_DIR } from '../server/src/main.ts';
import { ensureAdmin } from '../server/src/seed/seed.ts';
import { projectRoot } from './lib/paths.ts';
import { seedBulk } from './seed-bulk.ts';

const TARGET_P99_MS = 100;

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '1000000' },
    connections: { type: 'string', default: '8' },
    duration: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
});
const count = Number(values.count);
const connections = Number(values.connections);
const duration = Number(values.duration);

let cluster: EmbeddedCluster | undefined;
let tempDir: string | undefined;
let databaseUrl = values.url;
if (!databaseUrl) {
  const baseDir = values.keep
    ? path.join(projectRoot, '.data', 'bench-admin')
    : (tempDir = await mkdtemp(path.join(tmpdir(), 'bench-admin-')));
  console.log(`Starting embedded PostgreSQL in ${baseDir}…`);
  cluster = await startEmbeddedPostgres({ baseDir, persistent: values.keep });
  if (!(await databaseExists(cluster, 'escrow_bench'))) await cluster.createDatabase('escrow_bench');
  databaseUrl = cluster.url('escrow_bench');
}

let app: Awaited<ReturnType<typeof buildApp>> | undefined;
async function cleanUp() {
  await app?.close().catch(() => {});
  await cluster?.stop().catch(() => {});
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
}

try {
  await applyMigrations(databaseUrl, MIGRATIONS_DIR, console.log);
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  const existing = Number((await probe.query<{ n: string }>('SELECT COUNT(*) AS n FROM transactions')).rows[0]!.n);
  if (existing < count) {
    console.log(`Seeding ${count.toLocaleString()} transactions (have ${existing.toLocaleString()})…`);
    await seedBulk({ databaseUrl, count });
  } else {
    console.log(`Reusing ${existing.toLocaleString()} transactions.`);
  }
  // Inputs for the search and detail endpoints, taken from the data.
  const sample = (
    await probe.query<{ id: string; reference_number: string; phone_number: string }>(
      `SELECT t.id::text, t.reference_number, u.phone_number FROM transactions t JOIN users u ON u.id = t.buyer_id ORDER BY t.created_at DESC OFFSET 5000 LIMIT 1`,
    )
  ).rows[0]!;
  const totals = (
    await probe.query<{ transactions: string; users: string; events: string; postings: string }>(
      `SELECT (SELECT COUNT(*) FROM transactions) AS transactions, (SELECT COUNT(*) FROM users) AS users,
              (SELECT COUNT(*) FROM timeline_events) AS events, (SELECT COUNT(*) FROM ledger_postings) AS postings`,
    )
  ).rows[0]!;
  await probe.end();

  const port = await findFreePort();
  const env = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JOBS_ENABLED: 'false',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
  });
  const config = resolveConfig(env, { databaseUrl, jwtSecret: env.JWT_SECRET!, callbackSecret: randomBytes(16).toString('hex'), port });
  app = await buildApp(config, { startJobs: false });
  await ensureAdmin(app.ctx);
  const admin = await app.ctx.db.user.findUniqueOrThrow({ where: { phoneNumber: '254700000001' } });
  const token = await app.issueToken(app.ctx.db, { id: admin.id, userType: 'admin' });
  await app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const headers = { authorization: `Bearer ${token}` };

  const localPhone = `0${sample.phone_number.slice(3)}`;
  const endpoints: { name: string; path: string; target: boolean }[] = [
    { name: 'dashboard', path: '/api/admin/monitoring/dashboard', target: true },
    { name: 'transactions (page 1)', path: '/api/admin/monitoring/transactions', target: true },
    { name: 'transactions (page 50, 20 per page)', path: '/api/admin/monitoring/transactions?page=50&per_page=20', target: true },
    { name: 'transactions (status=disputed)', path: '/api/admin/monitoring/transactions?status=disputed&per_page=20', target: true },
    {
      name: 'transactions (search reference part)',
      path: `/api/admin/monitoring/transactions?search=${sample.reference_number.slice(4, 11)}`,
      target: true,
    },
    { name: 'transactions (search buyer phone)', path: `/api/admin/monitoring/transactions?search=${localPhone}`, target: true },
    { name: 'transactions (amount 1000–5000)', path: '/api/admin/monitoring/transactions?amount_min=1000&amount_max=5000', target: true },
    { name: 'transaction timeline', path: `/api/admin/monitoring/transactions/${sample.id}/timeline`, target: false },
    { name: 'users (page 1)', path: '/api/admin/users', target: false },
    { name: 'users (search name)', path: '/api/admin/users?search=wanjiku%20ka', target: false },
    { name: 'latest (20)', path: '/api/admin/monitoring/latest', target: false },
    { name: 'stats', path: '/api/admin/monitoring/stats', target: false },
    { name: 'analytics (30 days)', path: '/api/admin/monitoring/analytics', target: false },
    { name: 'health', path: '/api/admin/monitoring/health', target: false },
    { name: 'tRPC admin.dashboard', path: '/trpc/admin.dashboard', target: true },
  ];

  console.log(
    `\nData: ${Number(totals.transactions).toLocaleString()} transactions, ${Number(totals.users).toLocaleString()} users, ` +
      `${Number(totals.events).toLocaleString()} timeline events, ${Number(totals.postings).toLocaleString()} ledger postings.`,
  );
  console.log(`Load: ${connections} connections for ${duration} s per endpoint, aggregate cache ${config.ADMIN_STATS_CACHE_SECONDS} s.\n`);

  const results = [];
  for (const endpoint of endpoints) {
    const coldStart = performance.now();
    const cold = await fetch(base + endpoint.path, { headers });
    await cold.arrayBuffer();
    const coldMs = performance.now() - coldStart;
    if (!cold.ok) throw new Error(`${endpoint.path} answered ${cold.status}`);
    const result = await autocannon({ url: base + endpoint.path, headers, connections, duration });
    const row = {
      endpoint: endpoint.name,
      path: endpoint.path,
      cold_ms: Math.round(coldMs),
      p50_ms: result.latency.p50,
      p90_ms: result.latency.p90,
      p99_ms: result.latency.p99,
      max_ms: result.latency.max,
      requests_per_second: Math.round(result.requests.average),
      non_2xx: result.non2xx + result.errors,
      target: endpoint.target,
      passes: !endpoint.target || (result.latency.p99 <= TARGET_P99_MS && result.non2xx + result.errors === 0),
    };
    results.push(row);
    console.log(
      `${row.endpoint.padEnd(40)} cold ${String(row.cold_ms).padStart(5)} ms | p50 ${String(row.p50_ms).padStart(4)} | p90 ${String(row.p90_ms).padStart(4)} | ` +
        `p99 ${String(row.p99_ms).padStart(4)} ms | ${String(row.requests_per_second).padStart(5)} req/s | errors ${row.non_2xx}` +
        (row.target ? (row.passes ? '  ✓' : `  ✗ (target p99 ≤ ${TARGET_P99_MS} ms)`) : ''),
    );
  }
  const outDir = path.join(projectRoot, 'test-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'bench-admin.json'),
    JSON.stringify({ date: new Date().toISOString(), data: totals, connections, duration, target_p99_ms: TARGET_P99_MS, results }, null, 2),
  );
  const failed = results.filter((row) => !row.passes);
  console.log(failed.length === 0 ? `\nAll targeted endpoints: p99 ≤ ${TARGET_P99_MS} ms.` : `\n${failed.length} endpoint(s) over target.`);
  await cleanUp();
  process.exit(failed.length === 0 ? 0 : 1);
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
