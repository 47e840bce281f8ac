-- A claims group's number is unique among the live groups of its deal-model version only.
-- Recomputing a lease or restructuring cancels an unpaid future group (kept as history, never
-- deleted) and generates its replacement under the same number; a cancelled group no longer
-- holds the number (docs/decisions/0025).
DROP INDEX "claims_groups_deal_model_id_number_key";
CREATE UNIQUE INDEX "claims_groups_live_number" ON "claims_groups"("deal_model_id", "number") WHERE "cancelled_at" IS NULL;
