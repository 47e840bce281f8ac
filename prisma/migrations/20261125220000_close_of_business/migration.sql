-- The daily close of business (issue 13, docs/decisions/0026): penalty interest, days past due,
-- breaches. Indexes only; no table changes.

-- One penalty-interest claim accrues on one overdue claim: the close of business and a payment's
-- recompute of the same deal may race to create it, and the loser must find it there.
CREATE UNIQUE INDEX "claims_one_penalty_interest_per_source" ON "claims"("source_claim_id")
  WHERE "type" = 'PENALTY_INTEREST' AND "cancelled_at" IS NULL;

-- The claims not paid in full, by due date: the close of business finds what is overdue
-- (due_date < the business date) without reading the millions of paid claims, and a claim
-- leaves this index the moment its allocations pay it.
CREATE INDEX "claims_unpaid_due_date_idx" ON "claims"("due_date")
  WHERE "cancelled_at" IS NULL AND "paid_amount" < "amount";
