import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AllocationProfile, ClaimType } from '@lending/contracts';
import { allocate, penaltyAccruedThrough, type AllocationClaim, type AllocationPayment, type AllocationResult } from './allocate.ts';
import { ALLOCATION_PROFILES } from './allocation-profiles.ts';

// Known answers worked out by hand from the profile tables of docs/decisions/0033 (the
// arithmetic is in the comments), then properties over random deals.

// A loan of three installments (interest + principal, a fee in the second), penalty interest
// on the first installment, a reminder's cost and a contractual penalty. Total 8935.40.
const C = {
  I1: { id: 1, type: 'INTEREST', dueDate: '2025-01-20', amount: '500.00' },
  P1: { id: 2, type: 'PRINCIPAL', dueDate: '2025-01-20', amount: '2000.00' },
  I2: { id: 3, type: 'INTEREST', dueDate: '2025-02-20', amount: '450.00' },
  P2: { id: 4, type: 'PRINCIPAL', dueDate: '2025-02-20', amount: '2050.00' },
  I3: { id: 5, type: 'INTEREST', dueDate: '2025-03-20', amount: '400.00' },
  P3: { id: 6, type: 'PRINCIPAL', dueDate: '2025-03-20', amount: '2100.00' },
  PI1: { id: 7, type: 'PENALTY_INTEREST', dueDate: '2025-01-21', amount: '35.40' },
  C1: { id: 8, type: 'COST_OF_RECOVERY', dueDate: '2025-02-25', amount: '300.00' },
  F2: { id: 9, type: 'FEE', dueDate: '2025-02-20', amount: '100.00' },
  K1: { id: 10, type: 'CONTRACTUAL_PENALTY', dueDate: '2025-02-28', amount: '1000.00' },
} as const satisfies Record<string, AllocationClaim>;
type Key = keyof typeof C;
const CLAIMS: AllocationClaim[] = Object.values(C);
const keyOf = (id: number) => (Object.keys(C) as Key[]).find((k) => C[k].id === id)!;

type Row = [payment: number, claim: Key, amount: string, rule: string];
const rows = (result: AllocationResult): Row[] => result.allocations.map((a) => [a.paymentId, keyOf(a.claimId), a.amount, a.rule.split(':')[1]!]);
const run = (profile: AllocationProfile, payments: AllocationPayment[], claims = CLAIMS) => allocate({ profile, claims, payments });
const pay = (id: number, date: string, amount: string): AllocationPayment => ({ id, date, amount });

describe('allocation profiles: known answers', () => {
  it('names the profile and the rule on every row', () => {
    const result = run('LOAN_ALLOCATION_PROFILE_V1', [pay(1, '2025-01-20', '2500.00')]);
    expect(result.allocations.map((a) => a.rule)).toEqual(['LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE']);
  });

  // Exact installment: 2500.00 on 20 Jan, when only I1 (500) and P1 (2000) are due.
  const exactInstallment: Record<AllocationProfile, Row[]> = {
    LOAN_ALLOCATION_PROFILE_V1: [[1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'P1', '2000.00', 'PRINCIPAL_DUE']],
    LOAN_ALLOCATION_PROFILE_V2: [[1, 'I1', '500.00', 'INSTALLMENTS_DUE'], [1, 'P1', '2000.00', 'INSTALLMENTS_DUE']],
    LOAN_ALLOCATION_PROFILE_V3: [[1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'P1', '2000.00', 'PRINCIPAL_DUE']],
    CL_PE_ALLOCATION_PROFILE_V1: [[1, 'P1', '2000.00', 'PRINCIPAL_DUE'], [1, 'I1', '500.00', 'INTEREST_DUE']],
    CL_PE_ALLOCATION_PROFILE_V2: [[1, 'P1', '2000.00', 'INSTALLMENTS_DUE'], [1, 'I1', '500.00', 'INSTALLMENTS_DUE']],
    IL_SE_ALLOCATION_PROFILE: [[1, 'I1', '500.00', 'INSTALLMENTS_DUE'], [1, 'P1', '2000.00', 'INSTALLMENTS_DUE']],
    // Everything is due in enforcement: 2500 − C1 300 − PI1 35.40 − K1 1000 = 1164.60;
    // interest and fees oldest first: I1 500 → 664.60, I2 450 → 214.60, F2 100 → 114.60, I3 114.60.
    HARD_COLLECTION_PROFILE_V1: [
      [1, 'C1', '300.00', 'COSTS'],
      [1, 'PI1', '35.40', 'PENALTY_INTEREST'],
      [1, 'K1', '1000.00', 'CONTRACTUAL_PENALTY'],
      [1, 'I1', '500.00', 'INTEREST_AND_FEES'],
      [1, 'I2', '450.00', 'INTEREST_AND_FEES'],
      [1, 'F2', '100.00', 'INTEREST_AND_FEES'],
      [1, 'I3', '114.60', 'INTEREST_AND_FEES'],
    ],
    OTHER_PROFILE_V1: [[1, 'I1', '500.00', 'OLDEST_DUE'], [1, 'P1', '2000.00', 'OLDEST_DUE']],
    OTHER_PROFILE_V2: [[1, 'I1', '500.00', 'OTHER_DUE'], [1, 'P1', '2000.00', 'OTHER_DUE']],
  };

  // Partial payment: 1000.00 on 1 Mar; due then: everything but I3, P3.
  const partial: Record<AllocationProfile, Row[]> = {
    // C1 300 → 700, PI1 35.40 → 664.60, I1 500 → 164.60, I2 164.60.
    LOAN_ALLOCATION_PROFILE_V1: [[1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'], [1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'I2', '164.60', 'INTEREST_DUE']],
    // C1 300, PI1 35.40 → 664.60, then the first installment: I1 500 → 164.60, P1 164.60.
    LOAN_ALLOCATION_PROFILE_V2: [[1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'], [1, 'I1', '500.00', 'INSTALLMENTS_DUE'], [1, 'P1', '164.60', 'INSTALLMENTS_DUE']],
    LOAN_ALLOCATION_PROFILE_V3: [[1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'], [1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'I2', '164.60', 'INTEREST_DUE']],
    CL_PE_ALLOCATION_PROFILE_V1: [[1, 'P1', '1000.00', 'PRINCIPAL_DUE']],
    CL_PE_ALLOCATION_PROFILE_V2: [[1, 'P1', '1000.00', 'INSTALLMENTS_DUE']],
    // C1 300, PI1 35.40 → 664.60, K1 664.60.
    IL_SE_ALLOCATION_PROFILE: [[1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'], [1, 'K1', '664.60', 'CONTRACTUAL_PENALTY_DUE']],
    HARD_COLLECTION_PROFILE_V1: [[1, 'C1', '300.00', 'COSTS'], [1, 'PI1', '35.40', 'PENALTY_INTEREST'], [1, 'K1', '664.60', 'CONTRACTUAL_PENALTY']],
    // 20 Jan: I1 500 → 500 left, P1 500.
    OTHER_PROFILE_V1: [[1, 'I1', '500.00', 'OLDEST_DUE'], [1, 'P1', '500.00', 'OLDEST_DUE']],
    // Rent-period types due: F2 100 → 900; sanctions by due date: PI1 (21 Jan) 35.40 → 864.60, C1 (25 Feb) 300 → 564.60, K1 564.60.
    OTHER_PROFILE_V2: [[1, 'F2', '100.00', 'RENT_DUE'], [1, 'PI1', '35.40', 'SANCTIONS_DUE'], [1, 'C1', '300.00', 'SANCTIONS_DUE'], [1, 'K1', '564.60', 'SANCTIONS_DUE']],
  };

  // Several overdue installments with penalty interest: 4000.00 on 25 Mar, everything due.
  const overdue: Record<AllocationProfile, Row[]> = {
    // 4000 − 300 − 35.40 = 3664.60; interest I1 500, I2 450, I3 400 → 2314.60; F2 100 → 2214.60; P1 2000 → 214.60; P2 214.60.
    LOAN_ALLOCATION_PROFILE_V1: [
      [1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'],
      [1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'I2', '450.00', 'INTEREST_DUE'], [1, 'I3', '400.00', 'INTEREST_DUE'],
      [1, 'F2', '100.00', 'FEES_DUE'], [1, 'P1', '2000.00', 'PRINCIPAL_DUE'], [1, 'P2', '214.60', 'PRINCIPAL_DUE'],
    ],
    // 3664.60 after sanctions; I1 500 → 3164.60, P1 2000 → 1164.60, I2 450 → 714.60, F2 100 → 614.60, P2 614.60.
    LOAN_ALLOCATION_PROFILE_V2: [
      [1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'],
      [1, 'I1', '500.00', 'INSTALLMENTS_DUE'], [1, 'P1', '2000.00', 'INSTALLMENTS_DUE'],
      [1, 'I2', '450.00', 'INSTALLMENTS_DUE'], [1, 'F2', '100.00', 'INSTALLMENTS_DUE'], [1, 'P2', '614.60', 'INSTALLMENTS_DUE'],
    ],
    LOAN_ALLOCATION_PROFILE_V3: [
      [1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'],
      [1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'I2', '450.00', 'INTEREST_DUE'], [1, 'I3', '400.00', 'INTEREST_DUE'],
      [1, 'F2', '100.00', 'FEES_DUE'], [1, 'P1', '2000.00', 'PRINCIPAL_DUE'], [1, 'P2', '214.60', 'PRINCIPAL_DUE'],
    ],
    // Principal oldest first: P1 2000 → 2000, P2 2000 of 2050.
    CL_PE_ALLOCATION_PROFILE_V1: [[1, 'P1', '2000.00', 'PRINCIPAL_DUE'], [1, 'P2', '2000.00', 'PRINCIPAL_DUE']],
    // P1 2000 → 2000, I1 500 → 1500, P2 1500.
    CL_PE_ALLOCATION_PROFILE_V2: [[1, 'P1', '2000.00', 'INSTALLMENTS_DUE'], [1, 'I1', '500.00', 'INSTALLMENTS_DUE'], [1, 'P2', '1500.00', 'INSTALLMENTS_DUE']],
    // 4000 − 300 − 35.40 − 1000 = 2664.60; I1 500 → 2164.60, P1 2000 → 164.60, I2 164.60.
    IL_SE_ALLOCATION_PROFILE: [
      [1, 'C1', '300.00', 'COSTS_DUE'], [1, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'], [1, 'K1', '1000.00', 'CONTRACTUAL_PENALTY_DUE'],
      [1, 'I1', '500.00', 'INSTALLMENTS_DUE'], [1, 'P1', '2000.00', 'INSTALLMENTS_DUE'], [1, 'I2', '164.60', 'INSTALLMENTS_DUE'],
    ],
    // 2664.60 after sanctions; I1 500, I2 450, F2 100, I3 400 → 1214.60; P1 1214.60.
    HARD_COLLECTION_PROFILE_V1: [
      [1, 'C1', '300.00', 'COSTS'], [1, 'PI1', '35.40', 'PENALTY_INTEREST'], [1, 'K1', '1000.00', 'CONTRACTUAL_PENALTY'],
      [1, 'I1', '500.00', 'INTEREST_AND_FEES'], [1, 'I2', '450.00', 'INTEREST_AND_FEES'], [1, 'F2', '100.00', 'INTEREST_AND_FEES'],
      [1, 'I3', '400.00', 'INTEREST_AND_FEES'], [1, 'P1', '1214.60', 'PRINCIPAL'],
    ],
    // By due date: I1 500, P1 2000 → 1500, PI1 35.40 → 1464.60, I2 450 → 1014.60, F2 100 → 914.60, P2 914.60.
    OTHER_PROFILE_V1: [
      [1, 'I1', '500.00', 'OLDEST_DUE'], [1, 'P1', '2000.00', 'OLDEST_DUE'], [1, 'PI1', '35.40', 'OLDEST_DUE'],
      [1, 'I2', '450.00', 'OLDEST_DUE'], [1, 'F2', '100.00', 'OLDEST_DUE'], [1, 'P2', '914.60', 'OLDEST_DUE'],
    ],
    // F2 100 → 3900; PI1 35.40, C1 300, K1 1000 → 2564.60; I1 500, P1 2000 → 64.60; I2 64.60.
    OTHER_PROFILE_V2: [
      [1, 'F2', '100.00', 'RENT_DUE'], [1, 'PI1', '35.40', 'SANCTIONS_DUE'], [1, 'C1', '300.00', 'SANCTIONS_DUE'], [1, 'K1', '1000.00', 'SANCTIONS_DUE'],
      [1, 'I1', '500.00', 'OTHER_DUE'], [1, 'P1', '2000.00', 'OTHER_DUE'], [1, 'I2', '64.60', 'OTHER_DUE'],
    ],
  };

  // Overpayment before the last installment is due: 10000.00 on 1 Mar. Due then 8935.40 − I3 400
  // − P3 2100 = 6435.40, so 3564.60 is left for what is not yet due.
  const early: Record<AllocationProfile, { future: Row[]; credit: string }> = {
    LOAN_ALLOCATION_PROFILE_V1: { future: [[1, 'I3', '400.00', 'NEXT_INSTALLMENTS'], [1, 'P3', '2100.00', 'NEXT_INSTALLMENTS']], credit: '1064.60' },
    LOAN_ALLOCATION_PROFILE_V2: { future: [[1, 'I3', '400.00', 'NEXT_INSTALLMENTS'], [1, 'P3', '2100.00', 'NEXT_INSTALLMENTS']], credit: '1064.60' },
    // Principal from the last installment backwards; the future interest stays owed: 3564.60 − 2100.
    LOAN_ALLOCATION_PROFILE_V3: { future: [[1, 'P3', '2100.00', 'PRINCIPAL_PREPAYMENT']], credit: '1464.60' },
    CL_PE_ALLOCATION_PROFILE_V1: { future: [[1, 'I3', '400.00', 'NEXT_INSTALLMENTS'], [1, 'P3', '2100.00', 'NEXT_INSTALLMENTS']], credit: '1064.60' },
    CL_PE_ALLOCATION_PROFILE_V2: { future: [[1, 'I3', '400.00', 'NEXT_INSTALLMENTS'], [1, 'P3', '2100.00', 'NEXT_INSTALLMENTS']], credit: '1064.60' },
    IL_SE_ALLOCATION_PROFILE: { future: [[1, 'I3', '400.00', 'NEXT_INSTALLMENTS'], [1, 'P3', '2100.00', 'NEXT_INSTALLMENTS']], credit: '1064.60' },
    HARD_COLLECTION_PROFILE_V1: { future: [[1, 'I3', '400.00', 'INTEREST_AND_FEES'], [1, 'P3', '2100.00', 'PRINCIPAL']], credit: '1064.60' },
    OTHER_PROFILE_V1: { future: [[1, 'I3', '400.00', 'NEXT_DUE'], [1, 'P3', '2100.00', 'NEXT_DUE']], credit: '1064.60' },
    OTHER_PROFILE_V2: { future: [], credit: '3564.60' },
  };

  for (const profile of AllocationProfile.values) {
    describe(profile, () => {
      it('exact installment', () => {
        const result = run(profile, [pay(1, '2025-01-20', '2500.00')]);
        expect(rows(result)).toEqual(exactInstallment[profile]);
        expect(result.credit).toBe('0.00');
      });
      it('partial payment', () => {
        expect(rows(run(profile, [pay(1, '2025-03-01', '1000.00')]))).toEqual(partial[profile]);
      });
      it('several overdue installments with penalty interest', () => {
        expect(rows(run(profile, [pay(1, '2025-03-25', '4000.00')]))).toEqual(overdue[profile]);
      });
      it('overpayment with everything due: all paid, 10000 − 8935.40 = 1064.60 credit', () => {
        const result = run(profile, [pay(1, '2025-03-25', '10000.00')]);
        expect(result.credit).toBe('1064.60');
        expect(result.credits).toEqual([{ paymentId: 1, amount: '1064.60' }]);
        const paid = new Map<number, Decimal>();
        for (const a of result.allocations) paid.set(a.claimId, (paid.get(a.claimId) ?? new Decimal(0)).plus(a.amount));
        for (const c of CLAIMS) expect(paid.get(c.id)?.toFixed(2)).toBe(new Decimal(c.amount).toFixed(2));
      });
      it('overpayment before the last installment is due', () => {
        const result = run(profile, [pay(1, '2025-03-01', '10000.00')]);
        expect(rows(result).filter(([, claim]) => claim === 'I3' || claim === 'P3')).toEqual(early[profile].future);
        expect(result.credit).toBe(early[profile].credit);
      });
    });
  }

  // Two regular payments, then one dated between them arrives later (a higher id), or is
  // reassigned to the deal; the reverse is a reassignment away.
  it('back-dated payment between two others, and reassignment (LOAN V1)', () => {
    const p1 = pay(1, '2025-01-20', '2500.00');
    const p3 = pay(2, '2025-03-20', '2500.00');
    const p2 = pay(3, '2025-02-20', '2500.00');
    // Without p2 — p1: I1 500, P1 2000. p3 on 20 Mar: C1 300 → 2200, PI1 35.40 → 2164.60,
    // I2 450 → 1714.60, I3 400 → 1314.60, F2 100 → 1214.60, P2 1214.60.
    const without = run('LOAN_ALLOCATION_PROFILE_V1', [p1, p3]);
    expect(rows(without)).toEqual([
      [1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'P1', '2000.00', 'PRINCIPAL_DUE'],
      [2, 'C1', '300.00', 'COSTS_DUE'], [2, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'], [2, 'I2', '450.00', 'INTEREST_DUE'],
      [2, 'I3', '400.00', 'INTEREST_DUE'], [2, 'F2', '100.00', 'FEES_DUE'], [2, 'P2', '1214.60', 'PRINCIPAL_DUE'],
    ]);
    // With p2 — p2 on 20 Feb (C1 due 25 Feb not yet): PI1 35.40 → 2464.60, I2 450 → 2014.60,
    // F2 100 → 1914.60, P2 1914.60. p3: C1 300 → 2200, I3 400 → 1800, P2's 135.40 → 1664.60, P3 1664.60.
    const withIt = run('LOAN_ALLOCATION_PROFILE_V1', [p1, p3, p2]);
    expect(rows(withIt)).toEqual([
      [1, 'I1', '500.00', 'INTEREST_DUE'], [1, 'P1', '2000.00', 'PRINCIPAL_DUE'],
      [3, 'PI1', '35.40', 'PENALTY_INTEREST_DUE'], [3, 'I2', '450.00', 'INTEREST_DUE'], [3, 'F2', '100.00', 'FEES_DUE'], [3, 'P2', '1914.60', 'PRINCIPAL_DUE'],
      [2, 'C1', '300.00', 'COSTS_DUE'], [2, 'I3', '400.00', 'INTEREST_DUE'], [2, 'P2', '135.40', 'PRINCIPAL_DUE'], [2, 'P3', '1664.60', 'PRINCIPAL_DUE'],
    ]);
    // Reassigning p2 away gives back exactly the allocation without it.
    expect(run('LOAN_ALLOCATION_PROFILE_V1', [p3, p1])).toEqual(without);
  });

  it('back-dated payment between two others (CL_PE V1: principal first)', () => {
    const result = run('CL_PE_ALLOCATION_PROFILE_V1', [pay(1, '2025-01-20', '2500.00'), pay(2, '2025-03-20', '2500.00'), pay(3, '2025-02-20', '2500.00')]);
    // p1: P1 2000, I1 500. p2 (20 Feb): P2 2050 → 450, I2 450. p3 (20 Mar): P3 2100 → 400, I3 400.
    expect(rows(result)).toEqual([
      [1, 'P1', '2000.00', 'PRINCIPAL_DUE'], [1, 'I1', '500.00', 'INTEREST_DUE'],
      [3, 'P2', '2050.00', 'PRINCIPAL_DUE'], [3, 'I2', '450.00', 'INTEREST_DUE'],
      [2, 'P3', '2100.00', 'PRINCIPAL_DUE'], [2, 'I3', '400.00', 'INTEREST_DUE'],
    ]);
  });

  it('continues from what earlier allocations paid (a replay from a date)', () => {
    // P1 already has 1500 of 2000; 600 on 20 Jan: I1 500, P1's last 100.
    const claims = CLAIMS.map((c) => (c.id === C.P1.id ? { ...c, paid: '1500.00' } : c));
    expect(rows(run('LOAN_ALLOCATION_PROFILE_V1', [pay(9, '2025-01-20', '600.00')], claims))).toEqual([
      [9, 'I1', '500.00', 'INTEREST_DUE'],
      [9, 'P1', '100.00', 'PRINCIPAL_DUE'],
    ]);
  });

  it('refuses amounts that are not haléře, and claims paid over their amount', () => {
    expect(() => run('OTHER_PROFILE_V1', [pay(1, '2025-01-20', '0.001')])).toThrow(RangeError);
    expect(() => run('OTHER_PROFILE_V1', [], [{ ...C.I1, paid: '500.01' }])).toThrow(RangeError);
  });

  it('every profile reaches every claim type once due, so credit never sits beside a due debt', () => {
    for (const profile of AllocationProfile.values) {
      const covered = new Set(ALLOCATION_PROFILES[profile].flatMap((r) => r.types));
      expect([...ClaimType.values].filter((t) => !covered.has(t))).toEqual([]);
      const names = ALLOCATION_PROFILES[profile].map((r) => r.name);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});

describe('penalty interest owed only as accrued through the payment\'s day', () => {
  // P1 10 000.00 due 20 Jan 2025 (a business loan, no consumer cap); penalty interest PI on it
  // from 21 Jan at 12 % a year (repo 4 + 8 pp). The last close accrued PI through 20 Mar:
  // 59 days (21–31 Jan 11, Feb 28, Mar 20) × 10 000 × 12 / 36 500 = 193.972602… → 193.97.
  const P1: AllocationClaim = { id: 1, type: 'PRINCIPAL', dueDate: '2025-01-20', amount: '10000.00' };
  const PI: AllocationClaim = {
    id: 2,
    type: 'PENALTY_INTEREST',
    dueDate: '2025-01-21',
    amount: '193.97',
    penalty: { sourceClaimId: 1, startDay: '2025-01-21', cappedFrom: null, rate: '12', cappedRate: '12' },
  };

  it('a back-dated payment pays only the penalty accrued through its own date', () => {
    // 10 000.00 dated 19 Feb, booked on 20 Mar: PI through 19 Feb = 30 days (11 + 19)
    // × 10 000 × 12 / 36 500 = 98.630137 → 98.63; P1 gets 10 000 − 98.63 = 9 901.37.
    // (Before the fix the row on PI was the stored 193.97 and P1 got only 9 806.03.)
    const result = allocate({ profile: 'LOAN_ALLOCATION_PROFILE_V1', claims: [P1, PI], payments: [pay(1, '2025-02-19', '10000.00')] });
    expect(result.allocations.map((a) => [a.claimId, a.amount, a.rule.split(':')[1]])).toEqual([
      [2, '98.63', 'PENALTY_INTEREST_DUE'],
      [1, '9901.37', 'PRINCIPAL_DUE'],
    ]);
  });

  it('a later payment pays the penalty of the days between, on the lowered principal', () => {
    // From 20 Feb P1 owes 98.63, through 20 Mar (9 + 20 = 29 days). Owed-days through 20 Mar:
    // 10 000 × 59 − 9 901.37 × 29 = 590 000 − 287 139.73 = 302 860.27; × 12 / 36 500 =
    // 99.57049973 → 99.57; 98.63 paid, so PI owes 0.94. 200.00 on 20 Mar: PI 0.94, P1 98.63,
    // 100.43 credit.
    const result = allocate({
      profile: 'LOAN_ALLOCATION_PROFILE_V1',
      claims: [P1, PI],
      payments: [pay(1, '2025-02-19', '10000.00'), pay(2, '2025-03-20', '200.00')],
    });
    expect(result.allocations.filter((a) => a.paymentId === 2).map((a) => [a.claimId, a.amount])).toEqual([
      [2, '0.94'],
      [1, '98.63'],
    ]);
    expect(result.credit).toBe('100.43');
  });

  it('accrues as the close of business does: the consumer cap from the 91st day', () => {
    // Due 20 Jan, delay from 21 Jan; days 1–90 (21 Jan–20 Apr) at 12 %, from 21 Apr at 9 %.
    // Through 30 Apr: 1 000 × (12 × 90 + 9 × 10) / 36 500 = 1 170 000 / 36 500 = 32.054794… → 32.05.
    const p = { sourceClaimId: 1, startDay: '2025-01-21', cappedFrom: '2025-04-21', rate: '12', cappedRate: '9' };
    expect(penaltyAccruedThrough(p, { amount: '1000.00', history: [] }, '2025-04-30').toFixed(2)).toBe('32.05');
    // 400 paid on 10 Apr: lowers the owed amount from 11 Apr: 400 × (10 days to 20 Apr × 12 + 10 × 9)
    // = 400 × 210 = 84 000 less; (1 170 000 − 84 000) / 36 500 = 29.753424… → 29.75.
    expect(penaltyAccruedThrough(p, { amount: '1000.00', history: [{ date: '2025-04-10', amount: '400.00' }] }, '2025-04-30').toFixed(2)).toBe('29.75');
    expect(penaltyAccruedThrough(p, { amount: '1000.00', history: [] }, '2025-01-20').toFixed(2)).toBe('0.00');
  });
});

describe('credit used as claims fall due, and refunds', () => {
  // A lease under OTHER_PROFILE_V2 (nothing paid in advance): rent R1, R2, R3 of 10 000.00 due
  // on the 15th of Jan, Feb, Mar 2025.
  const R = (id: number, due: string): AllocationClaim => ({ id, type: 'RENT', dueDate: due, amount: '10000.00' });
  const claims = [R(1, '2025-01-15'), R(2, '2025-02-15'), R(3, '2025-03-15')];
  const payments = [pay(1, '2025-01-15', '25000.00'), pay(2, '2025-03-10', '1000.00')];
  const simple = (result: AllocationResult) => result.allocations.map((a) => [a.paymentId, a.claimId, a.amount, a.rule.split(':')[1], a.date]);

  it('pays each later due date from the oldest credit, in the profile\'s order', () => {
    // 25 000 on 15 Jan: R1 10 000, credit 15 000. 15 Feb: credit pays R2 10 000 → 5 000 left.
    // 10 Mar: 1 000, nothing due is owed → credit. 15 Mar: R3 from payment 1's 5 000, then
    // payment 2's 1 000 → R3 owes 4 000, no credit.
    const result = allocate({ profile: 'OTHER_PROFILE_V2', claims, payments, through: '2025-03-20' });
    expect(simple(result)).toEqual([
      [1, 1, '10000.00', 'RENT_DUE', '2025-01-15'],
      [1, 2, '10000.00', 'CREDIT', '2025-02-15'],
      [1, 3, '5000.00', 'CREDIT', '2025-03-15'],
      [2, 3, '1000.00', 'CREDIT', '2025-03-15'],
    ]);
    expect(result.credit).toBe('0.00');
  });

  it('uses nothing not yet due on the business date', () => {
    // Through 20 Feb: R2 paid by credit on 15 Feb; R3 (15 Mar) untouched: 5 000 + 1 000 credit.
    const result = allocate({ profile: 'OTHER_PROFILE_V2', claims, payments, through: '2025-02-20' });
    expect(result.allocations.map((a) => a.claimId)).toEqual([1, 2]);
    expect(result.credits).toEqual([{ paymentId: 1, amount: '5000.00' }, { paymentId: 2, amount: '1000.00' }]);
  });

  it('a refund takes credit out on its day; beyond the credit it is reported', () => {
    // Refund 2 000 on 20 Feb from payment 1's 5 000 → 3 000. 15 Mar: R3 gets 3 000 + 1 000.
    const refunds = [{ id: 7, date: '2025-02-20', amount: '2000.00' }];
    const result = allocate({ profile: 'OTHER_PROFILE_V2', claims, payments, refunds, through: '2025-03-20' });
    expect(simple(result).slice(2)).toEqual([
      [1, 3, '3000.00', 'CREDIT', '2025-03-15'],
      [2, 3, '1000.00', 'CREDIT', '2025-03-15'],
    ]);
    expect(result.refunded).toEqual([{ refundId: 7, paymentId: 1, amount: '2000.00' }]);
    // 6 000 refunded on 20 Feb when there were 5 000: 1 000 beyond the credit.
    const over = allocate({ profile: 'OTHER_PROFILE_V2', claims, payments, refunds: [{ id: 8, date: '2025-02-20', amount: '6000.00' }], through: '2025-03-20' });
    expect(over.refundedBeyondCredit).toEqual([{ refundId: 8, amount: '1000.00' }]);
    expect(over.allocations.filter((a) => a.claimId === 3)).toEqual([{ paymentId: 2, claimId: 3, amount: '1000.00', rule: 'OTHER_PROFILE_V2:CREDIT', date: '2025-03-15' }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random deals
// ---------------------------------------------------------------------------------------------

const day = fc.integer({ min: 0, max: 120 }).map((n) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10));
const cents = (max: number) => fc.integer({ min: 1, max }).map((n) => new Decimal(n).div(100).toFixed(2));
const deal = fc.record({
  profile: fc.constantFrom(...AllocationProfile.values),
  claims: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1000 }), type: fc.constantFrom(...ClaimType.values), dueDate: day, amount: cents(500_000) }), {
    maxLength: 14,
    selector: (c) => c.id,
  }),
  payments: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1000 }), date: day, amount: cents(800_000) }), { maxLength: 8, selector: (p) => p.id }),
});

const sum = (values: string[]) => values.reduce((s, v) => s.plus(v), new Decimal(0));
const byOrder = (a: AllocationPayment, b: AllocationPayment) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);

describe('allocation: properties', () => {
  it('each payment is placed whole: its rows plus its credit are its amount; the deal credit sums the credits', () => {
    fc.assert(
      fc.property(deal, ({ profile, claims, payments }) => {
        const result = allocate({ profile, claims, payments });
        for (const p of payments) {
          const placed = sum(result.allocations.filter((a) => a.paymentId === p.id).map((a) => a.amount));
          const credit = sum(result.credits.filter((c) => c.paymentId === p.id).map((c) => c.amount));
          expect(placed.plus(credit).toFixed(2)).toBe(new Decimal(p.amount).toFixed(2));
        }
        expect(sum(result.credits.map((c) => c.amount)).toFixed(2)).toBe(result.credit);
        expect(sum(result.allocations.map((a) => a.amount)).plus(result.credit).toFixed(2)).toBe(sum(payments.map((p) => p.amount)).toFixed(2));
      }),
      { numRuns: 300 },
    );
  });

  it('no claim is paid over its amount, no row is zero, and credit is left only when nothing due is owed', () => {
    fc.assert(
      fc.property(deal, ({ profile, claims, payments }) => {
        const result = allocate({ profile, claims, payments });
        const paid = new Map<number, Decimal>();
        for (const a of result.allocations) {
          expect(new Decimal(a.amount).gt(0)).toBe(true);
          paid.set(a.claimId, (paid.get(a.claimId) ?? new Decimal(0)).plus(a.amount));
        }
        for (const c of claims) expect((paid.get(c.id) ?? new Decimal(0)).lte(c.amount)).toBe(true);
        // A payment that left credit found every claim due on its day paid by it and the payments before it.
        const ordered = [...payments].sort(byOrder);
        for (const credit of result.credits) {
          const p = ordered.find((x) => x.id === credit.paymentId)!;
          const upTo = new Set(ordered.slice(0, ordered.indexOf(p) + 1).map((x) => x.id));
          for (const c of claims.filter((c) => c.dueDate <= p.date)) {
            const byThen = sum(result.allocations.filter((a) => a.claimId === c.id && upTo.has(a.paymentId)).map((a) => a.amount));
            expect(byThen.toFixed(2)).toBe(new Decimal(c.amount).toFixed(2));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a replay from any date equals one pass', () => {
    fc.assert(
      fc.property(deal, day, ({ profile, claims, payments }, from) => {
        const onePass = allocate({ profile, claims, payments });
        const before = payments.filter((p) => p.date < from);
        const after = payments.filter((p) => p.date >= from);
        const kept = allocate({ profile, claims, payments: before });
        const paid = new Map<number, Decimal>();
        for (const a of kept.allocations) paid.set(a.claimId, (paid.get(a.claimId) ?? new Decimal(0)).plus(a.amount));
        const replayed = allocate({ profile, claims: claims.map((c) => ({ ...c, paid: (paid.get(c.id) ?? new Decimal(0)).toFixed(2) })), payments: after });
        expect([...kept.allocations, ...replayed.allocations]).toEqual(onePass.allocations);
        expect([...kept.credits, ...replayed.credits]).toEqual(onePass.credits);
      }),
      { numRuns: 300 },
    );
  });

  // With credit used as claims fall due (through a business date) and refunds.
  const withCredit = fc.record({
    deal,
    through: day,
    refunds: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 1000 }), date: day, amount: cents(300_000) }), { maxLength: 3, selector: (r) => r.id }),
  });

  it('with credit used and refunds: every crown of a payment is placed, refunded or credit, and credit is never negative', () => {
    fc.assert(
      fc.property(withCredit, ({ deal: { profile, claims, payments }, through, refunds }) => {
        const result = allocate({ profile, claims, payments, refunds, through });
        for (const p of payments) {
          const placed = sum(result.allocations.filter((a) => a.paymentId === p.id).map((a) => a.amount));
          const refunded = sum(result.refunded.filter((r) => r.paymentId === p.id).map((r) => r.amount));
          const credit = sum(result.credits.filter((c) => c.paymentId === p.id).map((c) => c.amount));
          expect(placed.plus(refunded).plus(credit).toFixed(2)).toBe(new Decimal(p.amount).toFixed(2));
          expect(credit.isNegative()).toBe(false);
        }
        for (const r of refunds) {
          const taken = sum([...result.refunded, ...result.refundedBeyondCredit].filter((x) => x.refundId === r.id).map((x) => x.amount));
          expect(taken.toFixed(2)).toBe(new Decimal(r.amount).toFixed(2));
        }
        const paid = new Map<number, Decimal>();
        for (const a of result.allocations) {
          expect(a.rule.endsWith(':CREDIT') ? a.date <= through : true).toBe(true);
          paid.set(a.claimId, (paid.get(a.claimId) ?? new Decimal(0)).plus(a.amount));
        }
        for (const c of claims) expect((paid.get(c.id) ?? new Decimal(0)).lte(c.amount)).toBe(true);
        // Credit left at the end: nothing due by the business date is owed.
        if (new Decimal(result.credit).gt(0)) {
          for (const c of claims.filter((c) => c.dueDate <= through)) expect((paid.get(c.id) ?? new Decimal(0)).toFixed(2)).toBe(new Decimal(c.amount).toFixed(2));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with credit used and refunds: a replay from any date equals one pass', () => {
    fc.assert(
      fc.property(withCredit, day, ({ deal: { profile, claims, payments }, through, refunds }, from) => {
        const onePass = allocate({ profile, claims, payments, refunds, through });
        const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const before = payments.filter((p) => p.date < from);
        const kept = allocate({ profile, claims, payments: before, refunds: refunds.filter((r) => r.date < from), through: through < dayBefore ? through : dayBefore });
        // What the replay reads back from the database: kept rows per claim and per payment.
        const paid = new Map<number, Decimal>();
        const spent = new Map<number, Decimal>();
        for (const a of kept.allocations) {
          paid.set(a.claimId, (paid.get(a.claimId) ?? new Decimal(0)).plus(a.amount));
          spent.set(a.paymentId, (spent.get(a.paymentId) ?? new Decimal(0)).plus(a.amount));
        }
        const carried = before.map((p) => ({ paymentId: p.id, date: p.date, amount: new Decimal(p.amount).minus(spent.get(p.id) ?? 0).toFixed(2) })).filter((c) => c.amount !== '0.00');
        const replayed = allocate({
          profile,
          claims: claims.map((c) => ({ ...c, paid: (paid.get(c.id) ?? new Decimal(0)).toFixed(2) })),
          payments: payments.filter((p) => p.date >= from),
          carried,
          refunds,
          from,
          through,
        });
        expect([...kept.allocations, ...replayed.allocations]).toEqual(onePass.allocations);
        expect(replayed.credits).toEqual(onePass.credits);
        expect(replayed.credit).toBe(onePass.credit);
      }),
      { numRuns: 400 },
    );
  });

  it('with penalty interest: a payment never pays more of it than had accrued through its date, and a replay equals one pass', () => {
    const penaltyDeal = fc.record({
      deal,
      rate: fc.integer({ min: 100, max: 2000 }).map((n) => new Decimal(n).div(100).toFixed(2)),
      capped: fc.boolean(),
      through: day,
    });
    fc.assert(
      fc.property(penaltyDeal, day, ({ deal: { profile, claims, payments }, rate, capped, through }, from) => {
        const source = { id: 2001, type: 'PRINCIPAL' as const, dueDate: '2025-01-20', amount: '10000.00' };
        const spec = { sourceClaimId: source.id, startDay: '2025-01-21', cappedFrom: capped ? '2025-04-20' : null, rate, cappedRate: capped ? '5' : rate };
        // A stored amount far above any accrual (a stale close of a later day): not a bound.
        const pi = { id: 2002, type: 'PENALTY_INTEREST' as const, dueDate: '2025-01-21', amount: '5000.00', penalty: spec };
        const all = [...claims.filter((c) => c.type !== 'PENALTY_INTEREST'), source, pi];
        const result = allocate({ profile, claims: all, payments, through });
        // What was placed on PI by the end of each day never exceeds the accrual through that day.
        const history: { date: string; amount: string }[] = [];
        let paidPi = new Decimal(0);
        for (const a of result.allocations) {
          if (a.claimId === pi.id) {
            paidPi = paidPi.plus(a.amount);
            expect(paidPi.lte(penaltyAccruedThrough(spec, { amount: source.amount, history }, a.date))).toBe(true);
          }
          if (a.claimId === source.id) history.push({ date: a.date, amount: a.amount });
        }
        // Replay from `from` on top of the kept rows (as the database gives them back).
        const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const before = payments.filter((p) => p.date < from);
        const kept = allocate({ profile, claims: all, payments: before, through: through < dayBefore ? through : dayBefore });
        const paid = new Map<number, Decimal>();
        const spent = new Map<number, Decimal>();
        for (const a of kept.allocations) {
          paid.set(a.claimId, (paid.get(a.claimId) ?? new Decimal(0)).plus(a.amount));
          spent.set(a.paymentId, (spent.get(a.paymentId) ?? new Decimal(0)).plus(a.amount));
        }
        const replayed = allocate({
          profile,
          claims: all.map((c) => ({
            ...c,
            paid: (paid.get(c.id) ?? new Decimal(0)).toFixed(2),
            paidHistory: kept.allocations.filter((a) => a.claimId === c.id).map((a) => ({ date: a.date, amount: a.amount })),
          })),
          payments: payments.filter((p) => p.date >= from),
          carried: before.map((p) => ({ paymentId: p.id, date: p.date, amount: new Decimal(p.amount).minus(spent.get(p.id) ?? 0).toFixed(2) })).filter((c) => c.amount !== '0.00'),
          from,
          through,
        });
        expect([...kept.allocations, ...replayed.allocations]).toEqual(result.allocations);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order claims and payments are given in', () => {
    fc.assert(
      fc.property(deal, fc.integer(), ({ profile, claims, payments }, seed) => {
        const shuffle = <T,>(list: T[]) => list.map((v, i) => ({ v, k: (Math.imul(i + 1, seed | 1) >>> 0) % 1009 })).sort((a, b) => a.k - b.k).map((x) => x.v);
        expect(allocate({ profile, claims: shuffle(claims), payments: shuffle(payments) })).toEqual(allocate({ profile, claims, payments }));
      }),
      { numRuns: 300 },
    );
  });
});
