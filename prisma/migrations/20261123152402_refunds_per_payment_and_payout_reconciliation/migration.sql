-- AlterEnum
ALTER TYPE "PayoutStatus" ADD VALUE 'returned';

-- AlterEnum
ALTER TYPE "RefundReason" ADD VALUE 'payout_returned';

-- AlterTable
ALTER TABLE "payouts" ADD COLUMN     "sent_at" TIMESTAMPTZ(3),
ADD COLUMN     "status_queried_at" TIMESTAMPTZ(3),
ADD COLUMN     "status_queries" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "mock_mpesa_requests" ADD COLUMN     "queried_id" VARCHAR(64);

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "fee_cents" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "payment_id" UUID;

-- DropIndex: one payout may pay several refunds (the pay-ins of one phone), one B2C fee instead of several
DROP INDEX "refunds_payout_id_key";

-- CreateIndex
CREATE INDEX "refunds_payment_id_idx" ON "refunds"("payment_id");

-- CreateIndex
CREATE INDEX "refunds_payout_id_idx" ON "refunds"("payout_id");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Refunds are bounded by what was paid in (docs/adr/0005-money-at-the-edges.md): per transaction the
-- refunds never add up to more than its completed pay-ins, the fee share is given back at most once,
-- and a refund of one pay-in never exceeds that pay-in. Checked at commit, whatever code wrote the row.
CREATE FUNCTION "refunds_assert_bounded"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  paid_in NUMERIC;
  fee_in NUMERIC;
  refunded NUMERIC;
  fee_refunded NUMERIC;
BEGIN
  SELECT COALESCE(SUM("amount_cents"), 0), COALESCE(SUM("fee_cents"), 0) INTO paid_in, fee_in
    FROM "payments" WHERE "transaction_id" = NEW."transaction_id" AND "status" = 'completed';
  SELECT COALESCE(SUM("amount_cents"), 0), COALESCE(SUM("fee_cents"), 0) INTO refunded, fee_refunded
    FROM "refunds" WHERE "transaction_id" = NEW."transaction_id";
  IF refunded > paid_in OR fee_refunded > fee_in OR NEW."fee_cents" > NEW."amount_cents" OR NEW."fee_cents" < 0 THEN
    RAISE EXCEPTION 'refunds of transaction % exceed what was paid in (refunded %, fee %; paid %, fee %)',
      NEW."transaction_id", refunded, fee_refunded, paid_in, fee_in USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."payment_id" IS NOT NULL THEN
    SELECT COALESCE(SUM("amount_cents"), 0) INTO refunded FROM "refunds" WHERE "payment_id" = NEW."payment_id";
    SELECT "amount_cents" INTO paid_in FROM "payments" WHERE "id" = NEW."payment_id" AND "status" = 'completed';
    IF paid_in IS NULL OR refunded > paid_in THEN
      RAISE EXCEPTION 'refunds of payment % exceed it', NEW."payment_id" USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "refunds_bounded"
  AFTER INSERT OR UPDATE ON "refunds"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "refunds_assert_bounded"();

-- The ledger refuses an overdrawn account at write time: per transaction, escrow, seller and refund
-- balances and the platform's fee income are credit-normal (never above zero), and the paybill never
-- pays out more for a transaction than it took in (never below zero).
CREATE FUNCTION "ledger_assert_not_overdrawn"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance NUMERIC;
BEGIN
  IF NEW."transaction_id" IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT COALESCE(SUM("amount_cents"), 0) INTO balance FROM "ledger_postings"
    WHERE "account_code" = NEW."account_code" AND "transaction_id" = NEW."transaction_id";
  IF (NEW."account_code" = 'mpesa_paybill' AND balance < 0) OR (NEW."account_code" <> 'mpesa_paybill' AND balance > 0) THEN
    RAISE EXCEPTION 'ledger account % of transaction % would be overdrawn (balance %)',
      NEW."account_code", NEW."transaction_id", balance USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "ledger_postings_not_overdrawn"
  AFTER INSERT ON "ledger_postings"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "ledger_assert_not_overdrawn"();
