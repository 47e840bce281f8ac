-- Payments are never deleted once allocated: a mistaken or returned payment is reversed by a
-- reversal entry that names it (docs/decisions/0033), and the deal's allocation is replayed
-- without it. One reversal per payment; a reversal is not itself reversed by another, and the
-- reversed payment cannot be deleted while its reversal stands (RESTRICT).
ALTER TABLE "payments" ADD COLUMN "reversal_of_id" INTEGER;
CREATE UNIQUE INDEX "payments_reversal_of_id_key" ON "payments"("reversal_of_id");
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversal_of_id_fkey" FOREIGN KEY ("reversal_of_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversal_not_self" CHECK ("reversal_of_id" IS NULL OR "reversal_of_id" <> "id");
