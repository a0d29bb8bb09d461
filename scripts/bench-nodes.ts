/**
 * `npm run bench -- --nodes 3`: the escrow flow (create, STK push → callback, dispatch, release → B2C
 * payout → result) through a round-robin proxy, on one node and then on `--nodes` nodes sharing one
 * fresh embedded PostgreSQL, side by side (docs/SCALING.md keeps the figures).
 *
 *   npm run bench -- --nodes 3 [--count 1000] [--concurrency 24]
 *
 * Each run starts from an empty database, drives `count` sales with `concurrency` in flight, waits until
 * every payout is paid, and checks the books: one deposit journal per sale, one payout per release, the
 * ledger balanced. Prints sales per second and the per-sale latency, and writes bench/nodes-report.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.ts';
import { applyMigrations } from '../server/src/db/migrator.ts';
import { createPrisma } from '../server/src/db/prisma.ts';
import { MIGRATIONS_DIR } from '../server/src/main.ts';
import { checkLedgerInvariants } from '../server/src/modules/ledger/invariants.ts';
import { randomPhone } from '../server/test/factories.ts';
import { makeParty, runSale, startCluster, type Party } from '../server/test/support/cluster.ts';
import { projectRoot } from './lib/paths.ts';

export interface NodesRun {
  nodes: number;
  sales: number;
  concurrency: number;
  seconds: number;
  salesPerSecond: number;
  settledSeconds: number;
  p50Ms: number;
  p99Ms: number;
  deposits: number;
  payouts: number;
  ledgerHealthy: boolean;
  /** Sales that did not finish in time (their first error), reported rather than hidden. */
  stuck: string[];
  /** Rows and bytes one sale leaves behind (capacity planning). */
  perSale: { ledgerPostings: number; timelineEvents: number; sms: number; databaseBytes: number };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function runOnce(nodes: number, count: number, concurrency: number, say: (line: string) => void): Promise<NodesRun> {
  const baseDir = await mkdtemp(path.join(os.tmpdir(), 'escrow-bench-nodes-'));
  const cluster = await startEmbeddedPostgres({ baseDir, persistent: false });
  try {
    await cluster.createDatabase('bench');
    const databaseUrl = cluster.url('bench');
    await applyMigrations(databaseUrl, MIGRATIONS_DIR);
    const db = createPrisma(databaseUrl, { poolSize: 4 });
    const buyers: Party[] = [];
    const sellers: Party[] = [];
    for (let i = 0; i < Math.ceil(count / 4); i++) {
      buyers.push(await makeParty(db, randomPhone(), 'buyer'));
      sellers.push(await makeParty(db, randomPhone(), 'seller'));
    }
    const [empty] = await db.$queryRaw<{ bytes: bigint }[]>`SELECT pg_database_size(current_database()) AS bytes`;
    say(`${nodes} node(s): starting…`);
    const app = await startCluster({
      databaseUrl,
      nodes,
      env: { MPESA_MOCK_DELAY_MS: '1000', STK_RECONCILE_AFTER_SECONDS: '10', LOG_LEVEL: 'error', JOB_POLL_INTERVAL_MS: '500' },
    });
    try {
      const latencies: number[] = [];
      const stuck: string[] = [];
      let started = 0;
      const begin = performance.now();
      const worker = async () => {
        while (started < count) {
          const n = started++;
          const t0 = performance.now();
          try {
            await runSale(app.proxyUrl, buyers[n % buyers.length]!, sellers[n % sellers.length]!, 1000 + (n % 50) * 10);
            latencies.push(performance.now() - t0);
          } catch (error) {
            stuck.push(String((error as Error).message).slice(0, 300));
          }
          if (latencies.length % 100 === 0) say(`  ${latencies.length}/${count} sales`);
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const seconds = (performance.now() - begin) / 1000;
      for (;;) {
        const paid = await db.payout.count({ where: { status: 'completed' } });
        if (paid >= count - stuck.length) break;
        if (performance.now() - begin > 30 * 60_000) throw new Error(`only ${paid} of ${count} payouts paid`);
        await sleep(250);
      }
      const settledSeconds = (performance.now() - begin) / 1000;
      latencies.sort((a, b) => a - b);
      const deposits = await db.ledgerJournal.count({ where: { kind: 'deposit' } });
      const payouts = await db.payout.count();
      const ledger = await checkLedgerInvariants(db);
      const [rows] = await db.$queryRaw<{ postings: bigint; events: bigint; sms: bigint; bytes: bigint }[]>`
        SELECT (SELECT count(*) FROM ledger_postings) AS postings, (SELECT count(*) FROM timeline_events) AS events,
               (SELECT count(*) FROM sms_messages) AS sms, pg_database_size(current_database()) AS bytes`;
      await db.$disconnect();
      return {
        nodes,
        sales: count,
        concurrency,
        seconds: Math.round(seconds * 10) / 10,
        salesPerSecond: Math.round((count / seconds) * 10) / 10,
        settledSeconds: Math.round(settledSeconds * 10) / 10,
        p50Ms: Math.round(percentile(latencies, 50)),
        p99Ms: Math.round(percentile(latencies, 99)),
        deposits,
        payouts,
        ledgerHealthy: ledger.isHealthy,
        stuck,
        perSale: {
          ledgerPostings: Math.round((Number(rows!.postings) / count) * 10) / 10,
          timelineEvents: Math.round((Number(rows!.events) / count) * 10) / 10,
          sms: Math.round((Number(rows!.sms) / count) * 10) / 10,
          databaseBytes: Math.round((Number(rows!.bytes) - Number(empty!.bytes)) / count),
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    await cluster.stop();
    await rm(baseDir, { recursive: true, force: true });
  }
}

export async function benchNodes(options: { nodes: number; count: number; concurrency: number }): Promise<NodesRun[]> {
  const say = (line: string) => console.log(line);
  const runs: NodesRun[] = [];
  for (const nodes of options.nodes > 1 ? [1, options.nodes] : [1]) {
    const run = await runOnce(nodes, options.count, options.concurrency, say);
    runs.push(run);
    say(
      `${run.nodes} node(s): ${run.sales} sales in ${run.seconds} s = ${run.salesPerSecond}/s (all paid out after ${run.settledSeconds} s); ` +
        `per sale p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms; deposits ${run.deposits}, payouts ${run.payouts}, ledger ${run.ledgerHealthy ? 'balanced' : 'NOT balanced'}; ` +
        `per sale: ${run.perSale.ledgerPostings} postings, ${run.perSale.timelineEvents} timeline events, ${run.perSale.sms} SMS, ${run.perSale.databaseBytes} bytes`,
    );
    if (run.stuck.length > 0) say(`  ${run.stuck.length} sale(s) did not finish in time; first: ${run.stuck[0]}`);
    // More deposits or payouts than sales, or an unbalanced ledger, is money wrong; a stuck sale is reported above.
    if (run.deposits > run.sales || run.payouts > run.deposits || !run.ledgerHealthy) throw new Error('the books are wrong');
  }
  const dir = path.join(projectRoot, 'bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'nodes-report.json'),
    JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, loadAverage: os.loadavg(), runs }, null, 2),
  );
  return runs;
}
