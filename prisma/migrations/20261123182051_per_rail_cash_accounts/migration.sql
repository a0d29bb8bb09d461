-- Each rail's cash in its own ledger account (docs/ARCHITECTURE.md "Money"). The enum value is committed
-- here, alone: PostgreSQL refuses to use a new enum value in the transaction that added it, so the account
-- row and the overdraft rule that name it follow in the next migration.

-- AlterEnum
ALTER TYPE "LedgerAccountCode" ADD VALUE 'airtel_float' AFTER 'mpesa_paybill';
