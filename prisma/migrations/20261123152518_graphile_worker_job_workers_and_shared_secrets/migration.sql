-- Jobs still waiting in the old queue move to graphile-worker, whose schema the project's migrator
-- installs before this file runs (docs/adr/0007-graphile-worker.md). Without it, refuse rather than
-- drop side effects (an SMS, a payout, an auto-release) that are still owed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "jobs" WHERE "status" IN ('queued', 'running')) THEN
    IF to_regprocedure('graphile_worker.add_job(text,json,text,timestamp with time zone,integer,text,integer,text[],text)') IS NULL THEN
      RAISE EXCEPTION 'queued jobs remain in "jobs": install the graphile_worker schema first (npm run migrate does)';
    END IF;
    PERFORM graphile_worker.add_job(
      "queue", "payload"::json,
      run_at => "run_at",
      max_attempts => GREATEST("max_attempts" - "attempts" + CASE WHEN "status" = 'running' THEN 1 ELSE 0 END, 1),
      job_key => "singleton_key",
      job_key_mode => 'preserve_run_at')
    FROM "jobs" WHERE "status" IN ('queued', 'running');
  END IF;
END $$;

-- DropTable
DROP TABLE "jobs";

-- DropEnum
DROP TYPE "JobStatus";

-- CreateTable
CREATE TABLE "job_workers" (
    "id" VARCHAR(100) NOT NULL,
    "node" VARCHAR(200) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_workers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "app_secrets" (
    "name" VARCHAR(64) NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_secrets_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "job_workers_last_seen_at_idx" ON "job_workers"("last_seen_at");

