/**
 * The yardsticks of `npm run bench` (scripts/bench.ts), in a process of their own on the same database:
 *
 * - `GET /bare`: a constant JSON answer from `node:http` with nothing else — what any HTTP answer costs;
 * - `GET /api/transactions/{id}` and `GET /api/transactions?status=…&per_page=…`: the product's detail and
 *   list written by hand with `node:http` + `pg` and nothing else — the HS256 check, the session row joined
 *   to its user (one query per request, no cache), then the answer of the same shape as the product's in
 *   one query (two for the list: the page, and its summary from the totals the database keeps); the detail
 *   reads the dispute and the withdrawal request waiting for the seller as the product does.
 *
 * Not the product: no validation beyond what the work needs, no logging, no headers but Content-Type.
 * Prints READY when it listens; SIGTERM ends it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL!;
const port = Number(process.env.PORT);
const secret = process.env.JWT_SECRET!;
const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
// Bigints as text: money is formatted from cents without floating point.
pg.types.setTypeParser(20, (value) => value);

const money = (cents: string | number | null) => {
  if (cents === null) return null;
  const value = BigInt(cents);
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
};
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
/** The seller's time to answer a withdrawal request, as the product's WITHDRAWAL_RESPONSE_HOURS (transactions/use-cases/open-dispute.ts). */
const WITHDRAWAL_RESPONSE_MS = 72 * 3600_000;
const party = (first: string | null, last: string | null, phone: string) => ({
  phone_number: phone,
  display_name: first === null ? `${phone.slice(0, 6)}***${phone.slice(-3)}` : `${first} ${last}`.trim(),
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

const DETAIL = `
SELECT t.*, b.first_name AS b_first, b.last_name AS b_last, b.phone_number AS b_phone, s.first_name AS s_first, s.last_name AS s_last,
  (SELECT row_to_json(p) FROM installment_plans p WHERE p.transaction_id = t.id) AS plan,
  (SELECT coalesce(json_agg(i ORDER BY i.sequence), '[]') FROM installments i JOIN installment_plans p ON p.id = i.plan_id WHERE p.transaction_id = t.id) AS installments,
  (SELECT coalesce(json_agg(e ORDER BY e.created_at, e.id), '[]') FROM timeline_events e WHERE e.transaction_id = t.id) AS timeline,
  (SELECT coalesce(json_agg(json_build_object('status', y.status, 'fee_cents', y.fee_cents)), '[]') FROM payments y WHERE y.transaction_id = t.id) AS payments,
  (SELECT coalesce(sum(r.amount_cents), 0) FROM refunds r WHERE r.transaction_id = t.id) AS refunded,
  (SELECT row_to_json(d) FROM disputes d WHERE d.transaction_id = t.id ORDER BY d.created_at DESC LIMIT 1) AS dispute,
  (SELECT json_build_object('reason', w.reason, 'created_at', w.created_at) FROM withdrawal_requests w
    WHERE w.transaction_id = t.id AND w.status = 'pending' LIMIT 1) AS withdrawal
FROM transactions t JOIN users b ON b.id = t.buyer_id LEFT JOIN users s ON s.id = t.seller_id WHERE t.id = $1`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function detail(t: Json, role: string) {
  const paidFees = (t.payments as Json[]).filter((p) => p.status === 'completed').reduce((sum, p) => sum + BigInt(p.fee_cents), 0n);
  const owed = BigInt(t.amount_cents) - BigInt(t.paid_cents) + BigInt(t.buyer_fee_cents) - paidFees;
  const latest = (t.timeline as Json[]).at(-1);
  const buyer = party(t.b_first, t.b_last, t.b_phone);
  const seller = party(t.s_first, t.s_last, t.seller_phone);
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
    amount_due: money(owed > 0n ? String(owed) : 0),
    refunded_amount: money(t.refunded),
    quote: {
      owed: money(owed > 0n ? String(owed) : 0),
      owed_fee: money(String(BigInt(t.buyer_fee_cents) - paidFees)),
      paid_in: money(String(BigInt(t.paid_cents) + paidFees)),
      held: money(String(BigInt(t.paid_cents) + paidFees - BigInt(t.refunded))),
      refunded: money(t.refunded),
      seller_receives: money(String(BigInt(t.amount_cents) - BigInt(t.seller_fee_cents))),
      next_payment: owed > 0n ? money(String(owed)) : null,
    },
    channel: t.channel,
    my_role: role,
    allowed_actions: [] as string[],
    ...(t.plan
      ? { total_cost: money(t.amount_cents), initial_payment: money(t.plan.deposit_cents), installment_months: t.plan.months }
      : {}),
    funded_at: iso(t.funded_at),
    dispatched_at: iso(t.dispatched_at),
    inspection_ends_at: iso(t.inspection_ends_at),
    completed_at: iso(t.completed_at),
    updated_at: iso(t.updated_at),
  };
  const d = t.dispute as Json | null;
  const w = t.withdrawal as Json | null;
  return {
    transaction,
    charges: {
      buyer_charge: money(t.buyer_fee_cents),
      seller_charge: money(t.seller_fee_cents),
      total_service_charge: money(String(BigInt(t.buyer_fee_cents) + BigInt(t.seller_fee_cents))),
    },
    buyer,
    seller,
    payment_status: {
      total_payments: t.payments.length,
      successful_payments: (t.payments as Json[]).filter((p) => p.status === 'completed').length,
      failed_payments: (t.payments as Json[]).filter((p) => p.status === 'failed' || p.status === 'cancelled').length,
    },
    ...(t.plan
      ? {
          installments: (t.installments as Json[]).map((i) => ({
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
          respond_by: new Date(new Date(w.created_at).getTime() + WITHDRAWAL_RESPONSE_MS).toISOString(),
        }
      : null,
    timeline: (t.timeline as Json[]).map((e) => ({
      event_type: e.event_type,
      type: e.event_type.split('_')[0],
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

const send = (response: http.ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/bare') return send(response, 200, { success: true, message: 'bare', data: { ok: true } });
  void (async () => {
    const caller = await callerOf(request.headers.authorization);
    if (!caller) return send(response, 401, { success: false, message: 'Authentication required' });
    if (url.pathname === '/api/transactions')
      return send(response, 200, { success: true, message: 'Transactions', data: await list(url, caller) });
    const id = /^\/api\/transactions\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
    if (!id) return send(response, 404, { success: false, message: 'Not found' });
    const { rows } = await pool.query<Json>({ name: 'detail', text: DETAIL, values: [id] });
    const t = rows[0];
    const role = !t
      ? null
      : t.buyer_id === caller.id
        ? 'buyer'
        : t.seller_id === caller.id
          ? 'seller'
          : caller.role === 'admin'
            ? 'admin'
            : null;
    if (!t || !role) return send(response, 404, { success: false, message: 'Transaction not found' });
    send(response, 200, { success: true, message: 'Transaction', data: detail(t, role) });
  })().catch((error: Error) => send(response, 500, { success: false, message: error.message }));
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log('READY'));
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
});
