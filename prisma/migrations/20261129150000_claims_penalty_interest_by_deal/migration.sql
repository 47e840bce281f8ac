-- A payment's replay brings its deal to date (recomputeDelinquency), which looks up the deal's
-- penalty-interest claims. With only the partial unique index by source claim, the planner read
-- every open penalty claim of the book (~95,000 after one close of 200,000 deals) and intersected
-- them with the deal's claims: ~35 ms a deal, most of a statement import's time (docs/decisions/0036).
-- The same rows by deal: a few index entries. Partial, like the other close-of-business indexes.
CREATE INDEX "claims_penalty_interest_deal_idx" ON "claims"("deal_id")
  WHERE "type" = 'PENALTY_INTEREST' AND "cancelled_at" IS NULL;
