-- The Airtel Money float as an account of the chart, and the overdraft rule for several cash accounts: a
-- transaction's cash may be collected on one rail and paid out on another (an M-Pesa buyer, a seller on
-- Airtel), so the rails' cash accounts are checked together per transaction — never below zero — while
-- escrow, payables and fee income stay credit-normal per account.

INSERT INTO "ledger_accounts" ("code", "name", "normal_side") VALUES
  ('airtel_float', 'Airtel Money float (cash)', 'debit');

CREATE OR REPLACE FUNCTION "ledger_assert_not_overdrawn"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance NUMERIC;
  is_cash BOOLEAN;
BEGIN
  IF NEW."transaction_id" IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT "normal_side" = 'debit' INTO is_cash FROM "ledger_accounts" WHERE "code" = NEW."account_code";
  IF is_cash THEN
    SELECT COALESCE(SUM(p."amount_cents"), 0) INTO balance FROM "ledger_postings" p
      JOIN "ledger_accounts" a ON a."code" = p."account_code" AND a."normal_side" = 'debit'
      WHERE p."transaction_id" = NEW."transaction_id";
  ELSE
    SELECT COALESCE(SUM("amount_cents"), 0) INTO balance FROM "ledger_postings"
      WHERE "account_code" = NEW."account_code" AND "transaction_id" = NEW."transaction_id";
  END IF;
  IF (is_cash AND balance < 0) OR (NOT is_cash AND balance > 0) THEN
    RAISE EXCEPTION 'ledger account % of transaction % would be overdrawn (balance %)',
      CASE WHEN is_cash THEN 'cash' ELSE NEW."account_code"::text END, NEW."transaction_id", balance USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
