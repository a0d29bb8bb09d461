/**
 * Lookups by key stay on their key's index while a backlog waits. PostgreSQL's statistics are taken when
 * a table is quiet; a burst then leaves thousands of SMS queued or payments pending that the statistics
 * never saw, and a lookup that also names the status could be planned on the status index instead,
 * walking the whole backlog for each message sent and each pay-in. Each statement is planned here in that
 * state: statistics without a backlog, then 3,000 waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARK_ATTEMPT_FAILED, MARK_SENT, SMS_TO_SEND } from '../src/modules/notifications/notify.ts';
import { APPLY_REPORTS } from '../src/modules/notifications/use-cases/record-delivery-report.ts';
import { PAYMENT_NOT_SENT, PENDING_PAYMENT_OF_TRANSACTION } from '../src/modules/payments/pending-payments.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const BACKLOG = 3000;

/** The index names in a plan, wherever they sit in its tree. */
function indexesOf(plan: unknown): string[] {
  if (Array.isArray(plan)) return plan.flatMap(indexesOf);
  if (plan === null || typeof plan !== 'object') return [];
  return Object.entries(plan).flatMap(([key, value]) => (key === 'Index Name' ? [String(value)] : indexesOf(value)));
}

/** The plan of `statement` with its parameters $1, $2… replaced by these values (EXPLAIN runs nothing). */
async function indexesUsedBy(statement: string, ...values: string[]): Promise<string[]> {
  const bound = statement.replace(/\$(\d+)/g, (_, n: string) => `'${values[Number(n) - 1]}'`);
  const [row] = await t.ctx.db.$queryRawUnsafe<{ 'QUERY PLAN': unknown }[]>(`EXPLAIN (FORMAT JSON) ${bound}`);
  return indexesOf(row!['QUERY PLAN']);
}

/** The plan steps run more than once, each with how often and how many rows it gave per run. */
function stepsRepeated(plan: unknown): { type: string; loops: number; rowsPerLoop: number }[] {
  if (Array.isArray(plan)) return plan.flatMap(stepsRepeated);
  if (plan === null || typeof plan !== 'object') return [];
  const node = plan as Record<string, unknown>;
  const own =
    typeof node['Actual Loops'] === 'number' && node['Actual Loops'] > 1
      ? [{ type: String(node['Node Type']), loops: node['Actual Loops'], rowsPerLoop: Number(node['Actual Rows']) }]
      : [];
  return [...own, ...Object.values(node).flatMap(stepsRepeated)];
}

/**
 * `statement` prepared and run with these arguments under `plan_cache_mode` `mode`, its plan as it ran
 * (EXPLAIN ANALYZE); what it wrote is rolled back.
 */
async function explainAnalyzedThenUndone(mode: string, statement: string, args: string): Promise<unknown> {
  let plan: unknown;
  const undo = new Error('undo');
  await t.ctx.db
    .$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL plan_cache_mode = ${mode}`);
      await tx.$executeRawUnsafe(`PREPARE explained(text[], text[], text[], timestamptz) AS ${statement}`);
      const [row] = await tx.$queryRawUnsafe<{ 'QUERY PLAN': unknown }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE explained(${args})`);
      plan = row!['QUERY PLAN'];
      await tx.$executeRawUnsafe('DEALLOCATE explained');
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
  return plan;
}

/** Rows written without their foreign keys checked (the statements read no other table). */
async function insertUnchecked(sql: string) {
  await t.ctx.db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
    await tx.$executeRawUnsafe(sql);
  });
}

describe('lookups while a backlog waits', () => {
  it('finds and marks the SMS of a batch by their primary key', async () => {
    await insertUnchecked(`INSERT INTO sms_messages (id, phone_number, template, message, status)
      SELECT gen_random_uuid(), '254700000000', 'ussd_welcome', 'delivered before', 'delivered' FROM generate_series(1, 5000)`);
    await t.ctx.db.$executeRawUnsafe('ANALYZE sms_messages');
    await insertUnchecked(`INSERT INTO sms_messages (id, phone_number, template, message, status)
      SELECT gen_random_uuid(), '254700000001', 'ussd_welcome', 'waiting', 'queued' FROM generate_series(1, ${BACKLOG})`);
    const [queued] = await t.ctx.db.$queryRawUnsafe<{ id: string }[]>(`SELECT id::text FROM sms_messages WHERE status = 'queued' LIMIT 1`);
    expect(await indexesUsedBy(SMS_TO_SEND, `{${queued!.id}}`)).toEqual(['sms_messages_pkey']);

    // A whole batch (jobs/queue.ts: up to 20 messages) marked sent, or its failures counted.
    const batch = (
      await t.ctx.db.$queryRawUnsafe<{ id: string }[]>(`SELECT id::text FROM sms_messages WHERE status = 'queued' LIMIT 20`)
    ).map((row) => row.id);
    const texts = `{${batch.map((_, index) => `text${index}`).join(',')}}`;
    expect(await indexesUsedBy(MARK_SENT, `{${batch.join(',')}}`, texts, new Date().toISOString())).toEqual(['sms_messages_pkey']);
    expect(await indexesUsedBy(MARK_ATTEMPT_FAILED, `{${batch.join(',')}}`, texts, 'false')).toEqual(['sms_messages_pkey']);
  });

  it("applies delivery reports through the gateway id's index while the sent wait for theirs", async () => {
    await t.ctx.db.$executeRawUnsafe('DELETE FROM sms_messages');
    await insertUnchecked(`INSERT INTO sms_messages (id, phone_number, template, message, status, provider_message_id)
      SELECT gen_random_uuid(), '254700000000', 'ussd_welcome', 'reported before', 'delivered', 'ATXid_old_' || n FROM generate_series(1, 5000) n`);
    await t.ctx.db.$executeRawUnsafe('ANALYZE sms_messages');
    await insertUnchecked(`INSERT INTO sms_messages (id, phone_number, template, message, status, provider_message_id)
      SELECT gen_random_uuid(), '254700000001', 'ussd_welcome', 'waiting for its report', 'sent', 'ATXid_new_' || n FROM generate_series(1, ${BACKLOG}) n`);
    // A lone report, and a group of forty (db/group-commit.ts).
    for (const count of [1, 40]) {
      const ids = Array.from({ length: count }, (_, index) => `ATXid_new_${index * 70 + 1}`);
      const indexes = await indexesUsedBy(
        APPLY_REPORTS,
        `{${ids.join(',')}}`,
        `{${ids.map(() => 'delivered').join(',')}}`,
        `{${ids.map(() => 'NULL').join(',')}}`,
        new Date().toISOString(),
      );
      expect(indexes.length).toBeGreaterThan(0);
      expect(new Set(indexes)).toEqual(new Set(['sms_messages_provider_message_id_key']));
    }
  });

  it('applies a group of hundreds of reports with one lookup per report, in the generic plan of the prepared statement too', async () => {
    // Under a burst the groups grow while each statement runs (db/group-commit.ts). The statement is
    // prepared by name, so after a few runs PostgreSQL may plan it once for any parameters (generic).
    const ids = Array.from({ length: 300 }, (_, index) => `ATXid_new_${index * 10 + 1}`);
    const values = [`{${ids.join(',')}}`, `{${ids.map(() => 'delivered').join(',')}}`, `{${ids.map(() => 'NULL').join(',')}}`];
    for (const mode of ['force_generic_plan', 'force_custom_plan']) {
      const plan = await explainAnalyzedThenUndone(mode, APPLY_REPORTS, `'${values[0]}', '${values[1]}', '${values[2]}', now()`);
      // A step repeated per report reads one row each time; one that read the whole group each time (the
      // reports, or the updated rows) made the group's size squared steps: 20 ms for a few hundred.
      expect({ mode, repeated: stepsRepeated(plan).filter((step) => step.rowsPerLoop > 1) }).toEqual({ mode, repeated: [] });
      expect(stepsRepeated(plan).reduce((sum, step) => sum + step.loops, 0)).toBeLessThanOrEqual(2 * ids.length);
    }
  });

  describe(`with ${BACKLOG} payments pending`, () => {
    let pending: { id: string; transaction_id: string };
    beforeAll(async () => {
      const payments = (status: string, count: number) =>
        `INSERT INTO payments (id, transaction_id, payment_type, payer_phone, amount_cents, status, updated_at)
         SELECT gen_random_uuid(), gen_random_uuid(), 'escrow_deposit', '254700000000', 100000, '${status}', now() FROM generate_series(1, ${count})`;
      await insertUnchecked(payments('completed', 5000));
      await t.ctx.db.$executeRawUnsafe('ANALYZE payments');
      await insertUnchecked(payments('pending', BACKLOG));
      const [first] = await t.ctx.db.$queryRawUnsafe<{ id: string; transaction_id: string }[]>(
        `SELECT id::text, transaction_id::text FROM payments WHERE status = 'pending' LIMIT 1`,
      );
      pending = first!;
    });

    it("finds a transaction's pending payment through the transaction's index", async () => {
      expect(await indexesUsedBy(PENDING_PAYMENT_OF_TRANSACTION, pending.transaction_id)).toEqual([
        'payments_transaction_id_created_at_idx',
      ]);
    });

    it('fails a payment that never reached the rail by its primary key', async () => {
      expect(await indexesUsedBy(PAYMENT_NOT_SENT, pending.id, 'not sent', 'refused', 'Refused')).toEqual(['payments_pkey']);
    });
  });
});
