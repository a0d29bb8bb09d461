-- Jobs a hot statement queues without graphile_worker.add_jobs (server/src/jobs/queue.ts "outbox"):
-- add_jobs sends a NOTIFY, and PostgreSQL lets one NOTIFY-ing transaction commit at a time, so a burst
-- of creations waited on each other's commit. Written here in the same transaction as the change they
-- follow; moved into graphile-worker in batches (one NOTIFY each) right after that commit, by the node
-- that wrote them or, if it stopped first, by any worker's next poll.

-- CreateTable
CREATE TABLE "job_outbox" (
    "id" BIGSERIAL NOT NULL,
    "spec" JSON NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "job_outbox_pkey" PRIMARY KEY ("id")
);
