-- The job queue moved to graphile-worker (docs/decisions/0013-job-queue.md); its own schema
-- (graphile_worker) is installed by the API at start, after these migrations. The rows the old
-- queue left are cleaned by the next migration (a new enum value cannot be used in the
-- transaction that adds it).

-- An outbox e-mail written while no mail server is configured: kept, marked as never sent.
ALTER TYPE "NotificationState" ADD VALUE 'SANDBOX';

-- How many runs a screening took: the one piece of the old queue's bookkeeping staff see.
ALTER TABLE "screenings" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;
