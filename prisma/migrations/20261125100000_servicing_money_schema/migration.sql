-- The servicing models made fit for money before any code uses them (issue 13, ADR 0021):
-- instants as timestamptz, staff references as foreign keys, versioned deal models, claims
-- groups as the claims due together, claims never deleted (cancelled instead), paid amounts
-- kept from allocations by a trigger (the only writer), CHECK constraints on amounts, days and
-- rates, Restrict on every money relation, breaches, the repo-rate history and the close of
-- business. Models no use case of deals or payments needs (notices, reports, bank batches,
-- purchased properties) are dropped; the issues that need them will design them.

-- Enumerations ------------------------------------------------------------------------------
CREATE TYPE "DealModelState" AS ENUM ('DRAFT', 'ACTIVE', 'SUPERSEDED');
CREATE TYPE "InstallmentType" AS ENUM ('ANNUITY', 'LINEAR', 'BULLET');
-- SERVICING.md's names of the claim types.
ALTER TYPE "ClaimType" RENAME VALUE 'DEFAULT_INTEREST' TO 'PENALTY_INTEREST';
ALTER TYPE "ClaimType" RENAME VALUE 'RECOVERY_COSTS' TO 'COST_OF_RECOVERY';

-- Unused models -------------------------------------------------------------------------------
DROP TABLE "notices";
DROP TABLE "notice_groups";
DROP TABLE "purchased_properties";
DROP TABLE "reports";
DROP TABLE "bank_batches";

-- Instants as timestamptz. Prisma wrote them as UTC into timestamp columns: read them so.
ALTER TABLE "deals"
  ALTER COLUMN "signed_at" SET DATA TYPE TIMESTAMPTZ(3) USING "signed_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "activated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "activated_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "closed_at" SET DATA TYPE TIMESTAMPTZ(3) USING "closed_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
  ADD COLUMN "non_paying_after_days" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "deal_participants"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "claims_settings"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
  ADD COLUMN "grace_days" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "claims_statements"
  ALTER COLUMN "saved_at" SET DATA TYPE TIMESTAMPTZ(3) USING "saved_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "enforceable_claims"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
  ADD COLUMN "costs" DECIMAL(14,2) NOT NULL DEFAULT 0;
ALTER TABLE "deal_debts"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "deal_obligations"
  ALTER COLUMN "fulfilled_at" SET DATA TYPE TIMESTAMPTZ(3) USING "fulfilled_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "purposes"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "purpose_drawings"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "realty_groups"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "realty_group_realties"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC';
ALTER TABLE "realty_estimations"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "deal_labels"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "deal_notes"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "payments"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC';
ALTER TABLE "payment_allocations"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
  ADD COLUMN "rule" TEXT;

-- Deal models: versioned terms ----------------------------------------------------------------
ALTER TABLE "deal_models"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
  ADD COLUMN "version" INTEGER,
  ADD COLUMN "state" "DealModelState" NOT NULL DEFAULT 'DRAFT',
  ADD COLUMN "valid_from" DATE,
  ADD COLUMN "annual_interest_rate" DECIMAL(7,4) NOT NULL DEFAULT 0,
  ADD COLUMN "disbursement_date" DATE,
  ADD COLUMN "first_due_date" DATE,
  ADD COLUMN "due_day" INTEGER,
  ADD COLUMN "installment_type" "InstallmentType" NOT NULL DEFAULT 'ANNUITY',
  ADD COLUMN "upfront_fee" DECIMAL(14,2) NOT NULL DEFAULT 0,
  ADD COLUMN "monthly_fee" DECIMAL(14,2) NOT NULL DEFAULT 0,
  ADD COLUMN "allocation_profile" "AllocationProfile",
  ADD COLUMN "rpsn" DECIMAL(7,2),
  ADD COLUMN "created_by_id" INTEGER,
  ADD COLUMN "activated_at" TIMESTAMPTZ(3);
-- Variants drafted before (none carried a schedule) become versions of their deal; the one that
-- was selected is the active one.
UPDATE "deal_models" m SET
  "version" = v.n,
  "state" = CASE WHEN m."is_selected" AND v.selected_rank = 1 THEN 'ACTIVE'::"DealModelState" ELSE 'DRAFT'::"DealModelState" END,
  "annual_interest_rate" = COALESCE(m."interest_rate", 0),
  "rpsn" = round(m."apr", 2),
  "upfront_fee" = COALESCE(m."fee", 0),
  "first_due_date" = COALESCE(m."first_installment_at", (m."created_at" AT TIME ZONE 'Europe/Prague')::date + 30),
  "disbursement_date" = COALESCE(m."first_installment_at" - interval '1 month', m."created_at" AT TIME ZONE 'Europe/Prague')::date,
  "term_months" = COALESCE(m."term_months", 12),
  "allocation_profile" = COALESCE(d."allocation_profile", 'LOAN_ALLOCATION_PROFILE_V1')
FROM (SELECT id, row_number() OVER (PARTITION BY deal_id ORDER BY id) AS n,
             row_number() OVER (PARTITION BY deal_id, is_selected ORDER BY id) AS selected_rank FROM "deal_models") v, "deals" d
WHERE v.id = m.id AND d.id = m.deal_id;
UPDATE "deal_models" SET "due_day" = extract(day FROM "first_due_date");
ALTER TABLE "deal_models"
  ALTER COLUMN "version" SET NOT NULL,
  ALTER COLUMN "disbursement_date" SET NOT NULL,
  ALTER COLUMN "first_due_date" SET NOT NULL,
  ALTER COLUMN "due_day" SET NOT NULL,
  ALTER COLUMN "term_months" SET NOT NULL,
  ALTER COLUMN "allocation_profile" SET NOT NULL,
  DROP COLUMN "interest_rate",
  DROP COLUMN "apr",
  DROP COLUMN "fee",
  DROP COLUMN "first_installment_at",
  DROP COLUMN "is_selected";
DROP INDEX "deal_models_deal_id_idx";
CREATE UNIQUE INDEX "deal_models_deal_id_version_key" ON "deal_models"("deal_id", "version");
CREATE INDEX "deal_models_deal_id_state_idx" ON "deal_models"("deal_id", "state");
-- One version in force per deal.
CREATE UNIQUE INDEX "deal_models_one_active_per_deal" ON "deal_models"("deal_id") WHERE "state" = 'ACTIVE';
ALTER TABLE "deal_models" DROP CONSTRAINT "deal_models_deal_id_fkey";
ALTER TABLE "deal_models" ADD CONSTRAINT "deal_models_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "deal_models" ADD CONSTRAINT "deal_models_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Claims groups: the claims due together ------------------------------------------------------
-- The old rows described how claims would be generated and nothing generated them; no claim
-- points at one. They give way to the schedule's groups.
UPDATE "claims" SET "claims_group_id" = NULL WHERE "claims_group_id" IS NOT NULL;
DELETE FROM "claims_groups";
DROP INDEX "claims_groups_deal_id_kind_idx";
ALTER TABLE "claims_groups"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
  DROP COLUMN "name", DROP COLUMN "start_date", DROP COLUMN "end_date", DROP COLUMN "due_day",
  DROP COLUMN "principal", DROP COLUMN "interest_rate", DROP COLUMN "installment_value",
  DROP COLUMN "installment_count", DROP COLUMN "monthly_rent", DROP COLUMN "services_advance",
  DROP COLUMN "deposit", DROP COLUMN "purchase_price", DROP COLUMN "buyback_price",
  DROP COLUMN "buyback_deadline",
  ADD COLUMN "deal_model_id" INTEGER NOT NULL,
  ADD COLUMN "number" INTEGER NOT NULL,
  ADD COLUMN "due_date" DATE NOT NULL,
  ADD COLUMN "period_from" DATE,
  ADD COLUMN "period_to" DATE,
  ADD COLUMN "balance" DECIMAL(14,2),
  ADD COLUMN "note" TEXT,
  ADD COLUMN "cancelled_at" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "claims_groups_deal_model_id_number_key" ON "claims_groups"("deal_model_id", "number");
CREATE INDEX "claims_groups_deal_id_kind_due_date_idx" ON "claims_groups"("deal_id", "kind", "due_date");
ALTER TABLE "claims_groups" DROP CONSTRAINT "claims_groups_deal_id_fkey";
ALTER TABLE "claims_groups" ADD CONSTRAINT "claims_groups_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "claims_groups" ADD CONSTRAINT "claims_groups_deal_model_id_fkey" FOREIGN KEY ("deal_model_id") REFERENCES "deal_models"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Claims ----------------------------------------------------------------------------------------
ALTER TABLE "claims"
  ALTER COLUMN "created_at" SET DATA TYPE TIMESTAMPTZ(3) USING "created_at" AT TIME ZONE 'UTC',
  ALTER COLUMN "updated_at" SET DATA TYPE TIMESTAMPTZ(3) USING "updated_at" AT TIME ZONE 'UTC',
  DROP COLUMN "number",
  ADD COLUMN "source_claim_id" INTEGER,
  ADD COLUMN "rate" DECIMAL(7,4),
  ADD COLUMN "accrued_through" DATE,
  ADD COLUMN "accrued_exact" DECIMAL(20,8),
  ADD COLUMN "cancelled_at" TIMESTAMPTZ(3);
CREATE INDEX "claims_source_claim_id_idx" ON "claims"("source_claim_id");
ALTER TABLE "claims" DROP CONSTRAINT "claims_deal_id_fkey";
ALTER TABLE "claims" ADD CONSTRAINT "claims_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "claims" DROP CONSTRAINT "claims_claims_group_id_fkey";
ALTER TABLE "claims" ADD CONSTRAINT "claims_claims_group_id_fkey" FOREIGN KEY ("claims_group_id") REFERENCES "claims_groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "claims" DROP CONSTRAINT "claims_creditor_id_fkey";
ALTER TABLE "claims" ADD CONSTRAINT "claims_creditor_id_fkey" FOREIGN KEY ("creditor_id") REFERENCES "persons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "claims" ADD CONSTRAINT "claims_source_claim_id_fkey" FOREIGN KEY ("source_claim_id") REFERENCES "claims"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Other money relations: Restrict -----------------------------------------------------------------
ALTER TABLE "claims_statements" DROP CONSTRAINT "claims_statements_deal_id_fkey";
ALTER TABLE "claims_statements" ADD CONSTRAINT "claims_statements_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "claims_statements" ADD CONSTRAINT "claims_statements_saved_by_id_fkey" FOREIGN KEY ("saved_by_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "enforceable_claims" DROP CONSTRAINT "enforceable_claims_deal_id_fkey";
ALTER TABLE "enforceable_claims" ADD CONSTRAINT "enforceable_claims_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "purposes" DROP CONSTRAINT "purposes_deal_id_fkey";
ALTER TABLE "purposes" ADD CONSTRAINT "purposes_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "purpose_drawings" DROP CONSTRAINT "purpose_drawings_purpose_id_fkey";
ALTER TABLE "purpose_drawings" ADD CONSTRAINT "purpose_drawings_purpose_id_fkey" FOREIGN KEY ("purpose_id") REFERENCES "purposes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "purpose_drawings" DROP CONSTRAINT "purpose_drawings_payment_id_fkey";
ALTER TABLE "purpose_drawings" ADD CONSTRAINT "purpose_drawings_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "realty_groups" DROP CONSTRAINT "realty_groups_deal_id_fkey";
ALTER TABLE "realty_groups" ADD CONSTRAINT "realty_groups_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payments" DROP CONSTRAINT "payments_deal_id_fkey";
ALTER TABLE "payments" ADD CONSTRAINT "payments_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_allocations" DROP CONSTRAINT "payment_allocations_payment_id_fkey";
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "deal_notes" ADD CONSTRAINT "deal_notes_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Breaches, repo rates, close of business -------------------------------------------------------
CREATE TABLE "breaches" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "type" "BreachType" NOT NULL,
    "obligation_id" INTEGER,
    "started_on" DATE NOT NULL,
    "ended_on" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "breaches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "breaches_end_after_start" CHECK ("ended_on" IS NULL OR "ended_on" >= "started_on")
);
CREATE INDEX "breaches_deal_id_type_idx" ON "breaches"("deal_id", "type");
-- One open breach of a type per deal.
CREATE UNIQUE INDEX "breaches_one_open_per_type" ON "breaches"("deal_id", "type") WHERE "ended_on" IS NULL;
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "breaches" ADD CONSTRAINT "breaches_obligation_id_fkey" FOREIGN KEY ("obligation_id") REFERENCES "deal_obligations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "repo_rates" (
    "valid_from" DATE NOT NULL,
    "rate" DECIMAL(6,3) NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "repo_rates_pkey" PRIMARY KEY ("valid_from"),
    CONSTRAINT "repo_rates_rate_range" CHECK ("rate" BETWEEN -5 AND 50)
);
-- The ČNB's two-week repo rate since 2012 (decisions effective from the day given). Later
-- changes are added as rows (docs/decisions/0021 says how); the rate of a day is the row with
-- the latest valid_from on or before it.
INSERT INTO "repo_rates" ("valid_from", "rate", "source") VALUES
  ('2012-11-02', 0.05, 'ČNB, vývoj 2T repo sazby'),
  ('2017-08-04', 0.25, 'ČNB, vývoj 2T repo sazby'),
  ('2017-11-03', 0.50, 'ČNB, vývoj 2T repo sazby'),
  ('2018-02-02', 0.75, 'ČNB, vývoj 2T repo sazby'),
  ('2018-06-28', 1.00, 'ČNB, vývoj 2T repo sazby'),
  ('2018-08-03', 1.25, 'ČNB, vývoj 2T repo sazby'),
  ('2018-09-27', 1.50, 'ČNB, vývoj 2T repo sazby'),
  ('2018-11-02', 1.75, 'ČNB, vývoj 2T repo sazby'),
  ('2019-05-03', 2.00, 'ČNB, vývoj 2T repo sazby'),
  ('2020-02-07', 2.25, 'ČNB, vývoj 2T repo sazby'),
  ('2020-03-17', 1.75, 'ČNB, vývoj 2T repo sazby'),
  ('2020-03-27', 1.00, 'ČNB, vývoj 2T repo sazby'),
  ('2020-05-11', 0.25, 'ČNB, vývoj 2T repo sazby'),
  ('2021-06-24', 0.50, 'ČNB, vývoj 2T repo sazby'),
  ('2021-08-06', 0.75, 'ČNB, vývoj 2T repo sazby'),
  ('2021-10-01', 1.50, 'ČNB, vývoj 2T repo sazby'),
  ('2021-11-05', 2.75, 'ČNB, vývoj 2T repo sazby'),
  ('2021-12-23', 3.75, 'ČNB, vývoj 2T repo sazby'),
  ('2022-02-04', 4.50, 'ČNB, vývoj 2T repo sazby'),
  ('2022-03-31', 5.00, 'ČNB, vývoj 2T repo sazby'),
  ('2022-05-06', 5.75, 'ČNB, vývoj 2T repo sazby'),
  ('2022-06-23', 7.00, 'ČNB, vývoj 2T repo sazby'),
  ('2023-12-22', 6.75, 'ČNB, vývoj 2T repo sazby'),
  ('2024-02-09', 6.25, 'ČNB, vývoj 2T repo sazby'),
  ('2024-03-21', 5.75, 'ČNB, vývoj 2T repo sazby'),
  ('2024-05-03', 5.25, 'ČNB, vývoj 2T repo sazby'),
  ('2024-06-28', 4.75, 'ČNB, vývoj 2T repo sazby'),
  ('2024-08-02', 4.50, 'ČNB, vývoj 2T repo sazby'),
  ('2024-09-27', 4.25, 'ČNB, vývoj 2T repo sazby'),
  ('2024-11-08', 4.00, 'ČNB, vývoj 2T repo sazby'),
  ('2025-02-07', 3.75, 'ČNB, vývoj 2T repo sazby'),
  ('2025-05-02', 3.50, 'ČNB, vývoj 2T repo sazby');

CREATE TABLE "close_of_business" (
    "business_date" DATE NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "stats" JSONB,
    CONSTRAINT "close_of_business_pkey" PRIMARY KEY ("business_date")
);

-- CHECK constraints -------------------------------------------------------------------------------
ALTER TABLE "deals"
  ADD CONSTRAINT "deals_value_not_negative" CHECK ("value" >= 0),
  ADD CONSTRAINT "deals_days_past_due_not_negative" CHECK ("days_past_due" >= 0),
  ADD CONSTRAINT "deals_non_paying_after_days_not_negative" CHECK ("non_paying_after_days" >= 0);
ALTER TABLE "deal_models"
  ADD CONSTRAINT "deal_models_version_positive" CHECK ("version" >= 1),
  ADD CONSTRAINT "deal_models_principal_positive" CHECK ("principal" > 0),
  ADD CONSTRAINT "deal_models_rate_range" CHECK ("annual_interest_rate" BETWEEN 0 AND 100),
  ADD CONSTRAINT "deal_models_term_range" CHECK ("term_months" BETWEEN 1 AND 600),
  ADD CONSTRAINT "deal_models_due_day_range" CHECK ("due_day" BETWEEN 1 AND 31),
  ADD CONSTRAINT "deal_models_fees_not_negative" CHECK ("upfront_fee" >= 0 AND "monthly_fee" >= 0),
  ADD CONSTRAINT "deal_models_first_due_after_payout" CHECK ("first_due_date" > "disbursement_date");
ALTER TABLE "claims_groups"
  ADD CONSTRAINT "claims_groups_number_positive" CHECK ("number" >= 1),
  ADD CONSTRAINT "claims_groups_balance_not_negative" CHECK ("balance" IS NULL OR "balance" >= 0);
ALTER TABLE "claims"
  ADD CONSTRAINT "claims_amount_not_negative" CHECK ("amount" >= 0),
  ADD CONSTRAINT "claims_paid_within_amount" CHECK ("paid_amount" >= 0 AND "paid_amount" <= "amount"),
  ADD CONSTRAINT "claims_cancelled_unpaid" CHECK ("cancelled_at" IS NULL OR "paid_amount" = 0),
  ADD CONSTRAINT "claims_source_only_for_penalty_interest" CHECK ("source_claim_id" IS NULL OR "type" = 'PENALTY_INTEREST');
ALTER TABLE "claims_settings"
  ADD CONSTRAINT "claims_settings_due_day_range" CHECK ("due_day" IS NULL OR "due_day" BETWEEN 1 AND 31),
  ADD CONSTRAINT "claims_settings_grace_days_not_negative" CHECK ("grace_days" >= 0),
  ADD CONSTRAINT "claims_settings_amount_not_negative" CHECK ("amount" IS NULL OR "amount" >= 0),
  ADD CONSTRAINT "claims_settings_rate_range" CHECK ("rate" IS NULL OR "rate" BETWEEN 0 AND 100);
ALTER TABLE "enforceable_claims"
  ADD CONSTRAINT "enforceable_claims_amounts_not_negative" CHECK ("amount" >= 0 AND "costs" >= 0);
ALTER TABLE "deal_debts"
  ADD CONSTRAINT "deal_debts_amounts_not_negative" CHECK ("amount" >= 0 AND ("installment_value" IS NULL OR "installment_value" >= 0));
ALTER TABLE "purposes" ADD CONSTRAINT "purposes_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "purpose_drawings" ADD CONSTRAINT "purpose_drawings_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "realty_estimations" ADD CONSTRAINT "realty_estimations_value_positive" CHECK ("value" > 0);
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_amount_positive" CHECK ("amount" > 0);

-- A claim's paid amount: the sum of its allocations, one source of truth ----------------------------
UPDATE "claims" c SET "paid_amount" = COALESCE((SELECT sum(a."amount") FROM "payment_allocations" a WHERE a."claim_id" = c."id"), 0);

CREATE FUNCTION "claims_paid_amount_from_allocations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "claims" SET "paid_amount" = "paid_amount" - OLD."amount" WHERE "id" = OLD."claim_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF EXISTS (SELECT 1 FROM "claims" WHERE "id" = NEW."claim_id" AND "cancelled_at" IS NOT NULL) THEN
      RAISE EXCEPTION 'claim % is cancelled: nothing can be allocated to it', NEW."claim_id" USING ERRCODE = 'check_violation';
    END IF;
    UPDATE "claims" SET "paid_amount" = "paid_amount" + NEW."amount" WHERE "id" = NEW."claim_id";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "payment_allocations_paid_amount"
  AFTER INSERT OR UPDATE OF "amount", "claim_id" OR DELETE ON "payment_allocations"
  FOR EACH ROW EXECUTE FUNCTION "claims_paid_amount_from_allocations"();

-- Nothing else writes it: a claim is born unpaid, and only the trigger above (one level down)
-- may change what was paid.
CREATE FUNCTION "claims_paid_amount_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW."paid_amount" <> 0 THEN
    RAISE EXCEPTION 'a claim is created unpaid: allocate payments to it' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."paid_amount" IS DISTINCT FROM OLD."paid_amount" AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'claims.paid_amount is the sum of the claim''s allocations: write payment_allocations' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "claims_paid_amount_guard"
  BEFORE INSERT OR UPDATE OF "paid_amount" ON "claims"
  FOR EACH ROW EXECUTE FUNCTION "claims_paid_amount_guard"();
