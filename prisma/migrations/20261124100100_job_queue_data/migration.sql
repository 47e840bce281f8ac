-- Data only: the rows the hand-made queue and the sender-less outbox left.

-- The hand-made queue kept its bookkeeping in screenings.result._job (attempts, lease, retry
-- time, last error). The attempts move to their column; the rest is dropped, leaving only the
-- result (or NULL for a screening that has none yet). Screenings still waiting get their job
-- from the worker when it starts (it queues every PENDING or IN_PROGRESS screening without one).
UPDATE "screenings"
SET "attempts" = CASE
      WHEN jsonb_typeof("result"->'_job'->'attempts') = 'number' THEN ("result"->'_job'->>'attempts')::numeric::int
      ELSE 0
    END,
    "result" = NULLIF("result" - '_job', '{}'::jsonb)
WHERE jsonb_typeof("result") = 'object'
  AND "result" ? '_job';

-- Until the outbox sender existed no e-mail was ever sent: every EMAIL notification still
-- PENDING was written for a sender that did not exist. They are marked as what they were,
-- sandbox mails (never sent), so none of them goes out days late once SMTP_URL is configured.
UPDATE "notifications"
SET "state" = 'SANDBOX',
    "updated_at" = CURRENT_TIMESTAMP
WHERE "type" = 'EMAIL'
  AND "state" = 'PENDING';
