-- Manual payments and pairing by counter-account (docs/decisions/0047, issue 22 §3).

-- How each payment came to its deal, the deal suggested for an unpaired one, and how a payment
-- entered by hand came. Text with a CHECK, as the states of statements and approval requests.
ALTER TABLE "payments" ADD COLUMN "paired_by" TEXT,
    ADD COLUMN "suggested_deal_id" INTEGER,
    ADD COLUMN "entry_method" TEXT,
    ADD CONSTRAINT "payments_paired_by_check"
        CHECK ("paired_by" IN ('VARIABLE_SYMBOL', 'SPECIFIC_SYMBOL', 'COUNTER_ACCOUNT', 'STAFF', 'MANUAL_ENTRY', 'REVERSAL')),
    ADD CONSTRAINT "payments_entry_method_check" CHECK ("entry_method" IN ('CASH', 'POSTAL_ORDER', 'TRANSFER'));

CREATE INDEX "payments_suggested_deal_id_idx" ON "payments"("suggested_deal_id");
ALTER TABLE "payments" ADD CONSTRAINT "payments_suggested_deal_id_fkey" FOREIGN KEY ("suggested_deal_id") REFERENCES "deals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The payments paired before this migration, as well as they can be told: a storno follows its
-- original; a deal staff set (assigned, or changed by PUT/PATCH: the audit log names it) is STAFF;
-- then the rule's own order — the variable symbol, the specific symbol, else the counter-account.
UPDATE "payments" p SET "paired_by" = 'REVERSAL' WHERE p."deal_id" IS NOT NULL AND p."reversal_of_id" IS NOT NULL;
UPDATE "payments" p SET "paired_by" = 'STAFF'
 WHERE p."deal_id" IS NOT NULL AND p."paired_by" IS NULL
   AND EXISTS (SELECT 1 FROM "audit_log" a
                WHERE a."entity" = 'Payment' AND a."entity_id" = p."id"::text
                  AND a."action" IN ('payment.assign_deal', 'payment.update')
                  AND a."changes" ->> 'deal' = p."deal_id"::text);
UPDATE "payments" p SET "paired_by" = CASE
         WHEN ltrim(p."variable_symbol", '0') = d."variable_symbol" THEN 'VARIABLE_SYMBOL'
         WHEN ltrim(p."specific_symbol", '0') = d."variable_symbol" THEN 'SPECIFIC_SYMBOL'
         WHEN p."counter_account" IS NOT NULL THEN 'COUNTER_ACCOUNT'
       END
  FROM "deals" d
 WHERE d."id" = p."deal_id" AND p."paired_by" IS NULL AND p."direction" = 'INCOMING_PAYMENT';

-- What a statement says of itself: its account and the days it covers. For the statements
-- imported before, the days of their payments.
ALTER TABLE "payment_statements" ADD COLUMN "account" TEXT,
    ADD COLUMN "period_from" DATE,
    ADD COLUMN "period_to" DATE;
UPDATE "payment_statements" s SET "period_from" = m."first", "period_to" = m."last"
  FROM (SELECT "statement_id", min("date") AS "first", max("date") AS "last" FROM "payments" WHERE "statement_id" IS NOT NULL GROUP BY 1) m
 WHERE m."statement_id" = s."id";
-- The import history, newest first.
CREATE INDEX "payment_statements_created_at_idx" ON "payment_statements"("created_at");

-- A payment entered by hand (POST /payments/) waits for a second user from 500 Kč (ROLES.md §2).
INSERT INTO "four_eyes_settings" ("action", "enabled", "threshold") VALUES ('MANUAL_PAYMENT', true, 500.00);
