-- Credit left on a deal pays claims as they fall due (docs/decisions/0033): such an allocation
-- row belongs to the payment that brought the money but was placed on a later day. NULL: placed
-- on the payment's own date (every row written before, and every row a payment places itself).
-- The replay from a date deletes rows placed on or after it; penalty interest and DPD count a
-- claim as paid on the day the row was placed.
ALTER TABLE "payment_allocations" ADD COLUMN "allocated_on" DATE;
