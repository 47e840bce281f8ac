import type { AllocationProfile, AllocationRuleName, ClaimType } from '@lending/contracts';

// The allocation profiles of the spec as data (docs/decisions/0033): each an ordered list of
// rules, one engine (allocate.ts) runs them all. A rule takes the claims of its types that are
// due on the payment's date (or also those not yet due), in order of due date, oldest or newest
// first; claims due the same day go in the order the rule lists their types.

export type DueOrder = 'OLDEST_FIRST' | 'NEWEST_FIRST';
/** DUE: due on or before the payment's date; ALSO_FUTURE: any claim still owed. */
export type DueScope = 'DUE' | 'ALSO_FUTURE';

export interface AllocationRule {
  /** Written on every allocation row it places (with the profile), so staff see why. */
  name: AllocationRuleName;
  types: readonly ClaimType[];
  order: DueOrder;
  scope: DueScope;
}

const rule = (name: AllocationRuleName, types: readonly ClaimType[], order: DueOrder = 'OLDEST_FIRST', scope: DueScope = 'DUE'): AllocationRule => ({ name, types, order, scope });

/** What an installment of a loan is made of (the schedule's claims). */
const INSTALLMENT: readonly ClaimType[] = ['INTEREST', 'FEE', 'INSURANCE', 'PRINCIPAL'];
/** What a lease or leaseback period is made of. */
const RENT_PERIOD: readonly ClaimType[] = ['RENT', 'SERVICE_ADVANCE', 'INSURANCE', 'FEE', 'PURCHASE_PRICE', 'DEPOSIT'];
/** Every claim type in the order of § 1932(1) where it names them, the rest after principal. */
const ALL_1932: readonly ClaimType[] = [
  'COST_OF_RECOVERY',
  'PENALTY_INTEREST',
  'INTEREST',
  'FEE',
  'INSURANCE',
  'PRINCIPAL',
  'RENT',
  'SERVICE_ADVANCE',
  'PURCHASE_PRICE',
  'DEPOSIT',
  'CONTRACTUAL_PENALTY',
  'OTHER',
];
/** Types no loan rule names: caught last, so nothing due stays unpaid while credit is left. */
const REST: readonly ClaimType[] = ['CONTRACTUAL_PENALTY', 'RENT', 'SERVICE_ADVANCE', 'PURCHASE_PRICE', 'DEPOSIT', 'OTHER'];

/**
 * § 1932(1) of the civil code (89/2012 Sb., as amended by 192/2021 Sb.): unless agreed
 * otherwise, a payment goes first to costs already determined, then penalty interest, then
 * interest, and last to principal; among debts of a kind the one due first (§ 1933). Fees and
 * insurance of an installment are its price like interest: after interest, before principal.
 */
export const CIVIL_CODE_1932: readonly AllocationRule[] = [
  rule('COSTS_DUE', ['COST_OF_RECOVERY']),
  rule('PENALTY_INTEREST_DUE', ['PENALTY_INTEREST']),
  rule('INTEREST_DUE', ['INTEREST']),
  rule('FEES_DUE', ['FEE', 'INSURANCE']),
  rule('PRINCIPAL_DUE', ['PRINCIPAL']),
  rule('OTHER_DUE', REST),
];

/** Paying before the due date: the next installments in advance, the nearest first. */
const NEXT_INSTALLMENTS = rule('NEXT_INSTALLMENTS', INSTALLMENT, 'OLDEST_FIRST', 'ALSO_FUTURE');

export const ALLOCATION_PROFILES: Record<AllocationProfile, readonly AllocationRule[]> = {
  // The baseline itself, then the next installments in advance.
  LOAN_ALLOCATION_PROFILE_V1: [...CIVIL_CODE_1932, NEXT_INSTALLMENTS],
  // Sanctions of § 1932 first, then whole installments oldest first (each its interest, fees,
  // principal), so the oldest installment is settled before the next one is touched.
  LOAN_ALLOCATION_PROFILE_V2: [
    rule('COSTS_DUE', ['COST_OF_RECOVERY']),
    rule('PENALTY_INTEREST_DUE', ['PENALTY_INTEREST']),
    rule('INSTALLMENTS_DUE', INSTALLMENT),
    rule('OTHER_DUE', REST),
    NEXT_INSTALLMENTS,
  ],
  // The baseline, then an extra payment lowers the principal from the last installment
  // backwards (shortens the term); future interest stays as scheduled.
  LOAN_ALLOCATION_PROFILE_V3: [...CIVIL_CODE_1932, rule('PRINCIPAL_PREPAYMENT', ['PRINCIPAL'], 'NEWEST_FIRST', 'ALSO_FUTURE')],
  // A consumer in delay, § 1932(2) since 1 July 2021: principal first, then interest, then
  // penalty interest, last the costs; contractual penalties after all of them.
  CL_PE_ALLOCATION_PROFILE_V1: [
    rule('PRINCIPAL_DUE', ['PRINCIPAL']),
    rule('INTEREST_DUE', ['INTEREST']),
    rule('FEES_DUE', ['FEE', 'INSURANCE']),
    rule('PENALTY_INTEREST_DUE', ['PENALTY_INTEREST']),
    rule('COSTS_DUE', ['COST_OF_RECOVERY']),
    rule('OTHER_DUE', REST),
    NEXT_INSTALLMENTS,
  ],
  // The consumer order per installment: the oldest installment whole (principal before its
  // interest), then the sanctions.
  CL_PE_ALLOCATION_PROFILE_V2: [
    rule('INSTALLMENTS_DUE', ['PRINCIPAL', 'INTEREST', 'FEE', 'INSURANCE']),
    rule('PENALTY_INTEREST_DUE', ['PENALTY_INTEREST']),
    rule('COSTS_DUE', ['COST_OF_RECOVERY']),
    rule('OTHER_DUE', REST),
    NEXT_INSTALLMENTS,
  ],
  // A business loan to a self-employed person (not a consumer: § 1932(1)), with the agreed
  // contractual penalty right after penalty interest, then whole installments.
  IL_SE_ALLOCATION_PROFILE: [
    rule('COSTS_DUE', ['COST_OF_RECOVERY']),
    rule('PENALTY_INTEREST_DUE', ['PENALTY_INTEREST']),
    rule('CONTRACTUAL_PENALTY_DUE', ['CONTRACTUAL_PENALTY']),
    rule('INSTALLMENTS_DUE', INSTALLMENT),
    rule('OTHER_DUE', REST),
    NEXT_INSTALLMENTS,
  ],
  // A case in enforcement: the whole debt is due (accelerated), costs of recovery and sanctions
  // first, the newest sanctions first (the oldest are the ones a court has already titled and
  // the enforcement collects itself), then interest and principal oldest first.
  HARD_COLLECTION_PROFILE_V1: [
    rule('COSTS', ['COST_OF_RECOVERY'], 'NEWEST_FIRST', 'ALSO_FUTURE'),
    rule('PENALTY_INTEREST', ['PENALTY_INTEREST'], 'NEWEST_FIRST', 'ALSO_FUTURE'),
    rule('CONTRACTUAL_PENALTY', ['CONTRACTUAL_PENALTY'], 'NEWEST_FIRST', 'ALSO_FUTURE'),
    rule('INTEREST_AND_FEES', ['INTEREST', 'FEE', 'INSURANCE'], 'OLDEST_FIRST', 'ALSO_FUTURE'),
    rule('PRINCIPAL', ['PRINCIPAL'], 'OLDEST_FIRST', 'ALSO_FUTURE'),
    rule('OTHER', REST, 'OLDEST_FIRST', 'ALSO_FUTURE'),
  ],
  // Leases, leasebacks and other products: the oldest debt first whatever it is (§ 1933), the
  // § 1932 order among debts due the same day; then the next periods in advance.
  OTHER_PROFILE_V1: [rule('OLDEST_DUE', ALL_1932), rule('NEXT_DUE', ALL_1932, 'OLDEST_FIRST', 'ALSO_FUTURE')],
  // Rent periods first (the lessor's income), then the sanctions; nothing in advance: the
  // rest stays as credit until staff use or refund it.
  OTHER_PROFILE_V2: [
    rule('RENT_DUE', RENT_PERIOD),
    rule('SANCTIONS_DUE', ['COST_OF_RECOVERY', 'PENALTY_INTEREST', 'CONTRACTUAL_PENALTY']),
    rule('OTHER_DUE', ['INTEREST', 'PRINCIPAL', 'OTHER']),
  ],
};
