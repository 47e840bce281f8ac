import Decimal from 'decimal.js';
import type { AllocationProfile, ClaimType } from '@lending/contracts';
import { ALLOCATION_PROFILES, type AllocationRule } from './allocation-profiles.ts';

// The allocation engine (SERVICING.md §5, docs/decisions/0033): one pure function for all
// profiles. Payments are taken by date, then id; each runs down the profile's rules and puts
// on each claim what is still owed on it, until the payment is spent. What no rule can place is
// credit on the deal. The same claims and payments always give the same rows.

export interface AllocationClaim {
  id: number;
  type: ClaimType;
  /** YYYY-MM-DD */
  dueDate: string;
  amount: Decimal.Value;
  /** Already paid by allocations kept outside this run (a replay from a date); 0 by default. */
  paid?: Decimal.Value;
}

export interface AllocationPayment {
  id: number;
  /** YYYY-MM-DD, the day the money arrived. */
  date: string;
  amount: Decimal.Value;
}

export interface AllocationRow {
  paymentId: number;
  claimId: number;
  /** Decimal string, two places. */
  amount: string;
  /** "<profile>:<rule>": which rule of which profile placed it. */
  rule: string;
}

export interface AllocationResult {
  allocations: AllocationRow[];
  /** What of each payment no rule could place, left on the deal as credit. */
  credits: { paymentId: number; amount: string }[];
  /** The deal's credit from these payments, decimal string. */
  credit: string;
}

const byPaymentOrder = (a: AllocationPayment, b: AllocationPayment) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);

/** Claims a rule takes, in the order it takes them: due date, then its type order, then id. */
function candidates(rule: AllocationRule, claims: readonly OpenClaim[], day: string): OpenClaim[] {
  const rank = (type: ClaimType) => rule.types.indexOf(type);
  const direction = rule.order === 'OLDEST_FIRST' ? 1 : -1;
  return claims
    .filter((c) => rank(c.type) >= 0 && c.owed.gt(0) && (rule.scope === 'ALSO_FUTURE' || c.dueDate <= day))
    .sort((a, b) => (a.dueDate !== b.dueDate ? (a.dueDate < b.dueDate ? -direction : direction) : rank(a.type) - rank(b.type) || a.id - b.id));
}

interface OpenClaim {
  id: number;
  type: ClaimType;
  dueDate: string;
  owed: Decimal;
}

function money(value: Decimal.Value, what: string): Decimal {
  const d = new Decimal(value);
  if (!d.isFinite() || d.isNegative() || !d.eq(d.toDecimalPlaces(2))) throw new RangeError(`${what}: ${String(value)} is not an amount in haléře`);
  return d;
}

export function allocate(input: { profile: AllocationProfile; claims: readonly AllocationClaim[]; payments: readonly AllocationPayment[] }): AllocationResult {
  const rules = ALLOCATION_PROFILES[input.profile];
  const open: OpenClaim[] = input.claims.map((c) => {
    const owed = money(c.amount, `claim ${c.id}`).minus(money(c.paid ?? 0, `claim ${c.id} paid`));
    if (owed.isNegative()) throw new RangeError(`claim ${c.id} is paid over its amount`);
    return { id: c.id, type: c.type, dueDate: c.dueDate, owed };
  });
  const allocations: AllocationRow[] = [];
  const credits: AllocationResult['credits'] = [];
  let credit = new Decimal(0);
  for (const payment of [...input.payments].sort(byPaymentOrder)) {
    let left = money(payment.amount, `payment ${payment.id}`);
    for (const rule of rules) {
      if (left.isZero()) break;
      for (const claim of candidates(rule, open, payment.date)) {
        const amount = Decimal.min(left, claim.owed);
        claim.owed = claim.owed.minus(amount);
        left = left.minus(amount);
        allocations.push({ paymentId: payment.id, claimId: claim.id, amount: amount.toFixed(2), rule: `${input.profile}:${rule.name}` });
        if (left.isZero()) break;
      }
    }
    if (left.gt(0)) {
      credits.push({ paymentId: payment.id, amount: left.toFixed(2) });
      credit = credit.plus(left);
    }
  }
  return { allocations, credits, credit: credit.toFixed(2) };
}
