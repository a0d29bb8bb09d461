/**
 * Fills a database with N transactions (default 1,000,000) for load tests of the admin dashboard:
 * N/10 users, and per transaction its timeline, payments, balanced ledger journals, payout, dispute,
 * installment plan and SMS as its status implies, spread over the last 365 days. Pure SQL
 * (generate_series) in batches, a few minutes for a million.
 *
 *   npx tsx scripts/seed-bulk.ts [--count 1000000] [--url postgresql://…]   (default: DATABASE_URL)
 *
 * Rows are deterministic (ids are md5 of the row number), so a second run on the same database
 * skips what is there. The journals are balanced by construction; on a superuser connection the
 * row triggers (balance check, foreign keys) are paused per batch for speed, and `--verify` runs
 * the ledger invariant check afterwards. Not part of `npm test`.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { FEE_BANDS } from '@escrow/core/domain/fees';

export interface SeedBulkOptions {
  databaseUrl: string;
  count?: number;
  batchSize?: number;
  log?: (line: string) => void;
}

const FIRST_NAMES = [
  'Wanjiku',
  'Otieno',
  'Amina',
  'Kipchoge',
  'Achieng',
  'Mwangi',
  'Njeri',
  'Kamau',
  'Wambui',
  'Ochieng',
  'Chebet',
  'Mutua',
  'Akinyi',
  'Kiprono',
  'Nyambura',
  'Omondi',
  'Wairimu',
  'Barasa',
  'Jepkosgei',
  'Halima',
];
const LAST_NAMES = [
  'Kamau',
  'Odhiambo',
  'Hassan',
  'Rotich',
  'Mwangi',
  'Njoroge',
  'Wafula',
  'Kariuki',
  'Onyango',
  'Kiptoo',
  'Muthoni',
  'Owino',
  'Chege',
  'Koech',
  'Auma',
  'Gitau',
  'Langat',
  'Wekesa',
  'Nyaga',
  'Abdi',
];
const PRODUCTS = [
  'Samsung Galaxy A15',
  'HP Laptop 15"',
  'Sofa set (5 seater)',
  'Hisense 43" TV',
  'Bicycle',
  'Maize (10 bags)',
  'Solar panel kit',
  'iPhone 13',
  'Fridge 200L',
  'Dining table',
  'Motorbike spare parts',
  'Wedding dress',
  'Website design',
  'Used Toyota Vitz deposit',
  'Office chairs (4)',
  'Cement (20 bags)',
  'Gas cooker',
  'PlayStation 5',
  'Water tank 5000L',
  'School uniforms',
];

/** A deterministic id: md5 of a row key, with the version and variant bits of a v4 UUID so every validator accepts it. */
const uuid = (key: string) => `overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17)::uuid`;

const sqlArray = (values: string[]) => `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]`;

/** Deterministic pseudo-random 0..99 from a row number and a salt (Knuth multiplicative hashing). */
const pick = (salt: number) => `(((i::bigint * ${2654435761 + salt * 2}) + ${salt * 7919}) % 4294967296 % 100)`;

export async function seedBulk({ databaseUrl, count = 1_000_000, batchSize = 50_000, log = console.log }: SeedBulkOptions): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  try {
    const { rows: roles } = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    const isSuperuser = roles[0]?.rolsuper === true;
    const userCount = Math.max(1_000, Math.ceil(count / 10));
    await client.query(`SET synchronous_commit = off`);

    const userId = (expr: string) => `${uuid(`'bulk-user-' || (${expr})`)}`;
    const userPhone = (expr: string) => `'2547' || lpad((20000000 + (${expr}))::text, 8, '0')`;

    log(`seed-bulk: ${userCount.toLocaleString()} users…`);
    await client.query(`
      INSERT INTO users (id, first_name, last_name, phone_number, email, user_type, status, phone_verified_at, created_at, updated_at)
      SELECT ${userId('i')},
             (${sqlArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}],
             (${sqlArray(LAST_NAMES)})[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
             ${userPhone('i')},
             CASE WHEN i % 3 = 0 THEN 'user' || i || '@example.co.ke' END,
             (CASE WHEN ${pick(1)} < 30 THEN 'buyer' WHEN ${pick(1)} < 55 THEN 'seller' ELSE 'both' END)::"UserType",
             (CASE WHEN i % 97 = 0 THEN 'suspended' ELSE 'active' END)::"UserStatus",
             CASE WHEN i % 10 <> 0 THEN now() - make_interval(secs => (${userCount} - i)::float8 * 400 * 86400 / ${userCount}) END,
             now() - make_interval(secs => (${userCount} - i)::float8 * 400 * 86400 / ${userCount}),
             now()
      FROM generate_series(1::bigint, ${userCount}::bigint) AS i
      ON CONFLICT DO NOTHING`);

    const bands = FEE_BANDS.map(
      (band) => `(${band.min}, ${band.max}, ${band.wo_dispute}, ${band.with_dispute}, ${band.lipa_mdogo_mdogo})`,
    ).join(',');
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    // A bijection of i onto 40 bits, written as 8 Crockford base32 characters: unique references.
    const scrambled = `((i::bigint * 2654435761) % 1099511627776)`;
    const char = (k: number) => `substr('${alphabet}', ((${scrambled} >> ${5 * k}) & 31)::int + 1, 1)`;
    const reference = `'ESC-' || ${char(7)} || ${char(6)} || ${char(5)} || ${char(4)} || '-' || ${char(3)} || ${char(2)} || ${char(1)} || ${char(0)}`;

    for (let from = 1; from <= count; from += batchSize) {
      const to = Math.min(count, from + batchSize - 1);
      await client.query('BEGIN');
      // Paused row triggers (journal balance check, foreign keys): every row below is consistent by construction.
      if (isSuperuser) await client.query(`SET LOCAL session_replication_role = replica`);
      await client.query(`DROP TABLE IF EXISTS bulk_batch`);
      await client.query(`
        CREATE TEMP TABLE bulk_batch ON COMMIT DROP AS
        WITH base AS (
          SELECT i,
                 ${uuid(`'bulk-tx-' || i`)} AS id,
                 ${reference} AS reference_number,
                 (CASE WHEN ${pick(2)} < 60 THEN 'standard' WHEN ${pick(2)} < 85 THEN 'protected' ELSE 'lipa_mdogo_mdogo' END) AS type,
                 ${pick(3)} AS hs,
                 1 + (i * 7919) % ${userCount} AS buyer_n,
                 1 + (i * 104729 + 17) % ${userCount} AS seller_n,
                 (100 + floor(power(((i * 40503) % 10007) / 10007.0, 3) * 499900))::int AS kes,
                 now() - make_interval(secs => (${count} - i)::float8 * 365 * 86400 / ${count}) AS created_at
          FROM generate_series(${from}::bigint, ${to}::bigint) AS i),
        typed AS (
          SELECT base.*,
                 CASE WHEN type = 'lipa_mdogo_mdogo' THEN greatest(kes, 10001 + kes % 50000) ELSE kes END AS price,
                 CASE WHEN hs < 55 THEN 'completed' WHEN hs < 63 THEN 'pending' WHEN hs < 71 THEN 'funded' WHEN hs < 77 THEN 'dispatched'
                      WHEN hs < 87 THEN 'cancelled' WHEN hs < 90 THEN 'disputed' WHEN hs < 96 THEN 'refunded'
                      WHEN type = 'lipa_mdogo_mdogo' THEN 'installment' ELSE 'funded' END AS status
          FROM base)
        SELECT t.i, t.id, t.reference_number, t.type, t.status, t.created_at,
               ${uuid(`'bulk-user-' || t.buyer_n`)} AS buyer_id,
               CASE WHEN t.i % 10 = 0 THEN NULL ELSE ${uuid(`'bulk-user-' || CASE WHEN t.seller_n = t.buyer_n THEN 1 + t.seller_n % ${userCount} ELSE t.seller_n END`)} END AS seller_id,
               CASE WHEN t.i % 10 = 0 THEN '2547' || lpad((30000000 + t.i % 50000)::text, 8, '0')
                    ELSE ${userPhone(`CASE WHEN t.seller_n = t.buyer_n THEN 1 + t.seller_n % ${userCount} ELSE t.seller_n END`)} END AS seller_phone,
               (${sqlArray(PRODUCTS)})[1 + t.i % ${PRODUCTS.length}] AS product_name,
               t.price::bigint * 100 AS amount_cents,
               fee.cents / 2 AS buyer_fee_cents,
               fee.cents - fee.cents / 2 AS seller_fee_cents,
               CASE WHEN t.status IN ('pending', 'cancelled') THEN 0
                    WHEN t.status = 'installment' THEN t.price::bigint * 50 ELSE t.price::bigint * 100 END AS paid_cents
        FROM typed t
        JOIN LATERAL (
          SELECT (CASE t.type WHEN 'standard' THEN b.wo WHEN 'protected' THEN b.wd ELSE b.lmm END)::bigint * 100 AS cents
          FROM (VALUES ${bands}) AS b(min, max, wo, wd, lmm) WHERE t.price BETWEEN b.min AND b.max
        ) fee ON TRUE`);

      await client.query(`
        INSERT INTO transactions (id, reference_number, transaction_type, status, buyer_id, seller_id, seller_phone, product_name, amount_cents,
                                  buyer_fee_cents, seller_fee_cents, paid_cents, refunded_cents, channel, funded_at, dispatched_at, completed_at,
                                  cancelled_at, created_at, updated_at)
        SELECT id, reference_number, type::"TransactionType", status::"TransactionStatus", buyer_id, seller_id, seller_phone, product_name,
               amount_cents, buyer_fee_cents, seller_fee_cents, paid_cents,
               CASE WHEN status = 'refunded' THEN paid_cents ELSE 0 END,
               (CASE WHEN i % 5 = 0 THEN 'ussd' ELSE 'web' END)::"Channel",
               CASE WHEN paid_cents > 0 THEN created_at + interval '2 minutes' END,
               CASE WHEN status IN ('dispatched', 'completed') THEN created_at + interval '1 day' END,
               CASE WHEN status = 'completed' THEN created_at + interval '2 days' END,
               CASE WHEN status = 'cancelled' THEN created_at + interval '1 hour' END,
               created_at, created_at
        FROM bulk_batch
        ON CONFLICT DO NOTHING`);

      await client.query(`
        INSERT INTO installment_plans (id, transaction_id, total_cents, deposit_cents, monthly_cents, months, status, created_at, updated_at)
        SELECT ${uuid(`'bulk-plan-' || i`)}, id, amount_cents, amount_cents / 5, (amount_cents - amount_cents / 5) / 6, 6,
               (CASE WHEN status IN ('funded', 'dispatched', 'completed') THEN 'completed' WHEN status = 'refunded' THEN 'withdrawn'
                     WHEN status = 'cancelled' THEN 'cancelled' ELSE 'active' END)::"PlanStatus",
               created_at, created_at
        FROM bulk_batch WHERE type = 'lipa_mdogo_mdogo'
        ON CONFLICT DO NOTHING`);

      await client.query(`
        INSERT INTO payments (id, transaction_id, payment_type, payer_phone, amount_cents, fee_cents, status, rail_request_id, rail_receipt,
                              result_code, failure_reason, created_at, updated_at, completed_at)
        SELECT ${uuid(`'bulk-pay-' || i`)}, id, (CASE WHEN type = 'lipa_mdogo_mdogo' THEN 'installment' ELSE 'escrow_deposit' END)::"PaymentType",
               '2547' || lpad((20000000 + (i * 7919) % ${userCount} + 1)::text, 8, '0'),
               paid_cents + buyer_fee_cents, buyer_fee_cents, 'completed'::"PaymentStatus", 'ws_CO_bulk_' || i, 'BLK' || lpad(i::text, 9, '0'), 0, NULL,
               created_at + interval '2 minutes', created_at + interval '2 minutes', created_at + interval '2 minutes'
        FROM bulk_batch WHERE paid_cents > 0
        UNION ALL
        SELECT ${uuid(`'bulk-payfail-' || i`)}, id, 'escrow_deposit', '2547' || lpad((20000000 + (i * 7919) % ${userCount} + 1)::text, 8, '0'),
               amount_cents + buyer_fee_cents, buyer_fee_cents, 'failed', 'ws_CO_bulkf_' || i, NULL, 1, 'The balance is insufficient for the transaction.',
               created_at + interval '1 minute', created_at + interval '1 minute', NULL
        FROM bulk_batch WHERE i % 29 = 0
        UNION ALL
        SELECT ${uuid(`'bulk-paypend-' || i`)}, id, 'escrow_deposit', '2547' || lpad((20000000 + (i * 7919) % ${userCount} + 1)::text, 8, '0'),
               amount_cents + buyer_fee_cents, buyer_fee_cents, 'pending', 'ws_CO_bulkp_' || i, NULL, NULL, NULL,
               created_at, created_at, NULL
        FROM bulk_batch WHERE status = 'pending' AND created_at > now() - interval '2 hours'
        ON CONFLICT DO NOTHING`);

      const at = (offset: string) => `least(created_at + interval '${offset}', now())`;
      await client.query(`
        INSERT INTO timeline_events (id, transaction_id, event_type, description, created_at)
        SELECT ${uuid(`'bulk-ev-init-' || i`)}, id, 'transaction_initiated', 'Transaction ' || reference_number || ' created', created_at FROM bulk_batch
        UNION ALL SELECT ${uuid(`'bulk-ev-fail-' || i`)}, id, 'payment_failed', 'M-Pesa payment failed: insufficient funds', ${at('1 minute')} FROM bulk_batch WHERE i % 29 = 0
        UNION ALL SELECT ${uuid(`'bulk-ev-pay-' || i`)}, id, 'payment_completed', 'Payment received by M-Pesa', ${at('2 minutes')} FROM bulk_batch WHERE paid_cents > 0
        UNION ALL SELECT ${uuid(`'bulk-ev-disp-' || i`)}, id, 'dispatch_confirmed', 'Seller dispatched the item', ${at('1 day')} FROM bulk_batch WHERE status IN ('dispatched', 'completed')
        UNION ALL SELECT ${uuid(`'bulk-ev-rel-' || i`)}, id, 'payment_released', 'Buyer confirmed delivery; payment released', ${at('2 days')} FROM bulk_batch WHERE status = 'completed'
        UNION ALL SELECT ${uuid(`'bulk-ev-payout-' || i`)}, id, 'payout_completed', 'Seller paid by M-Pesa', ${at('2 days 1 minute')} FROM bulk_batch WHERE status = 'completed' AND i % 97 <> 0
        UNION ALL SELECT ${uuid(`'bulk-ev-canc-' || i`)}, id, 'transaction_cancelled', 'Transaction cancelled', ${at('1 hour')} FROM bulk_batch WHERE status = 'cancelled'
        UNION ALL SELECT ${uuid(`'bulk-ev-disp2-' || i`)}, id, 'dispute_initiated', 'Buyer opened a dispute', ${at('1 day 1 hour')} FROM bulk_batch WHERE status = 'disputed'
        UNION ALL SELECT ${uuid(`'bulk-ev-ref-' || i`)}, id, 'refund_completed', 'Buyer refunded by M-Pesa', ${at('1 day')} FROM bulk_batch WHERE status = 'refunded'
        ON CONFLICT DO NOTHING`);

      // Journals, then their postings (zero amounts are not postings).
      await client.query(`
        INSERT INTO ledger_journals (id, transaction_id, kind, idempotency_key, description, created_at)
        SELECT ${uuid(`'bulk-j-dep-' || i`)}, id, 'deposit', 'bulk:deposit:' || i, 'Buyer payment into escrow', created_at + interval '2 minutes' FROM bulk_batch WHERE paid_cents > 0
        UNION ALL SELECT ${uuid(`'bulk-j-rel-' || i`)}, id, 'release', 'bulk:release:' || i, 'Release to seller', created_at + interval '2 days' FROM bulk_batch WHERE status = 'completed'
        UNION ALL SELECT ${uuid(`'bulk-j-out-' || i`)}, id, 'payout', 'bulk:payout:' || i, 'Payout to seller', created_at + interval '2 days' FROM bulk_batch WHERE status = 'completed' AND i % 97 <> 0
        UNION ALL SELECT ${uuid(`'bulk-j-ref-' || i`)}, id, 'refund', 'bulk:refund:' || i, 'Refund decided', created_at + interval '1 day' FROM bulk_batch WHERE status = 'refunded'
        UNION ALL SELECT ${uuid(`'bulk-j-refout-' || i`)}, id, 'refund_payout', 'bulk:refund_payout:' || i, 'Refund sent', created_at + interval '1 day' FROM bulk_batch WHERE status = 'refunded'
        ON CONFLICT DO NOTHING`);
      await client.query(`
        INSERT INTO ledger_postings (id, journal_id, account_code, transaction_id, amount_cents)
        SELECT gen_random_uuid(), journal, account::"LedgerAccountCode", id, amount FROM (
          SELECT id, ${uuid(`'bulk-j-dep-' || i`)} AS journal, 'mpesa_paybill' AS account, paid_cents + buyer_fee_cents AS amount FROM bulk_batch WHERE paid_cents > 0
          UNION ALL SELECT id, ${uuid(`'bulk-j-dep-' || i`)}, 'escrow_holding', -paid_cents FROM bulk_batch WHERE paid_cents > 0
          UNION ALL SELECT id, ${uuid(`'bulk-j-dep-' || i`)}, 'platform_fees', -buyer_fee_cents FROM bulk_batch WHERE paid_cents > 0
          UNION ALL SELECT id, ${uuid(`'bulk-j-rel-' || i`)}, 'escrow_holding', amount_cents FROM bulk_batch WHERE status = 'completed'
          UNION ALL SELECT id, ${uuid(`'bulk-j-rel-' || i`)}, 'seller_payable', -(amount_cents - seller_fee_cents) FROM bulk_batch WHERE status = 'completed'
          UNION ALL SELECT id, ${uuid(`'bulk-j-rel-' || i`)}, 'platform_fees', -seller_fee_cents FROM bulk_batch WHERE status = 'completed'
          UNION ALL SELECT id, ${uuid(`'bulk-j-out-' || i`)}, 'seller_payable', amount_cents - seller_fee_cents FROM bulk_batch WHERE status = 'completed' AND i % 97 <> 0
          UNION ALL SELECT id, ${uuid(`'bulk-j-out-' || i`)}, 'mpesa_paybill', -(amount_cents - seller_fee_cents) FROM bulk_batch WHERE status = 'completed' AND i % 97 <> 0
          UNION ALL SELECT id, ${uuid(`'bulk-j-ref-' || i`)}, 'escrow_holding', paid_cents FROM bulk_batch WHERE status = 'refunded'
          UNION ALL SELECT id, ${uuid(`'bulk-j-ref-' || i`)}, 'platform_fees', buyer_fee_cents FROM bulk_batch WHERE status = 'refunded'
          UNION ALL SELECT id, ${uuid(`'bulk-j-ref-' || i`)}, 'refunds_payable', -(paid_cents + buyer_fee_cents) FROM bulk_batch WHERE status = 'refunded'
          UNION ALL SELECT id, ${uuid(`'bulk-j-refout-' || i`)}, 'refunds_payable', paid_cents + buyer_fee_cents FROM bulk_batch WHERE status = 'refunded'
          UNION ALL SELECT id, ${uuid(`'bulk-j-refout-' || i`)}, 'mpesa_paybill', -(paid_cents + buyer_fee_cents) FROM bulk_batch WHERE status = 'refunded'
        ) AS postings
        WHERE amount <> 0 AND NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.journal_id = postings.journal)`);

      await client.query(`
        INSERT INTO payouts (id, transaction_id, kind, recipient_phone, amount_cents, status, attempts, rail_request_id, rail_receipt,
                             result_code, last_error, created_at, updated_at, completed_at)
        SELECT ${uuid(`'bulk-out-' || i`)}, id, 'seller_payout'::"PayoutKind", seller_phone, amount_cents - seller_fee_cents,
               (CASE WHEN i % 97 = 0 AND i % 2 = 0 THEN 'pending' WHEN i % 97 = 0 THEN 'failed' ELSE 'completed' END)::"PayoutStatus",
               1, 'bulk-out-' || i, CASE WHEN i % 97 <> 0 THEN 'BLO' || lpad(i::text, 9, '0') END,
               CASE WHEN i % 97 = 0 AND i % 2 = 1 THEN 2040 WHEN i % 97 <> 0 THEN 0 END,
               CASE WHEN i % 97 = 0 AND i % 2 = 1 THEN 'The initiator information is invalid.' END,
               ${at('2 days')}, ${at('2 days')}, CASE WHEN i % 97 <> 0 THEN ${at('2 days 1 minute')} END
        FROM bulk_batch WHERE status = 'completed'
        UNION ALL
        SELECT ${uuid(`'bulk-refout-' || i`)}, id, 'buyer_refund', '2547' || lpad((20000000 + (i * 7919) % ${userCount} + 1)::text, 8, '0'),
               paid_cents + buyer_fee_cents, 'completed', 1, 'bulk-refout-' || i, 'BLR' || lpad(i::text, 9, '0'), 0, NULL,
               ${at('1 day')}, ${at('1 day')}, ${at('1 day')}
        FROM bulk_batch WHERE status = 'refunded'
        ON CONFLICT DO NOTHING`);

      await client.query(`
        INSERT INTO disputes (id, transaction_id, opened_by_id, reason, description, status, respond_by, outcome, resolved_at, created_at, updated_at)
        SELECT ${uuid(`'bulk-dispute-' || i`)}, id, buyer_id,
               (CASE i % 4 WHEN 0 THEN 'non_delivery' WHEN 1 THEN 'not_as_described' WHEN 2 THEN 'quality_issue' ELSE 'other' END)::"DisputeReason",
               'The item did not arrive as agreed', 'open'::"DisputeStatus", ${at('1 day 1 hour')} + interval '72 hours', NULL::"DisputeOutcome", NULL::timestamptz,
               ${at('1 day 1 hour')}, ${at('1 day 1 hour')}
        FROM bulk_batch WHERE status = 'disputed'
        UNION ALL
        SELECT ${uuid(`'bulk-dispute-' || i`)}, id, buyer_id, 'non_delivery', 'Never delivered', 'resolved', created_at + interval '4 days',
               'refund_buyer', ${at('1 day')}, created_at + interval '12 hours', ${at('1 day')}
        FROM bulk_batch WHERE status = 'refunded' AND i % 3 = 0
        ON CONFLICT DO NOTHING`);

      // The two texts every creation sends (the buyer's and the seller's), delivered long ago, as a live
      // database holds them: the statements that look messages up by the gateway's id are planned against
      // a table of this size, not an empty one.
      await client.query(`
        INSERT INTO sms_messages (id, phone_number, template, message, status, provider_message_id, attempts, transaction_id,
                                  created_at, sent_at, delivered_at)
        SELECT ${uuid(`'bulk-sms-buyer-' || i`)}, '2547' || lpad((20000000 + (i * 7919) % ${userCount} + 1)::text, 8, '0'),
               'transaction_created_buyer', 'Transaction ' || reference_number || ' created. Pay to fund the escrow.', 'delivered'::"SmsStatus",
               'ATXid_bulk_b' || i, 1, id, created_at, created_at, created_at
        FROM bulk_batch
        UNION ALL
        SELECT ${uuid(`'bulk-sms-seller-' || i`)}, seller_phone, 'transaction_created_seller',
               'A buyer started transaction ' || reference_number || ' with you.', 'delivered'::"SmsStatus", 'ATXid_bulk_s' || i, 1, id,
               created_at, created_at, created_at
        FROM bulk_batch
        ON CONFLICT DO NOTHING`);

      await client.query('COMMIT');
      log(`seed-bulk: ${to.toLocaleString()} / ${count.toLocaleString()} transactions (${elapsed()})`);
    }
    // The trigger's deltas (a few per key per batch) folded into the totals, as the recurring job would.
    await client.query('SELECT transaction_totals_fold()');
    log('seed-bulk: VACUUM ANALYZE…');
    for (const table of [
      'transaction_totals',
      'transaction_total_deltas',
      'users',
      'transactions',
      'installment_plans',
      'payments',
      'timeline_events',
      'ledger_journals',
      'ledger_postings',
      'payouts',
      'disputes',
      'sms_messages',
    ]) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    log(`seed-bulk: done in ${elapsed()}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const { values } = parseArgs({ options: { count: { type: 'string' }, url: { type: 'string' }, verify: { type: 'boolean' } } });
  const databaseUrl = values.url ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('seed-bulk: give --url or set DATABASE_URL');
    process.exit(2);
  }
  await seedBulk({ databaseUrl, count: values.count ? Number(values.count) : undefined });
  if (values.verify) {
    const { createPrisma } = await import('../server/src/db/prisma.ts');
    const { checkLedgerInvariants } = await import('../server/src/modules/ledger/invariants.ts');
    const db = createPrisma(databaseUrl, { poolSize: 2 });
    const report = await checkLedgerInvariants(db);
    console.log(`seed-bulk: ledger ${report.isHealthy ? 'balanced' : 'NOT balanced'} (${report.journals.toLocaleString()} journals)`);
    await db.$disconnect();
    if (!report.isHealthy) process.exit(1);
  }
}
