-- A withdrawal request that ends without the seller's answer because its plan moved on (a dispute, the
-- seller cancelling the plan) is recorded as such. The enum value is committed here, alone: PostgreSQL
-- refuses to use a new enum value in the transaction that added it, so the rows follow in the next migration.

-- AlterEnum
ALTER TYPE "WithdrawalStatus" ADD VALUE 'closed';
