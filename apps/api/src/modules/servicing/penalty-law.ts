// The law of penalty interest, as both accruals read it: the close of business's set-based SQL
// (delinquency.ts) and the allocation engine's day-by-day TypeScript (allocate.ts). The two are
// held equal by penalty-interest.differential.test.ts.

/** NV 351/2013 Sb. § 2: the repo rate of the delay's half-year plus this many percentage points. */
export const PENALTY_MARGIN_PP = 8;
/** Days of a year in the penalty-interest formula (Czech practice: amount × rate × days / 365). */
export const DAY_COUNT_BASIS = 365;
/** § 122(4) of 257/2016 Sb.: the cap applies to an amount in delay longer than this many days. */
export const CONSUMER_CAP_AFTER_DAYS = 90;
