/**
 * Several app nodes on one PostgreSQL behind a round-robin proxy, and the escrow flow driven through it
 * (server/test/cluster.int.test.ts, `npm run bench -- --nodes 3`).
 *
 * Every node is a real server process (server-main.ts). The nodes' PUBLIC_BASE_URL and MPESA_BASE_URL
 * are the proxy, so M-Pesa's callbacks and the Daraja mock itself land on any node, like behind a load
 * balancer. The proxy skips a node that refuses connections, and retries on another node a request
 * that is safe to repeat (an Idempotency-Key, or a gateway callback, which is processed once however
 * often it arrives). It names the node that answered in `x-served-by`.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../src/db/prisma.ts';
import { findFreePort } from '../../src/db/embedded-postgres.ts';
import { startChildServer, type ChildServer } from './child-server.ts';
import { signHs256 } from './tokens.ts';

export const CLUSTER_JWT_SECRET = 'cluster-test-secret-cluster-test-secret-0123';
export const CLUSTER_CALLBACK_SECRET = 'cluster-callback-secret-42';
export const CLUSTER_METRICS_TOKEN = 'cluster-metrics-token-0123456789';
export const CLUSTER_AT_CALLBACK_SECRET = 'cluster-at-callback-secret-0123';

/** The USSD callback's path on the nodes: the gateway knows the secret segment. */
export const ussdPath = () => `/api/ussd/${CLUSTER_AT_CALLBACK_SECRET}`;

export interface Cluster {
  proxyUrl: string;
  nodes: (ChildServer | undefined)[];
  /** Requests the proxy sent to each node. */
  servedBy: number[];
  /** SIGKILL one node; the proxy stops sending it requests when it refuses them. */
  crash(index: number): Promise<void>;
  close(): Promise<void>;
}

const SAFE_TO_REPEAT = /^\/api\/payments\/mpesa\//;

export async function startCluster(options: { databaseUrl: string; nodes: number; env?: Record<string, string> }): Promise<Cluster> {
  const proxyPort = await findFreePort();
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const ports = await Promise.all(Array.from({ length: options.nodes }, () => findFreePort()));
  const servedBy = ports.map(() => 0);
  const down = new Set<number>();
  let next = 0;

  const forward = (index: number, request: http.IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const upstream = http.request(
        { host: '127.0.0.1', port: ports[index], method: request.method, path: request.url, headers: request.headers, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const proxy = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks);
      const repeatable = request.headers['idempotency-key'] !== undefined || SAFE_TO_REPEAT.test(request.url ?? '');
      for (let tries = 0; tries < ports.length * 2; tries++) {
        const index = next++ % ports.length;
        if (down.has(index)) continue;
        try {
          const answer = await forward(index, request, body);
          servedBy[index]!++;
          reply.writeHead(answer.status, { ...answer.headers, 'x-served-by': String(index) });
          reply.end(answer.body);
          return;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ECONNREFUSED') down.add(index);
          else if (!repeatable) break; // it may have been processed: only the client can decide
        }
      }
      reply.writeHead(502, { 'content-type': 'application/json' });
      reply.end(JSON.stringify({ success: false, code: 'BAD_GATEWAY', message: 'No node answered' }));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));

  const nodes: (ChildServer | undefined)[] = await Promise.all(
    ports.map((port) =>
      startChildServer({
        databaseUrl: options.databaseUrl,
        port,
        env: {
          JWT_SECRET: CLUSTER_JWT_SECRET,
          MPESA_CALLBACK_SECRET: CLUSTER_CALLBACK_SECRET,
          AT_CALLBACK_SECRET: CLUSTER_AT_CALLBACK_SECRET,
          METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
          PUBLIC_BASE_URL: proxyUrl,
          INSPECTION_WINDOW_SECONDS: '259200',
          // A node killed between sending a payout and storing the answer leaves it to a Transaction Status
          // query: asked soon here (300 s by default), so the surviving nodes finish within the test.
          PAYOUT_RECONCILE_AFTER_SECONDS: '5',
          ...options.env,
        },
      }),
    ),
  );

  return {
    proxyUrl,
    nodes,
    servedBy,
    async crash(index) {
      await nodes[index]?.crash();
      nodes[index] = undefined;
    },
    async close() {
      await Promise.all(nodes.map((node) => node?.stop()));
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

export interface Party {
  id: string;
  phone: string;
  token: string;
}

/** A verified user with a session, and a token signed like the nodes sign theirs. */
export async function makeParty(db: Db, phone: string, userType: 'buyer' | 'seller' | 'both'): Promise<Party> {
  const user = await db.user.create({
    data: { firstName: 'Node', lastName: userType, phoneNumber: phone, userType, phoneVerifiedAt: new Date() },
  });
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  await db.authSession.create({ data: { id: jti, userId: user.id, expiresAt: new Date((now + 3600) * 1000) } });
  return { id: user.id, phone, token: signHs256({ sub: user.id, role: userType, jti, iat: now, exp: now + 3600 }, CLUSTER_JWT_SECRET) };
}

export interface Answer {
  status: number;
  servedBy: string | null;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever JSON a node answered
  json(): any;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: Record<string, string>; idempotencyKey?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload ?? null, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  return { status: response.status, servedBy: response.headers.get('x-served-by'), text, json: () => JSON.parse(text) };
}

/**
 * A money-moving POST with an Idempotency-Key, repeated with the same key after a 502 or a lost answer
 * (a node died under it) and while its first try is still marked running, as a careful client does.
 * When a repeat is refused as INVALID_STATE, `isDone` says whether the lost first try did the work.
 */
async function callOnce(
  baseUrl: string,
  path: string,
  token: string,
  body: unknown,
  accept: number[],
  isDone?: () => Promise<boolean>,
): Promise<Answer | null> {
  const idempotencyKey = randomUUID();
  const deadline = Date.now() + 120_000;
  let isRepeat = false;
  for (; ; isRepeat = true) {
    const answer = await call(baseUrl, 'POST', path, { token, body, idempotencyKey }).catch(() => null);
    if (answer && accept.includes(answer.status)) return answer;
    const code = answer && answer.status < 500 ? (answer.json() as { code?: string }).code : undefined;
    if (isRepeat && code === 'INVALID_STATE' && isDone && (await isDone())) return null;
    const stillRunning = answer?.status === 409 && code === 'IDEMPOTENCY_CONFLICT';
    if (answer && answer.status < 500 && !stillRunning) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
    if (Date.now() > deadline) throw new Error(`POST ${path}: no answer in time (${answer?.status} ${answer?.text})`);
    await sleep(stillRunning ? 1000 : 200);
  }
}

async function statusOf(baseUrl: string, party: Party, transactionId: string): Promise<string | undefined> {
  const answer = await call(baseUrl, 'GET', `/api/transactions/${transactionId}`, { token: party.token }).catch(() => null);
  return answer?.status === 200 ? (answer.json().data.transaction.status as string) : undefined;
}

/**
 * Pays by STK push until the transaction is funded. A payment can end failed with no money taken when the
 * node that sent it, or the Daraja mock that node also serves, is killed before M-Pesa has it: the buyer
 * then pays again, as the pay page's "Try again" offers.
 */
async function payUntilFunded(baseUrl: string, buyer: Party, id: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const funded = async () => (await statusOf(baseUrl, buyer, id)) === 'funded';
    await callOnce(baseUrl, '/api/payments/initiate', buyer.token, { transaction_id: id }, [200, 202], funded);
    for (;;) {
      const answer = await call(baseUrl, 'GET', `/api/transactions/${id}`, { token: buyer.token }).catch(() => null);
      const data = answer?.status === 200 ? answer.json().data : undefined;
      if (data?.transaction.status === 'funded') return;
      const payments = data?.payment_status as { total_payments: number; failed_payments: number } | undefined;
      if (payments && payments.total_payments > 0 && payments.failed_payments === payments.total_payments) break;
      if (Date.now() > deadline) throw new Error(`transaction ${id} did not become funded: ${answer?.text}`);
      await sleep(250);
    }
  }
}

/** One sale: create, pay by STK push (the mock's callback), dispatch, release (the payout follows). */
export async function runSale(baseUrl: string, buyer: Party, seller: Party, amount: number): Promise<string> {
  const created = await callOnce(
    baseUrl,
    '/api/transactions',
    buyer.token,
    { seller_phone: seller.phone, amount, product_name: `Cluster sale ${amount}`, transaction_type: 'standard' },
    [201],
  );
  const id = created!.json().data.transaction.id as string;
  const reached = (statuses: string[]) => async () => statuses.includes((await statusOf(baseUrl, buyer, id)) ?? '');
  await payUntilFunded(baseUrl, buyer, id);
  await callOnce(baseUrl, `/api/transactions/${id}/dispatch`, seller.token, {}, [200], reached(['dispatched', 'completed']));
  await callOnce(baseUrl, `/api/transactions/${id}/release_payment`, buyer.token, {}, [200], reached(['completed']));
  return id;
}

/** Runs `count` sales, `concurrency` at a time; `onProgress` after each. Returns the transaction ids. */
export async function runSales(
  baseUrl: string,
  parties: { buyers: Party[]; sellers: Party[] },
  options: { count: number; concurrency: number; onProgress?: (done: number) => void | Promise<void> },
): Promise<string[]> {
  const ids: string[] = [];
  let started = 0;
  const worker = async () => {
    while (started < options.count) {
      const n = started++;
      const buyer = parties.buyers[n % parties.buyers.length]!;
      const seller = parties.sellers[n % parties.sellers.length]!;
      ids.push(await runSale(baseUrl, buyer, seller, 1000 + (n % 50) * 10));
      await options.onProgress?.(ids.length);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return ids;
}

/** Sums a counter over the nodes' /metrics (the label filter is `key="value"` substrings). */
export async function sumMetric(nodes: (ChildServer | undefined)[], name: string, labels: string[]): Promise<number> {
  let total = 0;
  for (const node of nodes) {
    if (!node) continue;
    const answer = await call(node.baseUrl, 'GET', '/metrics', { token: CLUSTER_METRICS_TOKEN });
    for (const line of answer.text.split('\n')) {
      if (!line.startsWith(`${name}{`) || !labels.every((label) => line.includes(label))) continue;
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}
