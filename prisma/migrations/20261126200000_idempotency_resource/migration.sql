-- What an Idempotency-Key's request created, written in the same database transaction as the creation
-- (server/src/plugins/idempotency.ts): a repeat whose first attempt committed but never recorded its
-- answer (the server stopped in between) answers that resource instead of creating a second one.

-- AlterTable
ALTER TABLE "idempotency_records" ADD COLUMN "resource_id" UUID;
