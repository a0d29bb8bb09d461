-- A withdrawal request's respond-by is stored with it, set when it is made (and named in the seller's SMS),
-- rather than worked out from created_at by each reader. A request already waiting when deadlines came in
-- was never given one: its seller's SMS named none, so it gets the whole window from now (shown on the web
-- and USSD answer screens) instead of lapsing at once for a deadline nobody was told.
ALTER TABLE "withdrawal_requests" ADD COLUMN "respond_by" TIMESTAMPTZ(3);
UPDATE "withdrawal_requests"
SET "respond_by" = CASE WHEN "status" = 'pending' THEN GREATEST("created_at", now()) ELSE "created_at" END + interval '72 hours';
ALTER TABLE "withdrawal_requests" ALTER COLUMN "respond_by" SET NOT NULL;
