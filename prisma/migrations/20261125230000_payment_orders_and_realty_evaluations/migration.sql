-- Payment-order files of purpose drawings (ADR 0027) and the loan-to-value evaluations of
-- realty groups (ADR 0028). A drawing goes out in one payment order only: the batch is written
-- on the drawing once, and from then on the drawing keeps its amount and cannot be deleted.

-- Payment-order batches ------------------------------------------------------------------------
CREATE TABLE "payment_order_batches" (
    "id" SERIAL NOT NULL,
    "deal_id" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "execution_date" DATE NOT NULL,
    "file_name" TEXT NOT NULL,
    "content" BYTEA NOT NULL,
    "item_count" INTEGER NOT NULL,
    "total_amount" DECIMAL(14,2) NOT NULL,
    "created_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_order_batches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_order_batches_format" CHECK ("format" IN ('abo', 'pain001')),
    CONSTRAINT "payment_order_batches_item_count_positive" CHECK ("item_count" >= 1),
    CONSTRAINT "payment_order_batches_total_positive" CHECK ("total_amount" > 0)
);
CREATE INDEX "payment_order_batches_deal_id_created_at_idx" ON "payment_order_batches"("deal_id", "created_at");
ALTER TABLE "payment_order_batches" ADD CONSTRAINT "payment_order_batches_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payment_order_batches" ADD CONSTRAINT "payment_order_batches_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "purpose_drawings" ADD COLUMN "payment_order_batch_id" INTEGER;
CREATE INDEX "purpose_drawings_payment_order_batch_id_idx" ON "purpose_drawings"("payment_order_batch_id");
ALTER TABLE "purpose_drawings" ADD CONSTRAINT "purpose_drawings_payment_order_batch_id_fkey" FOREIGN KEY ("payment_order_batch_id") REFERENCES "payment_order_batches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An exported drawing is history: its batch is never changed or cleared, its amount stays what
-- the bank was told, and it is not deleted. The API refuses these first (409); this holds even
-- for writes that bypass it.
CREATE FUNCTION "purpose_drawings_exported_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."payment_order_batch_id" IS NOT NULL THEN
      RAISE EXCEPTION 'purpose drawing % went out in payment order %: it cannot be deleted', OLD."id", OLD."payment_order_batch_id" USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."payment_order_batch_id" IS NOT NULL AND (NEW."payment_order_batch_id" IS DISTINCT FROM OLD."payment_order_batch_id" OR NEW."amount" <> OLD."amount") THEN
    RAISE EXCEPTION 'purpose drawing % went out in payment order %: its batch and amount are fixed', OLD."id", OLD."payment_order_batch_id" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "purpose_drawings_exported_guard" BEFORE UPDATE OR DELETE ON "purpose_drawings"
  FOR EACH ROW EXECUTE FUNCTION "purpose_drawings_exported_guard"();

-- Loan-to-value evaluations --------------------------------------------------------------------
CREATE TABLE "realty_group_evaluations" (
    "id" SERIAL NOT NULL,
    "realty_group_id" INTEGER NOT NULL,
    "estimation_id" INTEGER,
    "evaluated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "estimate" DECIMAL(14,2) NOT NULL,
    "previous_estimate" DECIMAL(14,2),
    "outstanding_principal" DECIMAL(14,2) NOT NULL,
    "principal_source" TEXT NOT NULL,
    "ltv" DECIMAL(20,2) NOT NULL,
    "must_notify" BOOLEAN NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "evaluated_by_id" INTEGER,

    CONSTRAINT "realty_group_evaluations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "realty_group_evaluations_principal_source" CHECK ("principal_source" IN ('CLAIMS', 'DEAL_MODEL')),
    CONSTRAINT "realty_group_evaluations_estimate_positive" CHECK ("estimate" > 0 AND ("previous_estimate" IS NULL OR "previous_estimate" > 0)),
    CONSTRAINT "realty_group_evaluations_amounts_not_negative" CHECK ("outstanding_principal" >= 0 AND "ltv" >= 0),
    CONSTRAINT "realty_group_evaluations_reason_when_notified" CHECK (NOT "must_notify" OR "reason" <> '')
);
CREATE INDEX "realty_group_evaluations_realty_group_id_evaluated_at_idx" ON "realty_group_evaluations"("realty_group_id", "evaluated_at");
CREATE INDEX "realty_group_evaluations_estimation_id_idx" ON "realty_group_evaluations"("estimation_id");
ALTER TABLE "realty_group_evaluations" ADD CONSTRAINT "realty_group_evaluations_realty_group_id_fkey" FOREIGN KEY ("realty_group_id") REFERENCES "realty_groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "realty_group_evaluations" ADD CONSTRAINT "realty_group_evaluations_estimation_id_fkey" FOREIGN KEY ("estimation_id") REFERENCES "realty_estimations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "realty_group_evaluations" ADD CONSTRAINT "realty_group_evaluations_evaluated_by_id_fkey" FOREIGN KEY ("evaluated_by_id") REFERENCES "staff_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
