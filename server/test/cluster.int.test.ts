/**
 * Three server processes on one PostgreSQL behind a round-robin proxy (support/cluster.ts): sales paid
 * by STK push and released, with M-Pesa's callbacks and the Daraja mock landing on any node; then a node
 * killed in the middle of more sales. Exactly one deposit journal per payment and one payout per
 * release, every job run once (summed over the nodes' /metrics), the ledger balanced; a USSD session
 * walked across nodes, a rate limit counted across nodes, a logout seen by every node at once; the
 * survivors finish the dead node's work.
 *
 * CLUSTER_SALES sets how many sales (default 60: 30 before the kill, 30 around it); `npm run bench --
 * --nodes 3` runs the same flow with 1,000 and reports the throughput (docs/SCALING.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type Db } from '../src/db/prisma.ts';
import { hashSecret } from '../src/lib/password.ts';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.ts';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { USSD_MESSAGES } from '../src/modules/ussd/messages.ts';
import { randomPhone } from './factories.ts';
import { createTestDatabase, eventually } from './helpers.ts';
import { call, makeParty, runSales, startCluster, sumMetric, ussdPath, type Cluster, type Party } from './support/cluster.ts';

const SALES = Number(process.env.CLUSTER_SALES ?? 60);
const BEFORE_KILL = Math.floor(SALES / 2);
const AROUND_KILL = SALES - BEFORE_KILL;
const CONCURRENCY = 12;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let cluster: Cluster;
let parties: { buyers: Party[]; sellers: Party[] };

async function countBy(sql: TemplateStringsArray, ...values: unknown[]): Promise<number> {
  const [row] = await db.$queryRaw<{ count: bigint }[]>(sql, ...values);
  return Number(row!.count);
}

/** What the books hold for these sales: payments, refunds and payouts, for a failure message. */
async function describeSales(ids: string[]): Promise<string> {
  const lines: string[] = [];
  for (const id of ids) {
    const payments = await db.payment.findMany({ where: { transactionId: id }, orderBy: { createdAt: 'asc' } });
    const payouts = await db.payout.findMany({ where: { transactionId: id }, orderBy: { createdAt: 'asc' } });
    lines.push(`sale ${id}`);
    for (const p of payments)
      lines.push(
        `  payment ${p.id} ${p.status} rail_request_id=${p.railRequestId} amount=${p.amountCents} created=${p.createdAt.toISOString()}`,
      );
    for (const p of payouts)
      lines.push(`  payout ${p.id} ${p.kind} ${p.status} amount=${p.amountCents} rail_request_id=${p.railRequestId}`);
  }
  return lines.join('\n');
}

/** Waits until every release of `ids` is paid out and no job is waiting or running, then checks the money. */
async function expectSettledExactlyOnce(ids: string[]) {
  // What the last look saw: by the time `diagnose` reads the tables, a slow tail may have finished.
  let lastSeen = 'nothing yet';
  await eventually(
    async () => {
      const paid = await db.payout.count({ where: { transactionId: { in: ids }, status: 'completed' } });
      const due = await db.$queryRaw<object[]>`
        SELECT task_identifier, attempts, run_at, locked_by, locked_at, last_error FROM graphile_worker.jobs
        WHERE run_at <= now() AND attempts < max_attempts`;
      lastSeen = `${paid} completed payouts for ${ids.length} sales (${new Set(ids).size} distinct); jobs due: ${JSON.stringify(due)}`;
      return paid === ids.length && due.length === 0;
    },
    120_000,
    250,
  ).catch((error: Error) => diagnose(new Error(`${error.message}\nthe last look saw ${lastSeen}`)));
  expect(await db.transaction.count({ where: { id: { in: ids }, status: 'completed' } })).toBe(ids.length);
  const deposits = await db.ledgerJournal.groupBy({
    by: ['transactionId'],
    where: { transactionId: { in: ids }, kind: 'deposit' },
    _count: true,
  });
  expect(deposits).toHaveLength(ids.length);
  const doubled = deposits.filter((row) => row._count !== 1).map((row) => row.transactionId!);
  expect(doubled, await describeSales(doubled)).toEqual([]);
  // One completed payment per sale. A node killed between storing a payment and sending its STK push
  // leaves a payment that never reached M-Pesa: the status query marks it failed and the buyer's repeat
  // prompts afresh, so such a sale has one failed payment more, with no money on it.
  const allPayments = await db.payment.findMany({ where: { transactionId: { in: ids } } });
  const payments = allPayments.filter((payment) => payment.status === 'completed');
  expect(payments).toHaveLength(ids.length);
  expect(new Set(payments.map((payment) => payment.transactionId)).size).toBe(ids.length);
  const others = allPayments.filter((payment) => payment.status !== 'completed');
  expect(
    others.every((payment) => payment.status === 'failed' && payment.railRequestId === null),
    others.map((payment) => `${payment.id} ${payment.status} ${payment.railRequestId}`).join('\n'),
  ).toBe(true);
  const payouts = await db.payout.findMany({ where: { transactionId: { in: ids } } });
  expect(payouts).toHaveLength(ids.length);
  // Each payment's STK push and each payout's B2C request reached M-Pesa (the mock keeps one row per id).
  const checkoutIds = payments.map((payment) => payment.railRequestId ?? '');
  expect(await countBy`SELECT count(*) FROM mock_mpesa_requests WHERE kind = 'stk' AND id = ANY(${checkoutIds})`).toBe(ids.length);
  const originatorIds = payouts.map((payout) => payout.railRequestId ?? '');
  expect(await countBy`SELECT count(*) FROM mock_mpesa_requests WHERE kind = 'b2c' AND id = ANY(${originatorIds})`).toBe(ids.length);
  const report = await checkLedgerInvariants(db);
  expect(
    report.isHealthy,
    JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)),
  ).toBe(true);
}

/** What a stuck sale left behind, for the failure message. */
async function diagnose(error: unknown): Promise<never> {
  const pending = await db.$queryRaw`
    SELECT p.id::text, p.status::text, p.rail_request_id, m.callback_due_at, m.callback_sent_at, m.result_code
    FROM payments p LEFT JOIN mock_mpesa_requests m ON m.id = p.rail_request_id WHERE p.status <> 'completed'`;
  const payouts = await db.$queryRaw`
    SELECT o.id::text, o.status::text, o.attempts, o.rail_request_id, o.last_error, m.callback_due_at, m.callback_sent_at, m.result_code
    FROM payouts o LEFT JOIN mock_mpesa_requests m ON m.id = o.rail_request_id WHERE o.status <> 'completed'`;
  const jobs = await db.$queryRaw`SELECT task_identifier, attempts, max_attempts, run_at, locked_by, last_error FROM graphile_worker.jobs`;
  const logs = cluster.nodes.map((node, index) => `node ${index}:\n${node?.output().slice(-3000) ?? '(killed)'}`).join('\n');
  const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? String(v) : v), 1);
  throw new Error(
    `${(error as Error).message}\npending payments: ${json(pending)}\nunpaid payouts: ${json(payouts)}\njobs: ${json(jobs)}\n${logs}`,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = createPrisma(database.url, { poolSize: 4 });
  const perParty = 4;
  const partyCount = Math.ceil(SALES / perParty);
  parties = { buyers: [], sellers: [] };
  for (let i = 0; i < partyCount; i++) {
    parties.buyers.push(await makeParty(db, randomPhone(), 'buyer'));
    parties.sellers.push(await makeParty(db, randomPhone(), 'seller'));
  }
  cluster = await startCluster({
    databaseUrl: database.url,
    nodes: 3,
    env: {
      MPESA_MOCK_DELAY_MS: '200',
      STK_RECONCILE_AFTER_SECONDS: '5',
      JOB_WORKER_DEAD_AFTER_SECONDS: '3',
      JOB_POLL_INTERVAL_MS: '500',
      LOG_LEVEL: 'error',
    },
  });
}, 180_000);
afterAll(async () => {
  await cluster?.close();
  await db?.$disconnect();
  await database?.drop();
});

describe('three nodes behind a round-robin proxy', () => {
  it(`pays in and releases ${BEFORE_KILL} sales: money exact, every job run once`, { timeout: 300_000 }, async () => {
    const started = performance.now();
    const ids = await runSales(cluster.proxyUrl, parties, { count: BEFORE_KILL, concurrency: CONCURRENCY }).catch(diagnose);
    await expectSettledExactlyOnce(ids);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `three nodes: ${ids.length} sales paid in and paid out in ${seconds.toFixed(1)} s (${(ids.length / seconds).toFixed(1)}/s)`,
    );
    expect(cluster.servedBy.every((served) => served > ids.length)).toBe(true);

    // Each payout and each SMS was sent by exactly one job run on one node.
    const payoutRuns = await sumMetric(cluster.nodes, 'escrow_job_attempts_total', ['queue="payouts.send"', 'outcome="completed"']);
    expect(payoutRuns).toBe(ids.length);
    expect(await sumMetric(cluster.nodes, 'escrow_job_attempts_total', ['outcome="failed"'])).toBe(0);
    const smsSent = await countBy`SELECT count(*) FROM sms_messages WHERE status IN ('sent', 'delivered')`;
    expect(smsSent).toBeGreaterThan(ids.length);
    expect(await sumMetric(cluster.nodes, 'escrow_job_attempts_total', ['queue="sms.send"', 'outcome="completed"'])).toBe(smsSent);
    expect(await countBy`SELECT count(*) FROM mock_sms_deliveries`).toBe(smsSent);
  });

  it('continues a USSD session on whichever node gets the next step', async () => {
    const phone = randomPhone();
    const sessionId = `ATUid_cluster_${Date.now()}`;
    const inputs = ['', '1', 'Achieng', 'Otieno', '1', '2580', '2580'];
    const servedBy = new Set<string>();
    let screen = '';
    for (let step = 1; step <= inputs.length; step++) {
      const text = inputs.slice(1, step).join('*');
      const answer = await call(cluster.proxyUrl, 'POST', ussdPath(), {
        form: { sessionId, serviceCode: USSD_SERVICE_CODE, phoneNumber: `+${phone}`, networkCode: '63902', text },
      });
      expect(answer.status, answer.text).toBe(200);
      servedBy.add(answer.servedBy!);
      screen = answer.text;
    }
    expect(servedBy.size).toBe(3);
    expect(screen).toBe(`END ${USSD_MESSAGES.en.registered('Achieng')}`);
    expect(await db.user.count({ where: { phoneNumber: phone, lastName: 'Otieno' } })).toBe(1);
  });

  it('counts a rate limit across nodes: wrong passwords on three nodes add up', async () => {
    const phone = randomPhone();
    await db.user.create({
      data: {
        firstName: 'Rate',
        lastName: 'Limited',
        phoneNumber: phone,
        userType: 'buyer',
        passwordHash: await hashSecret('Right@2026!'),
        phoneVerifiedAt: new Date(),
      },
    });
    const statuses: number[] = [];
    const servedBy = new Set<string>();
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await call(cluster.proxyUrl, 'POST', '/api/auth/login', {
        body: { phone_or_email: phone, password: `Wrong@${attempt}` },
      });
      statuses.push(answer.status);
      servedBy.add(answer.servedBy!);
    }
    expect(servedBy.size).toBe(3);
    // Five wrong passwords in all, wherever they landed, then refused: one node alone saw at most three.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('makes a logout count on every node at once', async () => {
    const party = await makeParty(db, randomPhone(), 'buyer');
    for (const node of cluster.nodes)
      expect((await call(node!.baseUrl, 'GET', '/api/auth/profile', { token: party.token })).status).toBe(200);
    const logout = await call(cluster.proxyUrl, 'POST', '/api/auth/logout', { token: party.token });
    expect(logout.status, logout.text).toBe(200);
    for (const node of cluster.nodes)
      expect((await call(node!.baseUrl, 'GET', '/api/auth/profile', { token: party.token })).status).toBe(401);
  });

  it(
    `loses nothing when a node is killed in the middle of ${AROUND_KILL} sales: the others finish its work`,
    { timeout: 300_000 },
    async () => {
      let killed = false;
      const started = performance.now();
      const ids = await runSales(cluster.proxyUrl, parties, {
        count: AROUND_KILL,
        concurrency: CONCURRENCY,
        onProgress: async (done) => {
          if (!killed && done >= AROUND_KILL / 3) {
            killed = true;
            await cluster.crash(1);
          }
        },
      }).catch(diagnose);
      expect(killed).toBe(true);
      await expectSettledExactlyOnce(ids);
      console.log(`three nodes, one killed: ${ids.length} sales settled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      // Nothing is left locked by the dead node, and nothing failed for good. A live node may be running a
      // recurring job (the totals fold runs every minute) just then: it lets go within moments.
      await eventually(
        async () => (await countBy`SELECT count(*) FROM graphile_worker.jobs WHERE locked_at IS NOT NULL`) === 0,
        30_000,
        250,
      );
      expect(await countBy`SELECT count(*) FROM graphile_worker.jobs WHERE attempts >= max_attempts`).toBe(0);
    },
  );
});
