-- Admin monitoring (issue 6): indexes that keep the dashboard's searches and aggregates fast at
-- 1,000,000 transactions. Written by hand, like the checks and triggers at the end of the init
-- migration: trigram and partial indexes cannot be expressed in schema.prisma, and none of these is
-- unique, so the schema-drift test (tables, columns, nullability, unique indexes) is unaffected.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Search "any part of" a reference number or phone (spec §9), and users by name or email.
CREATE INDEX "transactions_reference_number_trgm_idx" ON "transactions" USING gin ("reference_number" gin_trgm_ops);
CREATE INDEX "transactions_seller_phone_trgm_idx" ON "transactions" USING gin ("seller_phone" gin_trgm_ops);
CREATE INDEX "users_phone_number_trgm_idx" ON "users" USING gin ("phone_number" gin_trgm_ops);
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ((lower("email")) gin_trgm_ops);

-- Counts and values per (status, type) by an index-only scan instead of reading every wide row.
CREATE INDEX "transactions_status_type_amount_idx" ON "transactions" ("status", "transaction_type") INCLUDE ("amount_cents");

-- Revenue: the platform_fees postings alone (total, and per period through their journal).
CREATE INDEX "ledger_postings_platform_fees_idx" ON "ledger_postings" ("journal_id") INCLUDE ("amount_cents")
  WHERE "account_code" = 'platform_fees';
CREATE INDEX "ledger_journals_created_at_admin_idx" ON "ledger_journals" ("created_at");

-- "Completed today" on the dashboard's withdrawal metrics.
CREATE INDEX "payouts_completed_at_idx" ON "payouts" ("completed_at") WHERE "status" = 'completed';

-- Disputes opened per period (Analytics) and disputes past their respond-by deadline (Alerts).
CREATE INDEX "disputes_created_at_admin_idx" ON "disputes" ("created_at");
CREATE INDEX "disputes_unresolved_respond_by_idx" ON "disputes" ("respond_by") WHERE "status" <> 'resolved';
