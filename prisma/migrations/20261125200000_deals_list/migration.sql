-- The deals list (GET /api/v1/deals/, docs/decisions/0022-deals-api.md), built to answer each
-- filter and the default page of 200,000 deals in under 50 ms.

-- Every ordering field with the id after it: the list orders by the field and then by the id in
-- the same direction, so a page in either direction is read off one index, without sorting a
-- whole state's (or a whole "0 days past due") worth of rows. They replace the one-column
-- indexes, which they also serve as filters.
DROP INDEX "deals_state_idx";
DROP INDEX "deals_type_idx";
DROP INDEX "deals_value_idx";
DROP INDEX "deals_days_past_due_idx";
DROP INDEX "deals_created_at_idx";
CREATE INDEX "deals_state_id_idx" ON "deals"("state", "id");
CREATE INDEX "deals_type_id_idx" ON "deals"("type", "id");
CREATE INDEX "deals_value_id_idx" ON "deals"("value", "id");
CREATE INDEX "deals_days_past_due_id_idx" ON "deals"("days_past_due", "id");
CREATE INDEX "deals_created_at_id_idx" ON "deals"("created_at", "id");
CREATE INDEX "deals_updated_at_id_idx" ON "deals"("updated_at", "id");

-- search: a contract number contains what was typed (any letter case), a variable symbol begins
-- with the digits typed; trigram indexes serve both LIKE forms whatever the collation.
CREATE INDEX "deals_contract_number_trgm_idx" ON "deals" USING GIN ("contract_number" gin_trgm_ops);
CREATE INDEX "deals_variable_symbol_trgm_idx" ON "deals" USING GIN ("variable_symbol" gin_trgm_ops);

-- Generated variable symbols (ADR 0022): 9 digits from this sequence and a Luhn check digit.
-- Starting at 100000000 keeps them 10 digits long with no leading zero (banks drop those).
CREATE SEQUENCE "deal_variable_symbol_seq" AS BIGINT MINVALUE 100000000 MAXVALUE 999999999 START 100000000 NO CYCLE;
