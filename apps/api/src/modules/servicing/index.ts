// The servicing core (docs/decisions/0040): what a serviced deal owes and why, computed one way
// for every caller. Payments, the close of business, claims statements, purposes and deals depend
// on this module and not on each other; they import only this file.
//
// - the allocation engine and its profiles (docs/decisions/0033),
// - the replay of a deal's allocations from a date, its locks and the deal's credit (0033, 0038),
// - delinquency: penalty interest, days past due and breaches as of a business date (0026),
// - balances: what is owed and overdue on a day.

export { allocate, penaltyAccrual, penaltyAccruedThrough, type AllocationClaim, type AllocationInput, type AllocationPayment, type AllocationResult, type AllocationRow, type PenaltyAccrual } from './allocate.ts';
export { ALLOCATION_PROFILES, type AllocationRule } from './allocation-profiles.ts';
export { applyDealCredit } from './apply-deal-credit.ts';
export { dealBalances, dealClaimsAsOf, type ClaimAsOf, type DealBalance } from './balances.ts';
export { bringDealsToDate, holdDelinquencyLock, INSTALLMENT_CLAIM_TYPES, lockForCloseOfBusiness, paidAfter, SERVICED_STATES, type DelinquencyScope, type DelinquencyStats } from './delinquency.ts';
export { CONSUMER_CAP_AFTER_DAYS, DAY_COUNT_BASIS, PENALTY_MARGIN_PP } from './penalty-law.ts';
export { invalidateClaimsStatements } from './invalidate-claims-statements.ts';
export { recomputeDelinquency } from './recompute-delinquency.ts';
export {
  dealCredit,
  dealCredits,
  lockDealForAllocation,
  lockDealsForAllocation,
  REFUND_PURPOSES,
  replayDealAllocations,
  replayDealsAllocations,
  type ReplayResult,
  type ReplayTarget,
} from './replay-deal-allocations.ts';
