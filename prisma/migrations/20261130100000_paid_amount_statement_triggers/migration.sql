-- claims.paid_amount follows payment_allocations by statement-level triggers (docs/decisions/0038):
-- one UPDATE of the claims a statement touched, their sums grouped, instead of one UPDATE (and for
-- an insert one lookup) per allocation row. A replay writes hundreds of rows in one INSERT; the
-- row-level trigger was most of its time. Same rule as before: paid_amount is the sum of the
-- claim's allocations, nothing can be allocated to a cancelled claim, and the guard on claims
-- (claims_paid_amount_guard) still lets only this trigger, one level down, change it.
DROP TRIGGER "payment_allocations_paid_amount" ON "payment_allocations";
DROP FUNCTION "claims_paid_amount_from_allocations"();

CREATE FUNCTION "claims_paid_amount_from_allocations"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cancelled integer;
BEGIN
  -- Each branch reads only the transition tables its event has.
  IF TG_OP <> 'DELETE' THEN
    SELECT n."claim_id" INTO cancelled FROM "new_rows" n JOIN "claims" c ON c."id" = n."claim_id" WHERE c."cancelled_at" IS NOT NULL ORDER BY n."claim_id" LIMIT 1;
    IF cancelled IS NOT NULL THEN
      RAISE EXCEPTION 'claim % is cancelled: nothing can be allocated to it', cancelled USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE "claims" c SET "paid_amount" = c."paid_amount" + d."delta"
      FROM (SELECT "claim_id", sum("amount") AS "delta" FROM "new_rows" GROUP BY "claim_id") d
     WHERE c."id" = d."claim_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "claims" c SET "paid_amount" = c."paid_amount" - d."delta"
      FROM (SELECT "claim_id", sum("amount") AS "delta" FROM "old_rows" GROUP BY "claim_id") d
     WHERE c."id" = d."claim_id";
  ELSE
    UPDATE "claims" c SET "paid_amount" = c."paid_amount" + d."delta"
      FROM (SELECT "claim_id", sum("delta") AS "delta"
              FROM (SELECT "claim_id", "amount" AS "delta" FROM "new_rows"
                    UNION ALL
                    SELECT "claim_id", -"amount" FROM "old_rows") m
             GROUP BY "claim_id") d
     WHERE c."id" = d."claim_id" AND d."delta" <> 0;
  END IF;
  RETURN NULL;
END $$;

-- Transition tables take one event per trigger.
CREATE TRIGGER "payment_allocations_paid_amount_insert"
  AFTER INSERT ON "payment_allocations" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "claims_paid_amount_from_allocations"();
CREATE TRIGGER "payment_allocations_paid_amount_update"
  AFTER UPDATE ON "payment_allocations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "claims_paid_amount_from_allocations"();
CREATE TRIGGER "payment_allocations_paid_amount_delete"
  AFTER DELETE ON "payment_allocations" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "claims_paid_amount_from_allocations"();
