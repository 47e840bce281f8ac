-- A claims statement remembers when its figures were computed and when a change of the deal's
-- payments made them stale (docs/decisions/0036): a draft then turns NOT_VALID, a saved one
-- keeps its state (it was issued) and only carries the mark.
ALTER TABLE "claims_statements" ADD COLUMN "computed_at" TIMESTAMPTZ(3);
ALTER TABLE "claims_statements" ADD COLUMN "invalidated_at" TIMESTAMPTZ(3);
