/**
 * The yardsticks of `npm run bench` (scripts/bench.ts), in a process of their own on the same database:
 *
 * - `GET /bare`: a constant JSON answer from `node:http` with nothing else — what any HTTP answer costs;
 * - `GET /api/v1/charges/calculate?amount=…&type=…`: the fee calculator written by hand, with what the
 *   product's answer carries besides its work: helmet's security headers (computed once, as the product
 *   does) and one log line per request through pino, batched to a file (BENCH_YARDSTICK_LOG) by the
 *   product's own production destination (server/src/lib/line-writer.ts); no scrubbing of the line, no metrics, no CORS;
 * - `GET /api/transactions/{id}` and `GET /api/transactions?status=…&per_page=…`: the product's detail and
 *   list written by hand with `node:http` + `pg` and nothing else — the HS256 check, the session row joined
 *   to its user (one query per request, no cache), then the product's answer in one query (two for the
 *   list: the page, and its summary from the totals the database keeps). The detail reads what the
 *   product's read does, with the product's very statement (transactions/detail-sql.ts: the parties, plan,
 *   timeline, latest dispute, the withdrawal request waiting, payments, refunds, latest seller payout), and
 *   answers the same `data`, value for value: server/test/bench-yardstick.int.test.ts compares the two for
 *   transactions in every state.
 *
 * It reuses the pure core (`@escrow/core/domain`: the quote arithmetic, the state table's
 * `availableActions`, money formatting, the phone mask, which installment is owed, an event's family, the
 * inspection window in hours), as the product's own wire does: those are the rules of the answer, not the
 * framework, and writing them again would measure a second copy instead of the same work. Of the server
 * only the detail's SQL text is imported (a file that imports nothing); not its app, Prisma, Fastify or zod.
 *
 * Not the product: no validation beyond what the work needs; outside the calculator no logging and no
 * headers but Content-Type.
 * Prints READY when it listens; SIGTERM ends it. Reads DATABASE_URL, PORT, JWT_SECRET, and the inspection
 * windows as the product does (INSPECTION_WINDOW_SECONDS, PROTECTED_INSPECTION_WINDOW_SECONDS).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { openSync } from 'node:fs';
import http from 'node:http';
import helmet from 'helmet';
import pg from 'pg';
import pino from 'pino';
import { lineWriter } from '../../server/src/lib/line-writer.ts';
import { calculateAllFees, FEE_TYPES, type Fee, type FeeType } from '@escrow/core/domain/fees';
import { isInstallmentOwed, type InstallmentStatus } from '@escrow/core/domain/installment-plan';
import { inspectionWindowHours } from '@escrow/core/domain/inspection-window';
import { formatCents, parseAmount } from '@escrow/core/domain/money';
import { maskPhone } from '@escrow/core/domain/phone';
import { quote } from '@escrow/core/domain/quote';
import { eventCategory } from '@escrow/core/domain/timeline-events';
import { availableActions, withdrawalFacts } from '@escrow/core/domain/transaction-state';
import { DETAIL_SQL } from '../../server/src/modules/transactions/detail-sql.ts';

const databaseUrl = process.env.DATABASE_URL!;
const port = Number(process.env.PORT);
const secret = process.env.JWT_SECRET!;
/** The product's defaults (server/src/config/env.ts): three days, and seven for Protected Escrow. */
const INSPECTION_SECONDS = Number(process.env.INSPECTION_WINDOW_SECONDS ?? 259_200);
const PROTECTED_INSPECTION_SECONDS = Number(process.env.PROTECTED_INSPECTION_WINDOW_SECONDS ?? 604_800);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
// Bigints as text: money is formatted from cents without floating point.
pg.types.setTypeParser(20, (value) => value);

const money = (cents: string | number | null) => (cents === null ? null : formatCents(BigInt(cents)));
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
/** A party by name, or by masked phone when no account stands behind it (a seller yet to register). */
const party = (first: string | null, last: string | null, phone: string) => ({
  phone_number: phone,
  display_name: first === null ? maskPhone(phone) : `${first} ${last}`.trim(),
});

/** The caller behind a bearer token, or null: signature, expiry, then the session row and its user. */
async function callerOf(header: string | undefined): Promise<{ id: string; role: string } | null> {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'HS256') return null;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { sub: string; jti: string; exp: number };
  if (claims.exp * 1000 <= Date.now()) return null;
  const { rows } = await pool.query<{ id: string; role: string }>({
    name: 'session',
    text: `SELECT u.id, u.user_type::text AS role FROM auth_sessions s JOIN users u ON u.id = s.user_id
           WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.status <> 'suspended'`,
    values: [claims.jti],
  });
  return rows[0]?.id === claims.sub ? rows[0] : null;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Who the caller is to the transaction, or null (404): a party, else an admin (access.ts `partyRole`). */
function roleOf(t: Json, caller: { id: string; role: string }): 'buyer' | 'seller' | 'admin' | null {
  if (t.buyer_id === caller.id) return 'buyer';
  if (t.seller_id !== null && t.seller_id === caller.id) return 'seller';
  return caller.role === 'admin' ? 'admin' : null;
}

/** The detail answer of the product (read-transactions.ts `detailWire`, wire.ts) from the statement's row. */
function detail(row: Json, role: 'buyer' | 'seller' | 'admin', now: Date) {
  const t = row.txn as Json;
  const plan = row.plan as Json | null;
  const installments = row.installments as Json[];
  const timeline = row.timeline as Json[];
  const payments = row.payments as Json[];
  const d = row.dispute as Json | null;
  const w = row.pending_withdrawal as Json | null;
  const payout = row.payout as Json | null;
  const next = plan ? installments.find((installment) => isInstallmentOwed(installment as { status: InstallmentStatus })) : undefined;
  const q = quote({
    status: t.status,
    transactionType: t.transaction_type,
    amountCents: BigInt(t.amount_cents),
    buyerFeeCents: BigInt(t.buyer_fee_cents),
    sellerFeeCents: BigInt(t.seller_fee_cents),
    paidCents: BigInt(t.paid_cents),
    payments: payments
      .filter((p) => p.status === 'completed')
      .map((p) => ({ amountCents: BigInt(p.amount_cents), feeCents: BigInt(p.fee_cents) })),
    refunds: (row.refunds as Json[]).map((r) => ({
      amountCents: BigInt(r.amount_cents),
      feeCents: BigInt(r.fee_cents),
      reason: String(r.reason),
    })),
    nextInstallment: next ? { id: next.id, amountCents: BigInt(next.amount_cents), paidCents: BigInt(next.paid_cents) } : null,
  });
  const latest = timeline.at(-1);
  const buyer = party(row.buyer.first_name, row.buyer.last_name, row.buyer.phone_number);
  const seller = party(row.seller?.first_name ?? null, row.seller?.last_name ?? null, t.seller_phone);
  const transaction = {
    id: t.id,
    reference_number: t.reference_number,
    amount: money(t.amount_cents),
    status: t.status,
    transaction_type: t.transaction_type,
    product_name: t.product_name,
    buyer,
    seller,
    latest_event: latest ? { event_type: latest.event_type, created_at: iso(latest.created_at) } : null,
    created_at: iso(t.created_at),
    seller_phone: t.seller_phone,
    buyer_fee: money(t.buyer_fee_cents),
    seller_fee: money(t.seller_fee_cents),
    amount_paid: money(t.paid_cents),
    amount_due: formatCents(q.owed),
    refunded_amount: formatCents(q.refunded),
    quote: {
      owed: formatCents(q.owed),
      owed_fee: formatCents(q.owedFee),
      paid_in: formatCents(q.paidIn),
      fee_paid: formatCents(q.feePaid),
      held: formatCents(q.held),
      refunded: formatCents(q.refunded),
      seller_receives: formatCents(q.sellerReceives),
      released_to_seller: formatCents(q.releasedToSeller),
      seller_fee_charged: formatCents(q.sellerFeeCharged),
      seller_paid_out: formatCents(q.sellerPaidOut),
      next_payment: q.nextPayment ? formatCents(q.nextPayment.total) : null,
    },
    channel: t.channel,
    my_role: role,
    // Admins act through the dispute and payout endpoints: the parties' actions only.
    allowed_actions:
      role === 'admin'
        ? []
        : availableActions(t.status, role, t.transaction_type, {
            ...withdrawalFacts(w ? new Date(w.respond_by) : null, now),
            isAwaitingReturn: d?.status === 'awaiting_return',
          }),
    ...(plan ? { total_cost: money(t.amount_cents), initial_payment: money(plan.deposit_cents), installment_months: plan.months } : {}),
    payment_link_code: t.payment_link_code,
    funded_at: iso(t.funded_at),
    dispatched_at: iso(t.dispatched_at),
    inspection_ends_at: iso(t.inspection_ends_at),
    inspection_window_hours: inspectionWindowHours(t.transaction_type === 'protected' ? PROTECTED_INSPECTION_SECONDS : INSPECTION_SECONDS),
    dispatch_details: t.dispatched_at ? { courier: t.dispatch_courier, tracking_number: t.dispatch_tracking, note: t.dispatch_note } : null,
    completed_at: iso(t.completed_at),
    updated_at: iso(t.updated_at),
  };
  return {
    transaction,
    charges: {
      buyer_charge: money(t.buyer_fee_cents),
      seller_charge: money(t.seller_fee_cents),
      total_service_charge: formatCents(BigInt(t.buyer_fee_cents) + BigInt(t.seller_fee_cents)),
    },
    seller_payout: payout
      ? {
          amount: money(payout.amount_cents),
          status: payout.status,
          rail: payout.rail,
          receipt: payout.rail_receipt,
          completed_at: iso(payout.completed_at),
        }
      : null,
    buyer,
    seller,
    payment_status: {
      total_payments: payments.length,
      successful_payments: payments.filter((p) => p.status === 'completed').length,
      failed_payments: payments.filter((p) => p.status === 'failed' || p.status === 'cancelled').length,
    },
    ...(plan
      ? {
          installments: installments.map((i) => ({
            id: i.id,
            sequence: i.sequence,
            due_date: iso(i.due_date),
            amount: money(i.amount_cents),
            paid_amount: money(i.paid_cents),
            status: i.status,
            paid_at: iso(i.paid_at),
          })),
        }
      : {}),
    dispute: d
      ? {
          id: d.id,
          reason: d.reason,
          description: d.description,
          status: d.status,
          opened_by: d.opened_by_id === t.buyer_id ? 'buyer' : 'seller',
          respond_by: iso(d.respond_by),
          outcome: d.outcome,
          buyer_amount: money(d.buyer_amount_cents),
          seller_amount: money(d.seller_amount_cents),
          ruling_note: d.ruling_note,
          resolved_at: iso(d.resolved_at),
          created_at: iso(d.created_at),
        }
      : null,
    withdrawal_request: w
      ? {
          reason: w.reason,
          requested_at: iso(w.created_at),
          respond_by: iso(w.respond_by),
          past_respond_by: withdrawalFacts(new Date(w.respond_by), now).isWithdrawalOverdue,
        }
      : null,
    timeline: timeline.map((e) => ({
      event_type: e.event_type,
      type: eventCategory(e.event_type),
      description: e.description,
      timestamp: iso(e.created_at),
      ...(e.data && typeof e.data === 'object' ? { data: e.data } : {}),
    })),
  };
}

const LIST_WHERE = `($1::uuid IS NULL OR t.buyer_id = $1 OR t.seller_id = $1) AND t.status = $2::"TransactionStatus"`;
// The page's rows chosen before the joins, as the product does (server/src/modules/transactions/list-query.ts):
// the yardstick is the same statement without the product's machinery, not a slower plan to compare against.
const LIST_PAGE = `
SELECT t.id, t.reference_number, t.amount_cents, t.status, t.transaction_type, t.product_name, t.seller_phone, t.created_at,
  b.first_name AS b_first, b.last_name AS b_last, b.phone_number AS b_phone, s.first_name AS s_first, s.last_name AS s_last,
  (SELECT json_build_object('event_type', e.event_type, 'created_at', e.created_at) FROM timeline_events e
    WHERE e.transaction_id = t.id ORDER BY e.created_at DESC, e.id DESC LIMIT 1) AS latest,
  (SELECT o.status FROM payouts o WHERE o.transaction_id = t.id AND o.kind = 'seller_payout' AND t.status = 'completed'
    ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS payout_status
FROM (SELECT t.id, t.reference_number, t.amount_cents, t.status, t.transaction_type, t.product_name, t.seller_phone, t.created_at,
             t.buyer_id, t.seller_id
        FROM transactions t WHERE ${LIST_WHERE} ORDER BY t.created_at DESC, t.id DESC LIMIT $3 OFFSET $4) t
JOIN users b ON b.id = t.buyer_id LEFT JOIN users s ON s.id = t.seller_id
ORDER BY t.created_at DESC, t.id DESC`;
// The summary from the totals the database keeps, as the product reads them (server/src/modules/transactions/totals.ts):
// the folded totals plus the deltas since the last fold, a transaction whose buyer is its seller counted once.
const TOTALS_WHERE = `user_id = coalesce($1::uuid, '00000000-0000-0000-0000-000000000000') AND status = $2::"TransactionStatus"
  AND scope = ANY(CASE WHEN $1::uuid IS NULL THEN '{all}' ELSE '{buyer,seller,both}' END::"TotalScope"[])`;
const SIGNED = (column: string) => `CASE WHEN scope = 'both' THEN -${column} ELSE ${column} END`;
const LIST_SUMMARY = `
SELECT status::text, sum(${SIGNED('count')})::int AS n, sum(${SIGNED('amount_cents')}) AS value
FROM (SELECT scope, status, count, amount_cents FROM transaction_totals WHERE ${TOTALS_WHERE}
      UNION ALL SELECT scope, status, count, amount_cents FROM transaction_total_deltas WHERE ${TOTALS_WHERE}) k
GROUP BY status HAVING sum(${SIGNED('count')}) > 0`;

async function list(url: URL, caller: { id: string; role: string }) {
  const status = url.searchParams.get('status') ?? 'completed';
  const perPage = Number(url.searchParams.get('per_page') ?? 20);
  const page = Number(url.searchParams.get('page') ?? 1);
  const who = caller.role === 'admin' ? null : caller.id;
  const [rows, summary] = await Promise.all([
    pool.query<Json>(LIST_PAGE, [who, status, perPage, (page - 1) * perPage]),
    pool.query<Json>({ name: 'list-summary', text: LIST_SUMMARY, values: [who, status] }),
  ]);
  const total = summary.rows.reduce((sum, row) => sum + row.n, 0);
  const count = (statuses: string[]) => summary.rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + row.n, 0);
  return {
    transactions: rows.rows.map((t) => ({
      id: t.id,
      reference_number: t.reference_number,
      amount: money(t.amount_cents),
      status: t.status,
      transaction_type: t.transaction_type,
      product_name: t.product_name,
      buyer: party(t.b_first, t.b_last, t.b_phone),
      seller: party(t.s_first, t.s_last, t.seller_phone),
      latest_event: t.latest ? { event_type: t.latest.event_type, created_at: iso(t.latest.created_at) } : null,
      created_at: iso(t.created_at),
      seller_payout_status: t.payout_status,
    })),
    pagination: { current_page: page, per_page: perPage, total_pages: Math.max(1, Math.ceil(total / perPage)), total_count: total },
    summary: {
      total,
      completed: count(['completed']),
      pending: count(['pending', 'installment', 'funded', 'dispatched', 'disputed']),
      total_value: money(
        String(summary.rows.filter((row) => row.status !== 'cancelled').reduce((sum, row) => sum + BigInt(row.value), 0n)),
      ),
    },
  };
}

/** helmet's headers for its defaults, captured once from its middleware (the product does the same). */
function securityHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const standIn = { setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), String(value)]), removeHeader: () => {} };
  helmet()({} as http.IncomingMessage, standIn as unknown as http.ServerResponse, () => {});
  return headers;
}
const calculatorHeaders = [...securityHeaders(), ['content-type', 'application/json; charset=utf-8']].flat();
// The product's production destination (server/src/lib/line-writer.ts: lines copied into a buffer, written
// in batches), so that the twin's line costs what the product's does.
const logWriter = lineWriter(openSync(process.env.BENCH_YARDSTICK_LOG ?? '/dev/null', 'a'));
process.once('exit', () => logWriter.close());
const log = pino(logWriter);
let requestCount = 0;

const wireFee = (fee: Fee) => ({
  total: formatCents(fee.total),
  buyer_share: formatCents(fee.buyerShare),
  seller_share: formatCents(fee.sellerShare),
  percentage: Number(fee.basisPoints) / 100,
});

function calculator(url: URL, response: http.ServerResponse, started: number) {
  const amount = parseAmount(url.searchParams.get('amount') ?? '');
  const type = (url.searchParams.get('type') ?? 'wo_dispute') as FeeType;
  if (amount === null || !FEE_TYPES.includes(type)) return send(response, 400, { success: false, message: 'Invalid query' });
  const all = calculateAllFees(amount);
  const charges = {
    wo_dispute: wireFee(all.wo_dispute),
    with_dispute: wireFee(all.with_dispute),
    lipa_mdogo_mdogo: wireFee(all.lipa_mdogo_mdogo),
  };
  const body = JSON.stringify({
    success: true,
    message: 'Charges calculated',
    data: { amount: formatCents(amount), type, charges, selected: charges[type] },
  });
  response.writeHead(200, [...calculatorHeaders, 'content-length', String(Buffer.byteLength(body))]);
  response.end(body);
  const ms = Math.round((performance.now() - started) * 10) / 10;
  log.info(
    { reqId: `req-${(++requestCount).toString(36)}`, method: 'GET', url: `${url.pathname}${url.search}`, status: 200, ms },
    'request',
  );
}

const send = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

const server = http.createServer((request, response) => {
  const started = performance.now();
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/bare') return send(response, 200, { success: true, message: 'bare', data: { ok: true } });
  if (url.pathname === '/api/v1/charges/calculate') return calculator(url, response, started);
  void (async () => {
    const caller = await callerOf(request.headers.authorization);
    if (!caller) return send(response, 401, { success: false, message: 'Authentication required' });
    if (url.pathname === '/api/transactions')
      return send(response, 200, { success: true, message: 'Transactions', data: await list(url, caller) });
    const id = /^\/api\/transactions\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
    if (!id) return send(response, 404, { success: false, message: 'Not found' });
    const { rows } = await pool.query<Json>({ name: 'detail', text: DETAIL_SQL, values: [id] });
    const row = rows[0];
    const role = row ? roleOf(row.txn, caller) : null;
    if (!row || !role) return send(response, 404, { success: false, message: 'Transaction not found' });
    send(response, 200, { success: true, message: 'Transaction', data: detail(row, role, new Date()) });
  })().catch((error: Error) => send(response, 500, { success: false, message: error.message }));
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log('READY'));
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
