-- A dispute the system opened because the seller did not answer a withdrawal request by its respond-by is
-- named as such (`withdrawal_lapsed`), not "withdrawal declined": the seller never declined. The enum value
-- is committed here, alone: PostgreSQL refuses to use a new enum value in the transaction that added it, so
-- the rows follow in the next migration.

-- AlterEnum
ALTER TYPE "DisputeReason" ADD VALUE 'withdrawal_lapsed' AFTER 'withdrawal_declined';
