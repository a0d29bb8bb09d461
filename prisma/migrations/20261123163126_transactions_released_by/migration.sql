-- CreateEnum
CREATE TYPE "ReleaseReason" AS ENUM ('buyer', 'auto_release', 'ruling');

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "released_by" "ReleaseReason";


-- Backfill: completed transactions made before the reason was recorded. A release or split ruling
-- completed the transaction at the moment of the ruling; the inspection window left an
-- 'auto_release_confirmed' event; any other completion was the buyer's release.
UPDATE "transactions" t SET "released_by" = CASE
    WHEN EXISTS (
      SELECT 1 FROM "disputes" d
      WHERE d."transaction_id" = t."id" AND d."outcome" IN ('release_seller', 'split') AND d."resolved_at" = t."completed_at"
    ) THEN 'ruling'::"ReleaseReason"
    WHEN EXISTS (
      SELECT 1 FROM "timeline_events" e WHERE e."transaction_id" = t."id" AND e."event_type" = 'auto_release_confirmed'
    ) THEN 'auto_release'::"ReleaseReason"
    ELSE 'buyer'::"ReleaseReason"
  END
WHERE t."status" = 'completed';
