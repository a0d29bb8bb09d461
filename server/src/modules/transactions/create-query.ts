/**
 * The writes of a transaction creation, by hand, in one statement (the hot path:
 * docs/adr/0012-hot-paths.md): count the buyer's creation and, when it is allowed and names a phone with
 * no account, the phone's invitation (lib/rate-limit.ts), then — only if both are within their limits
 * and, with an Idempotency-Key, this creation claims the key's record (plugins/idempotency.ts) — the
 * transaction row, its timeline event, the SMS outbox rows and their delivery jobs (in the job outbox,
 * which the caller relays after the commit: jobs/queue.ts). One statement is one database transaction:
 * the SMS go out if and only if the transaction exists, and a refused creation still counts its hits (a
 * flood is measured).
 *
 * Standard and protected creations run it alone, on Prisma's own pg pool, prepared once per connection;
 * a creation with more writes (an installment plan, a payment link's unit) runs the same text inside its
 * Prisma transaction. `create-transaction.int.test.ts` checks the rows and the answer against the reads.
 */
import { queryRows, type Db, type Tx } from '../../db/prisma.ts';
import { outboxJobsSql, type JobSpec } from '../../jobs/queue.ts';
import { countHitSql } from '../../lib/rate-limit.ts';
import type { Language } from '../escrow-core/notify-parties.ts';
import type { TransactionRow } from './wire.ts';

/** The buyer and, when the phone has an account, the seller: one read before the write. */
const PARTIES_SQL = `
SELECT b.phone_number AS buyer_phone, b.phone_verified_at IS NOT NULL AS is_buyer_verified,
  b.first_name AS buyer_first_name, b.last_name AS buyer_last_name, b.language::text AS buyer_language,
  s.id AS seller_id, s.phone_verified_at IS NOT NULL AS is_seller_verified,
  s.first_name AS seller_first_name, s.last_name AS seller_last_name, s.language::text AS seller_language
FROM users b LEFT JOIN users s ON s.phone_number = $2
WHERE b.id = $1::uuid`;

interface PartiesRow {
  buyer_phone: string;
  is_buyer_verified: boolean;
  buyer_first_name: string;
  buyer_last_name: string;
  buyer_language: Language;
  seller_id: string | null;
  is_seller_verified: boolean | null;
  seller_first_name: string | null;
  seller_last_name: string | null;
  seller_language: Language | null;
}

export interface Person {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  language: Language;
}

export interface CreationParties {
  buyer: Person & { isVerified: boolean };
  /** The account holding the seller phone, verified or not. */
  sellerAccount: (Person & { id: string; isVerified: boolean }) | null;
}

export async function loadCreationParties(db: Db, buyerId: string, sellerPhone: string): Promise<CreationParties | null> {
  const [row] = await queryRows<PartiesRow>(db, { name: 'create_transaction_parties', text: PARTIES_SQL, values: [buyerId, sellerPhone] });
  if (!row) return null;
  return {
    buyer: {
      firstName: row.buyer_first_name,
      lastName: row.buyer_last_name,
      phoneNumber: row.buyer_phone,
      language: row.buyer_language,
      isVerified: row.is_buyer_verified,
    },
    sellerAccount: row.seller_id
      ? {
          id: row.seller_id,
          firstName: row.seller_first_name!,
          lastName: row.seller_last_name!,
          phoneNumber: sellerPhone,
          language: row.seller_language!,
          isVerified: row.is_seller_verified!,
        }
      : null,
  };
}

const CREATE_SQL = `
WITH buyer_hit AS (
  ${countHitSql('VALUES ($1, 1, $2::timestamptz)', '$4::timestamptz')}
),
invite_hit AS (
  ${countHitSql('SELECT $5::text, 1, $6::timestamptz FROM buyer_hit WHERE $5::text IS NOT NULL AND buyer_hit.count <= $3::int', '$4::timestamptz')}
),
claim AS (
  UPDATE idempotency_records SET resource_id = $8::uuid
  WHERE id = $27::uuid AND resource_id IS NULL
    AND (SELECT count FROM buyer_hit) <= $3::int AND NOT EXISTS (SELECT 1 FROM invite_hit WHERE invite_hit.count > $7::int)
  RETURNING id
),
txn AS (
  INSERT INTO transactions (id, reference_number, transaction_type, buyer_id, seller_id, seller_phone, product_name,
    amount_cents, buyer_fee_cents, seller_fee_cents, channel, payment_link_code, created_at, updated_at)
  SELECT $8::uuid, $9, $10::"TransactionType", $11::uuid, $12::uuid, $13, $14,
    $15::bigint, $16::bigint, $17::bigint, $18::"Channel", $19, $20::timestamptz, $20::timestamptz
  FROM buyer_hit
  WHERE buyer_hit.count <= $3::int AND NOT EXISTS (SELECT 1 FROM invite_hit WHERE invite_hit.count > $7::int)
    AND ($27::uuid IS NULL OR EXISTS (SELECT 1 FROM claim))
  RETURNING id
),
event AS (
  INSERT INTO timeline_events (id, transaction_id, event_type, description, actor_id, data, created_at)
  SELECT $21::uuid, txn.id, $22, $23, $11::uuid, $24::jsonb, $20::timestamptz FROM txn
  RETURNING id
),
sms AS (
  INSERT INTO sms_messages (id, phone_number, template, message, transaction_id, created_at)
  SELECT m.id, m.phone_number, m.template, m.message, txn.id, $20::timestamptz
  FROM txn, json_to_recordset($25::json) AS m(id uuid, phone_number text, template text, message text)
  RETURNING id
),
jobs AS (${outboxJobsSql('$26::json', 'txn')})
SELECT b.count AS buyer_count, b.reset_at AS buyer_reset_at, i.count AS invite_count, i.reset_at AS invite_reset_at,
  (SELECT count(*) FROM txn)::int AS transactions, (SELECT count(*) FROM event)::int AS events,
  (SELECT count(*) FROM sms)::int AS sms, (SELECT count(*) FROM jobs)::int AS jobs
FROM buyer_hit b LEFT JOIN invite_hit i ON true`;

interface CountedHit {
  key: string;
  limit: number;
  windowEnd: Date;
}

export interface CreateRows {
  now: Date;
  buyerHit: CountedHit;
  /** Counted only when the seller phone has no verified account (and the buyer's hit is allowed). */
  inviteHit: CountedHit | null;
  transaction: Pick<
    TransactionRow,
    | 'id'
    | 'referenceNumber'
    | 'transactionType'
    | 'buyerId'
    | 'sellerId'
    | 'sellerPhone'
    | 'productName'
    | 'amountCents'
    | 'buyerFeeCents'
    | 'sellerFeeCents'
    | 'channel'
    | 'paymentLinkCode'
    | 'createdAt'
  >;
  event: { id: string; eventType: string; description: string; data: Record<string, unknown> };
  sms: { id: string; phoneNumber: string; template: string; message: string }[];
  jobs: JobSpec[];
  /**
   * The request's Idempotency-Key record (plugins/idempotency.ts): the transaction is written only if it
   * claims that record, so two attempts with one key create one transaction, and a repeat after a lost
   * answer finds what the first created.
   */
  idempotencyRecordId?: string;
}

export interface CreateResult {
  buyer_count: number;
  buyer_reset_at: Date;
  invite_count: number | null;
  invite_reset_at: Date | null;
  /** 1 when the transaction was written (both hits within their limits), else 0 and nothing else was. */
  transactions: number;
  events: number;
  sms: number;
  jobs: number;
}

/**
 * Runs the creation statement: alone on the pool (its own database transaction), or inside `tx`.
 * A duplicate reference fails the whole statement (nothing written, nothing counted).
 */
export async function insertTransaction(db: Db, rows: CreateRows, tx?: Tx): Promise<CreateResult> {
  const t = rows.transaction;
  const values = [
    rows.buyerHit.key,
    rows.buyerHit.windowEnd,
    rows.buyerHit.limit,
    rows.now,
    rows.inviteHit?.key ?? null,
    rows.inviteHit?.windowEnd ?? null,
    rows.inviteHit?.limit ?? 0,
    t.id,
    t.referenceNumber,
    t.transactionType,
    t.buyerId,
    t.sellerId,
    t.sellerPhone,
    t.productName,
    t.amountCents,
    t.buyerFeeCents,
    t.sellerFeeCents,
    t.channel,
    t.paymentLinkCode,
    t.createdAt,
    rows.event.id,
    rows.event.eventType,
    rows.event.description,
    JSON.stringify(rows.event.data),
    JSON.stringify(rows.sms.map((sms) => ({ id: sms.id, phone_number: sms.phoneNumber, template: sms.template, message: sms.message }))),
    JSON.stringify(rows.jobs),
    rows.idempotencyRecordId ?? null,
  ];
  const [result] = await queryRows<CreateResult>(db, { name: 'create_transaction', text: CREATE_SQL, values }, tx);
  return result!;
}

/** True when `error` is the unique reference number taken (1 in 10^12): the caller retries with another. */
export function isDuplicateReference(error: unknown): boolean {
  const candidate = error as {
    code?: string;
    constraint?: string;
    message?: string;
    meta?: { driverAdapterError?: { cause?: { originalCode?: string; constraint?: unknown; originalMessage?: string } } };
  };
  const cause = candidate?.meta?.driverAdapterError?.cause;
  const code = candidate?.code === '23505' ? '23505' : cause?.originalCode;
  const text = `${candidate?.constraint ?? ''} ${JSON.stringify(cause?.constraint ?? '')} ${cause?.originalMessage ?? ''} ${candidate?.message ?? ''}`;
  return code === '23505' && /reference_number/.test(text);
}
