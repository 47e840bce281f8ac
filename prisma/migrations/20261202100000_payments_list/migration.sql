-- The payments list at a million payments (docs/decisions/0041): indexes in the list's orderings
-- and filters, and counts kept by triggers so that a page does not count a million rows.

-- The default ordering (-date, then -id) and the export's keyset (date, id) read straight off one
-- index, backwards or forwards; it replaces the index on the date alone, its prefix.
DROP INDEX "payments_date_idx";
CREATE INDEX "payments_date_id_idx" ON "payments"("date", "id");

-- A deal's payments (its tab, the list's `deal`) newest first: also the replay's (deal, date).
DROP INDEX "payments_deal_id_date_idx";
CREATE INDEX "payments_deal_id_date_id_idx" ON "payments"("deal_id", "date", "id");

-- The unpaired queue (incoming, no deal, not a storno), newest first and counted from the index
-- alone; whether a reversal took one back is one probe of payments_reversal_of_id_key each. The
-- schema language cannot express a partial index: list-payments.ts repeats the predicate as is.
CREATE INDEX "payments_unpaired_date_id_idx" ON "payments"("date", "id")
  WHERE "deal_id" IS NULL AND "direction" = 'INCOMING_PAYMENT' AND "reversal_of_id" IS NULL;

-- The list's search: trigrams of the searched fields joined by a unit separator (U+001F), so
-- that '%text%' is looked up in one index instead of seven; list-payments.ts writes the same
-- expression, word for word.
CREATE INDEX "payments_search_trgm_idx" ON "payments" USING gin (
  (coalesce("variable_symbol", '') || E'\x1f' || coalesce("specific_symbol", '') || E'\x1f' || coalesce("counter_account", '') || E'\x1f' ||
   coalesce("counter_account_name", '') || E'\x1f' || coalesce("message", '') || E'\x1f' || coalesce("note", '') || E'\x1f' || coalesce("bank_reference", ''))
  gin_trgm_ops);

-- How many payments there are of each kind (direction, category, type, paired or not): rows of
-- changes, appended by statement-level triggers in the transaction of the change, so the sum
-- of the rows a snapshot sees is the number of its payments of that kind, exactly. Writers
-- only append (no row is shared, none waits for another); now and then a writer folds the rows
-- into one per kind, skipping rows another transaction is folding (nothing waits there either).
CREATE TABLE "payment_counts" (
    "id" BIGSERIAL NOT NULL,
    "direction" "PaymentDirection" NOT NULL,
    "category" "PaymentCategory" NOT NULL,
    "payment_type" "PaymentType" NOT NULL,
    "paired" BOOLEAN NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "payment_counts_pkey" PRIMARY KEY ("id")
);

CREATE FUNCTION "payment_counts_fold"() RETURNS void LANGUAGE sql AS $$
  WITH "folded" AS (
    DELETE FROM "payment_counts" WHERE "id" IN (SELECT "id" FROM "payment_counts" FOR UPDATE SKIP LOCKED)
    RETURNING "direction", "category", "payment_type", "paired", "count"
  )
  INSERT INTO "payment_counts" ("direction", "category", "payment_type", "paired", "count")
  SELECT "direction", "category", "payment_type", "paired", sum("count")::int FROM "folded"
   GROUP BY 1, 2, 3, 4 HAVING sum("count") <> 0
$$;

CREATE FUNCTION "payment_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch reads only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "payment_counts" ("direction", "category", "payment_type", "paired", "count")
    SELECT "direction", "category", "payment_type", "deal_id" IS NOT NULL, count(*)::int FROM "new_rows" GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "payment_counts" ("direction", "category", "payment_type", "paired", "count")
    SELECT "direction", "category", "payment_type", "deal_id" IS NOT NULL, -count(*)::int FROM "old_rows" GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "payment_counts" ("direction", "category", "payment_type", "paired", "count")
    SELECT "direction", "category", "payment_type", "paired", sum("n")::int
      FROM (SELECT "direction", "category", "payment_type", "deal_id" IS NOT NULL AS "paired", 1 AS "n" FROM "new_rows"
            UNION ALL
            SELECT "direction", "category", "payment_type", "deal_id" IS NOT NULL, -1 FROM "old_rows") "m"
     GROUP BY 1, 2, 3, 4 HAVING sum("n") <> 0;
  ELSE
    -- TRUNCATE: no payment is left.
    DELETE FROM "payment_counts";
    RETURN NULL;
  END IF;
  IF (SELECT count(*) FROM "payment_counts") > 500 THEN
    PERFORM "payment_counts_fold"();
  END IF;
  RETURN NULL;
END $$;

-- Transition tables take one event per trigger. ENABLE ALWAYS: bulk loads that switch the other
-- triggers off (session_replication_role = replica, as the benchmarks' generators do) are
-- counted all the same.
CREATE TRIGGER "payments_counts_insert"
  AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_follow"();
CREATE TRIGGER "payments_counts_update"
  AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_follow"();
CREATE TRIGGER "payments_counts_delete"
  AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_follow"();
CREATE TRIGGER "payments_counts_truncate"
  AFTER TRUNCATE ON "payments"
  FOR EACH STATEMENT EXECUTE FUNCTION "payment_counts_follow"();
ALTER TABLE "payments" ENABLE ALWAYS TRIGGER "payments_counts_insert";
ALTER TABLE "payments" ENABLE ALWAYS TRIGGER "payments_counts_update";
ALTER TABLE "payments" ENABLE ALWAYS TRIGGER "payments_counts_delete";
ALTER TABLE "payments" ENABLE ALWAYS TRIGGER "payments_counts_truncate";

-- The payments there are already.
INSERT INTO "payment_counts" ("direction", "category", "payment_type", "paired", "count")
SELECT "direction", "category", "payment_type", "deal_id" IS NOT NULL, count(*)::int FROM "payments" GROUP BY 1, 2, 3, 4;
