-- The deals list's default page (newest first) under a filter that picks old deals: closed ones,
-- those past due, those in breach. The planner walked deals_created_at_id_idx from the newest
-- deal and discarded every non-matching one on the way (40,000 rows for closed_reason at 60,000
-- deals): bench:deals at 200,000 deals missed 50 ms p95 with closed_reason, breach_type and
-- days_past_due=91+. Partial indexes (the schema language cannot express them) of the newest
-- among those few deals; list-deals.ts repeats the predicates next to the closed_reason and
-- breach_type filters so the planner can prove they apply (days_past_due ranges above 0 imply theirs).
CREATE INDEX "deals_closed_created_at_id_idx" ON "deals"("created_at", "id") WHERE "closed_reason" IS NOT NULL;
CREATE INDEX "deals_past_due_created_at_id_idx" ON "deals"("created_at", "id") WHERE "days_past_due" > 0;
CREATE INDEX "deals_breached_created_at_id_idx" ON "deals"("created_at", "id") WHERE "breach_types" <> '{}';
