-- Data only (no schema change): sending an application in the portal used to close its form,
-- so staff could not e-mail an offer to an applicant who had finished. A sent form now stays
-- COLLATERAL_INFO (with data.finished_at) and is CLOSED only with its lead. Every CLOSED form
-- of a lead still being worked was closed by sending (the step needs COLLATERAL_INFO): reopen
-- it as sent, keeping or recording when.
UPDATE "application_forms" AS f
SET "state" = 'COLLATERAL_INFO',
    "closed_at" = NULL,
    "data" = CASE
      WHEN f."data" ? 'finished_at' THEN f."data"
      ELSE f."data" || jsonb_build_object('finished_at', to_char(COALESCE(f."closed_at", f."updated_at"), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
    END,
    "updated_at" = CURRENT_TIMESTAMP
FROM "leads" AS l
WHERE f."lead_id" = l."id"
  AND f."state" = 'CLOSED'
  AND l."state" NOT IN ('CLOSED', 'CONVERTED');
