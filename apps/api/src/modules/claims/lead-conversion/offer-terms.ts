import { Decimal } from 'decimal.js';
import { addMonths, dayNumber, isoDay } from '../../../domain/dates.ts';
import { dueDateOf } from '../schedule/compute-schedule.ts';

// The first deal model of a lead's accepted offer (docs/decisions/0025). An offer names the
// amount and the monthly installment (or, irregular, counts of payments); the rest are the
// lender's defaults, which staff review in the DRAFT before the contract.

/** The lender's list rate, per cent p.a.: offers carry none. */
export const DEFAULT_ANNUAL_RATE = '14.9000';
/** Installments fall due on the 15th. */
export const DEFAULT_DUE_DAY = 15;
/** The payout is planned a week after the deal is made. */
export const PAYOUT_AFTER_DAYS = 7;

/**
 * The number of monthly annuity payments of at most `installment` that repay `principal` at
 * `annualRate` %: n = ⌈ln(A / (A − P·r)) / ln(1 + r)⌉ (⌈P / A⌉ without interest), within 1–600.
 * An installment that does not cover a month's interest gets the longest term.
 */
export function termForInstallment(principal: Decimal.Value, installment: Decimal.Value, annualRate: Decimal.Value): number {
  const p = new Decimal(principal);
  const a = new Decimal(installment);
  const r = new Decimal(annualRate).div(1200);
  let n: Decimal;
  if (r.isZero()) n = p.div(a).ceil();
  else if (a.lte(p.mul(r))) n = new Decimal(600);
  else n = a.div(a.minus(p.mul(r))).ln().div(r.plus(1).ln()).ceil();
  return Math.min(600, Math.max(1, n.toNumber()));
}

/** Payout `PAYOUT_AFTER_DAYS` after `today`; the first installment on the due day of the next month. */
export function payoutDates(today: string): { disbursementDate: string; firstDueDate: string } {
  const payout = dayNumber(today) + PAYOUT_AFTER_DAYS;
  const nextMonth = addMonths(payout - (Number(isoDay(payout).slice(8, 10)) - 1), 1);
  return { disbursementDate: isoDay(payout), firstDueDate: dueDateOf(isoDay(nextMonth), DEFAULT_DUE_DAY, 0) };
}
