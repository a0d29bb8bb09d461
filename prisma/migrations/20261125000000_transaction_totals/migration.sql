-- Exact per-status totals of the transactions (count and sum of amount_cents) for the lists' summaries and
-- the admin dashboard (docs/adr/0012-hot-paths.md "Lists at a million"): a summary reads a few rows
-- instead of counting every matching transaction.
--
-- Writers never update a shared row: a statement-level trigger on "transactions" appends what the statement
-- changed, grouped by key, to "transaction_total_deltas"; a recurring job (transaction_totals_fold) moves the
-- deltas into "transaction_totals" in one statement, one folder at a time. A reader sums both tables in one
-- statement, so it sees a fold entirely or not at all.
--
-- Keys: scope 'all' (every transaction; user_id is the nil UUID) and, per user, 'buyer', 'seller' and
-- 'both' (the user is buyer and seller of the row, so "either side" = buyer + seller - both).

CREATE TYPE "TotalScope" AS ENUM ('all', 'buyer', 'seller', 'both');

CREATE TABLE "transaction_totals" (
    "user_id" UUID NOT NULL,
    "scope" "TotalScope" NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "transaction_type" "TransactionType" NOT NULL,
    "count" BIGINT NOT NULL,
    "amount_cents" BIGINT NOT NULL,

    CONSTRAINT "transaction_totals_pkey" PRIMARY KEY ("user_id", "scope", "status", "transaction_type")
);

CREATE TABLE "transaction_total_deltas" (
    "id" BIGSERIAL NOT NULL,
    "user_id" UUID NOT NULL,
    "scope" "TotalScope" NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "transaction_type" "TransactionType" NOT NULL,
    "count" BIGINT NOT NULL,
    "amount_cents" BIGINT NOT NULL,

    CONSTRAINT "transaction_total_deltas_pkey" PRIMARY KEY ("id")
);

-- A reader's deltas by key, without visiting the heap once the visibility map is set.
CREATE INDEX "transaction_total_deltas_key_idx" ON "transaction_total_deltas" ("user_id", "scope", "status", "transaction_type")
  INCLUDE ("count", "amount_cents");

-- Appends the net change of `added` minus `removed` per key; keys whose change is nil get no row.
CREATE FUNCTION "transaction_totals_add"(added "transactions"[], removed "transactions"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "transaction_total_deltas" ("user_id", "scope", "status", "transaction_type", "count", "amount_cents")
  SELECT k.user_id, k.scope, c.status, c.transaction_type, sum(c.n), sum(c.n * c.amount_cents)
    FROM (SELECT 1 AS n, a.buyer_id, a.seller_id, a.status, a.transaction_type, a.amount_cents FROM unnest(added) a
          UNION ALL
          SELECT -1, r.buyer_id, r.seller_id, r.status, r.transaction_type, r.amount_cents FROM unnest(removed) r) c
   CROSS JOIN LATERAL (VALUES ('00000000-0000-0000-0000-000000000000'::uuid, 'all'::"TotalScope"),
                              (c.buyer_id, 'buyer'),
                              (c.seller_id, 'seller'),
                              (CASE WHEN c.buyer_id = c.seller_id THEN c.buyer_id END, 'both')) k(user_id, scope)
   WHERE k.user_id IS NOT NULL
   GROUP BY k.user_id, k.scope, c.status, c.transaction_type
  HAVING sum(c.n) <> 0 OR sum(c.n * c.amount_cents) <> 0;
END;
$$;

CREATE FUNCTION "transaction_totals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A trigger names only the transition tables of its own event.
  IF TG_OP = 'INSERT' THEN
    PERFORM "transaction_totals_add"(ARRAY(SELECT n::"transactions" FROM new_rows n), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "transaction_totals_add"('{}', ARRAY(SELECT o::"transactions" FROM old_rows o));
  -- Most updates (a payment credited, a date set) leave every key as it was: nothing to add.
  ELSIF EXISTS (SELECT buyer_id, seller_id, status, transaction_type, amount_cents FROM new_rows
                EXCEPT ALL SELECT buyer_id, seller_id, status, transaction_type, amount_cents FROM old_rows) THEN
    PERFORM "transaction_totals_add"(ARRAY(SELECT n::"transactions" FROM new_rows n), ARRAY(SELECT o::"transactions" FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION "transaction_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "transaction_total_deltas";
  DELETE FROM "transaction_totals";
  RETURN NULL;
END;
$$;

CREATE TRIGGER "transactions_totals_inserted" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_changed"();
CREATE TRIGGER "transactions_totals_updated" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_changed"();
CREATE TRIGGER "transactions_totals_deleted" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_changed"();
CREATE TRIGGER "transactions_totals_truncated" AFTER TRUNCATE ON "transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION "transaction_totals_truncated"();
-- Also under session_replication_role = replica (scripts/seed-bulk.ts pauses the row triggers that way):
-- a total that misses a write is wrong for ever.
ALTER TABLE "transactions" ENABLE ALWAYS TRIGGER "transactions_totals_inserted";
ALTER TABLE "transactions" ENABLE ALWAYS TRIGGER "transactions_totals_updated";
ALTER TABLE "transactions" ENABLE ALWAYS TRIGGER "transactions_totals_deleted";
ALTER TABLE "transactions" ENABLE ALWAYS TRIGGER "transactions_totals_truncated";

-- Moves every committed delta into the totals in one statement; returns how many deltas it moved. One
-- folder at a time (a second returns 0 at once): only the folder writes "transaction_totals".
CREATE FUNCTION "transaction_totals_fold"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  moved bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('transaction_totals_fold')) THEN
    RETURN 0;
  END IF;
  WITH gone AS (
    DELETE FROM "transaction_total_deltas" RETURNING "user_id", "scope", "status", "transaction_type", "count", "amount_cents"
  ), summed AS (
    INSERT INTO "transaction_totals" AS t ("user_id", "scope", "status", "transaction_type", "count", "amount_cents")
    SELECT "user_id", "scope", "status", "transaction_type", sum("count"), sum("amount_cents")
      FROM gone GROUP BY "user_id", "scope", "status", "transaction_type"
    ON CONFLICT ("user_id", "scope", "status", "transaction_type")
      DO UPDATE SET "count" = t."count" + excluded."count", "amount_cents" = t."amount_cents" + excluded."amount_cents"
    RETURNING 1
  )
  -- Both parts of the statement run to the end whatever it reads. A key that nets out keeps its row at
  -- zero (readers skip it): deleting those would scan every total.
  SELECT count(*) INTO moved FROM gone;
  RETURN moved;
END;
$$;

-- The rows already there, in slices so that no slice holds a large table in memory at once.
DO $$
BEGIN
  FOR part IN 0..63 LOOP
    PERFORM "transaction_totals_add"(ARRAY(SELECT t FROM "transactions" t WHERE abs(hashtext(t.id::text)) % 64 = part), '{}');
  END LOOP;
END;
$$;
SELECT "transaction_totals_fold"();
