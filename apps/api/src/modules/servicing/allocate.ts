import Decimal from 'decimal.js';
import type { AllocationProfile, ClaimType } from '@lending/contracts';
import { ALLOCATION_PROFILES, type AllocationRule } from './allocation-profiles.ts';
import { DAY_COUNT_BASIS } from './penalty-law.ts';

// The allocation engine (SERVICING.md §5, docs/decisions/0033): one pure function for all
// profiles. The deal's history is walked day by day (only the days where something happens):
// on each day, first the credit left by earlier payments pays what has fallen due (when the
// caller gives `through`), then the day's payments run down the profile's rules, then the day's
// refunds take credit out. What no rule can place stays on its payment as credit. A penalty-
// interest claim is owed on a day only as far as it had accrued through that day, from the
// history of its source claim, so a back-dated payment never pays interest of later days. The
// same input always gives the same rows.

export interface PenaltyAccrual {
  /** The overdue claim the penalty interest runs on (must be among the claims). */
  sourceClaimId: number;
  /** YYYY-MM-DD: the first day of delay (the day after the due date and grace days). */
  startDay: string;
  /** YYYY-MM-DD: the first day at `cappedRate` (a consumer's 91st day of delay); null: never. */
  cappedFrom: string | null;
  /** Per cent a year. */
  rate: Decimal.Value;
  cappedRate: Decimal.Value;
}

export interface AllocationClaim {
  id: number;
  type: ClaimType;
  /** YYYY-MM-DD */
  dueDate: string;
  /** For a PENALTY_INTEREST claim with `penalty`, only an upper bound the caller keeps in step (see below). */
  amount: Decimal.Value;
  /** Already paid by allocations kept outside this run (a replay from a date); 0 by default. */
  paid?: Decimal.Value;
  /** When those kept allocations were placed (needed for the source claims of penalty interest). */
  paidHistory?: readonly { date: string; amount: Decimal.Value }[];
  /**
   * Penalty interest accrued day by day: what the claim owes on a day is its accrual through
   * that day (the close of business's formula, docs/decisions/0033) less what was paid on it;
   * the stored `amount` (last close's accrual) is not a bound.
   */
  penalty?: PenaltyAccrual;
}

export interface AllocationPayment {
  id: number;
  /** YYYY-MM-DD, the day the money arrived. */
  date: string;
  amount: Decimal.Value;
}

/** An outgoing refund of overpayment: takes credit out of the deal on its day. */
export interface AllocationRefund {
  id: number;
  date: string;
  amount: Decimal.Value;
}

/** Credit a payment before the run's `from` still carries (its amount less its kept allocations). */
export interface CarriedCredit {
  paymentId: number;
  /** The payment's date. */
  date: string;
  amount: Decimal.Value;
}

export interface AllocationRow {
  paymentId: number;
  claimId: number;
  /** Decimal string, two places. */
  amount: string;
  /** "<profile>:<rule>": which rule of which profile placed it; "<profile>:CREDIT" for credit used later. */
  rule: string;
  /** YYYY-MM-DD: the day it was placed (the payment's date, or the day credit was used). */
  date: string;
}

export interface AllocationResult {
  allocations: AllocationRow[];
  /** What of each payment is left as credit at the end (after credit used and refunds), by date and id. */
  credits: { paymentId: number; amount: string }[];
  /** The deal's credit at the end, decimal string. */
  credit: string;
  /** Which payment's credit each refund took. */
  refunded: { refundId: number; paymentId: number; amount: string }[];
  /** Refunds beyond the credit there was on their day (booked anyway; staff see it). */
  refundedBeyondCredit: { refundId: number; amount: string }[];
}

export interface AllocationInput {
  profile: AllocationProfile;
  claims: readonly AllocationClaim[];
  payments: readonly AllocationPayment[];
  /** Credit of payments dated before `from`, to be used on or after it. */
  carried?: readonly CarriedCredit[];
  /** All refunds of the deal; those before `from` are taken from `carried` first. */
  refunds?: readonly AllocationRefund[];
  /** YYYY-MM-DD: the run continues history from this day (default: the first payment's). */
  from?: string;
  /** YYYY-MM-DD, the business date: credit pays claims as they fall due up to it. Without it credit is never used. */
  through?: string;
}

const byDateThenId = <T extends { date: string; id: number }>(a: T, b: T) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

interface OpenClaim {
  id: number;
  type: ClaimType;
  dueDate: string;
  owed: Decimal;
  paid: Decimal;
  penalty: (PenaltyAccrual & { source: OpenClaim }) | undefined;
  /** Placements on this claim: (day number, amount), kept ones and this run's. */
  history: { day: number; amount: Decimal }[];
  amount: Decimal;
}

/**
 * Penalty interest of `p` accrued through day `through` (inclusive), exactly as the close of
 * business computes it (delinquency.ts accruePenaltyInterest): rate/100 × Σ over days of delay of
 * what of the source was owed that day / 365, rounded to 8 places (`exact`, the close's
 * accrued_exact), then half-up to the haléř (`amount`). A payment on day x lowers what is owed
 * from day x + 1, so the day's own payments do not change it.
 */
export function penaltyAccrual(
  p: PenaltyAccrual,
  source: { amount: Decimal.Value; history: readonly { date: string; amount: Decimal.Value }[] },
  through: string,
): { exact: Decimal; amount: Decimal } {
  const exact = accruedExact(
    { ...p, source: { amount: new Decimal(source.amount), history: source.history.map((h) => ({ day: dayNumber(h.date), amount: new Decimal(h.amount) })) } },
    dayNumber(through),
  );
  return { exact, amount: exact.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) };
}

/** penaltyAccrual's amount in haléře. */
export function penaltyAccruedThrough(p: PenaltyAccrual, source: { amount: Decimal.Value; history: readonly { date: string; amount: Decimal.Value }[] }, through: string): Decimal {
  return penaltyAccrual(p, source, through).amount;
}

function accruedExact(p: PenaltyAccrual & { source: Pick<OpenClaim, 'amount' | 'history'> }, target: number): Decimal {
  const start = dayNumber(p.startDay);
  if (target < start) return new Decimal(0);
  const capFrom = p.cappedFrom === null ? Infinity : dayNumber(p.cappedFrom);
  // Owed-days in [a, b] of the source: amount × days less each payment × its days in the window after it.
  const owedDays = (a: number, b: number) => {
    if (b < a) return new Decimal(0);
    let total = p.source.amount.times(b - a + 1);
    for (const h of p.source.history) total = total.minus(h.amount.times(Math.max(0, b - Math.max(a, h.day + 1) + 1)));
    return total;
  };
  const w1 = owedDays(start, Math.min(target, capFrom - 1));
  const w2 = capFrom === Infinity ? new Decimal(0) : owedDays(Math.max(start, capFrom), target);
  return new Decimal(p.rate).times(w1).plus(new Decimal(p.cappedRate).times(w2)).div(100 * DAY_COUNT_BASIS).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
}

const accrued = (p: PenaltyAccrual & { source: Pick<OpenClaim, 'amount' | 'history'> }, target: number): Decimal =>
  accruedExact(p, target).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** What claim `c` owes on day `day` (a penalty claim: its accrual through the day less what was paid). */
function owedOn(c: OpenClaim, day: string): Decimal {
  if (!c.penalty) return c.owed;
  return Decimal.max(0, accrued(c.penalty, dayNumber(day)).minus(c.paid));
}

/** Claims a rule takes on `day`, in the order it takes them: due date, then its type order, then id. */
function candidates(rule: AllocationRule, claims: readonly OpenClaim[], day: string, dueOnly: boolean): OpenClaim[] {
  const rank = (type: ClaimType) => rule.types.indexOf(type);
  const direction = rule.order === 'OLDEST_FIRST' ? 1 : -1;
  return claims
    .filter((c) => rank(c.type) >= 0 && ((rule.scope === 'ALSO_FUTURE' && !dueOnly) || c.dueDate <= day) && owedOn(c, day).gt(0))
    .sort((a, b) => (a.dueDate !== b.dueDate ? (a.dueDate < b.dueDate ? -direction : direction) : rank(a.type) - rank(b.type) || a.id - b.id));
}

function money(value: Decimal.Value, what: string): Decimal {
  const d = new Decimal(value);
  if (!d.isFinite() || d.isNegative() || !d.eq(d.toDecimalPlaces(2))) throw new RangeError(`${what}: ${String(value)} is not an amount in haléře`);
  return d;
}

interface Pot {
  paymentId: number;
  date: string;
  left: Decimal;
}

export function allocate(input: AllocationInput): AllocationResult {
  const rules = ALLOCATION_PROFILES[input.profile];
  const creditRule = `${input.profile}:CREDIT`;
  const open: OpenClaim[] = input.claims.map((c) => {
    const amount = money(c.amount, `claim ${c.id}`);
    const paid = money(c.paid ?? 0, `claim ${c.id} paid`);
    const owed = amount.minus(paid);
    if (owed.isNegative() && !c.penalty) throw new RangeError(`claim ${c.id} is paid over its amount`);
    const history = (c.paidHistory ?? []).map((h) => ({ day: dayNumber(h.date), amount: money(h.amount, `claim ${c.id} history`) }));
    return { id: c.id, type: c.type, dueDate: c.dueDate, owed: Decimal.max(owed, 0), paid, amount, history, penalty: undefined };
  });
  const byId = new Map(open.map((c) => [c.id, c]));
  for (const [i, c] of input.claims.entries()) {
    if (!c.penalty) continue;
    const source = byId.get(c.penalty.sourceClaimId);
    if (!source) throw new RangeError(`claim ${c.id}: its source claim ${c.penalty.sourceClaimId} is not given`);
    open[i]!.penalty = { ...c.penalty, source };
  }

  const allocations: AllocationRow[] = [];
  const refunded: AllocationResult['refunded'] = [];
  const refundedBeyondCredit: AllocationResult['refundedBeyondCredit'] = [];
  const pots: Pot[] = (input.carried ?? []).map((c) => ({ paymentId: c.paymentId, date: c.date, left: money(c.amount, `credit of payment ${c.paymentId}`) }));
  const payments = [...input.payments].sort(byDateThenId);
  const refunds = [...(input.refunds ?? [])].sort(byDateThenId);
  const from = input.from ?? payments[0]?.date ?? '0000-01-01';
  const through = input.through;

  const place = (paymentId: number, claim: OpenClaim, amount: Decimal, rule: string, date: string) => {
    claim.owed = Decimal.max(0, claim.owed.minus(amount));
    claim.paid = claim.paid.plus(amount);
    claim.history.push({ day: dayNumber(date), amount });
    allocations.push({ paymentId, claimId: claim.id, amount: amount.toFixed(2), rule, date });
  };
  const potsInOrder = () => pots.filter((p) => p.left.gt(0)).sort((a, b) => byDateThenId({ date: a.date, id: a.paymentId }, { date: b.date, id: b.paymentId }));
  const refund = (r: AllocationRefund) => {
    let left = money(r.amount, `refund ${r.id}`);
    for (const pot of potsInOrder()) {
      if (pot.date > r.date || left.isZero()) continue;
      const amount = Decimal.min(left, pot.left);
      pot.left = pot.left.minus(amount);
      left = left.minus(amount);
      refunded.push({ refundId: r.id, paymentId: pot.paymentId, amount: amount.toFixed(2) });
    }
    if (left.gt(0)) refundedBeyondCredit.push({ refundId: r.id, amount: left.toFixed(2) });
  };
  // Credit of earlier payments pays what is due on `day`, oldest credit first, in the profile's order.
  const useCredit = (day: string) => {
    let queue = potsInOrder();
    if (!queue.length) return;
    for (const rule of rules) {
      for (const claim of candidates(rule, open, day, true)) {
        let owed = owedOn(claim, day);
        while (owed.gt(0) && queue.length) {
          const pot = queue[0]!;
          const amount = Decimal.min(owed, pot.left);
          pot.left = pot.left.minus(amount);
          owed = owed.minus(amount);
          place(pot.paymentId, claim, amount, creditRule, day);
          if (pot.left.isZero()) queue = queue.slice(1);
        }
        if (!queue.length) return;
      }
    }
  };

  for (const r of refunds.filter((x) => x.date < from)) refund(r);

  const days = new Set<string>([...payments.map((p) => p.date), ...refunds.filter((r) => r.date >= from).map((r) => r.date)]);
  if (through !== undefined && from <= through) {
    days.add(from);
    days.add(through);
    for (const c of open) if (c.dueDate >= from && c.dueDate <= through) days.add(c.dueDate);
  }
  for (const day of [...days].filter((d) => d >= from).sort()) {
    if (through !== undefined && day <= through) useCredit(day);
    for (const payment of payments.filter((p) => p.date === day)) {
      let left = money(payment.amount, `payment ${payment.id}`);
      for (const rule of rules) {
        if (left.isZero()) break;
        for (const claim of candidates(rule, open, payment.date, false)) {
          const amount = Decimal.min(left, owedOn(claim, day));
          left = left.minus(amount);
          place(payment.id, claim, amount, `${input.profile}:${rule.name}`, day);
          if (left.isZero()) break;
        }
      }
      pots.push({ paymentId: payment.id, date: payment.date, left });
    }
    for (const r of refunds.filter((x) => x.date === day)) refund(r);
  }
  const credits = potsInOrder().map((p) => ({ paymentId: p.paymentId, amount: p.left.toFixed(2) }));
  const credit = credits.reduce((s, c) => s.plus(c.amount), new Decimal(0));
  return { allocations, credits, credit: credit.toFixed(2), refunded, refundedBeyondCredit };
}
