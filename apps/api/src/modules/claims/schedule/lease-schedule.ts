import { Decimal } from 'decimal.js';
import { dealModelMessages } from '@lending/contracts';
import { addMonths, dayNumber, isoDay } from '../../../domain/dates.ts';
import { dueDateOf, InvalidScheduleTerms } from './compute-schedule.ts';

// The rent schedule of a lease and of a sale and leaseback (docs/decisions/0025). Rent is a
// fixed monthly amount, so nothing is rounded: every amount is one the contract names.

export interface LeaseTerms {
  /** `YYYY-MM-DD`: the first day of the lease (the model's disbursement_date). */
  leaseStart: string;
  termMonths: number;
  /** `YYYY-MM-DD`: the first rent's due date, on the due day. */
  firstDueDate: string;
  dueDay: number;
  /** Null: not given (a field error). */
  monthlyRent: Decimal.Value | null;
  servicesAdvance?: Decimal.Value;
  deposit?: Decimal.Value;
  monthlyFee?: Decimal.Value;
  /** Sale and leaseback: the seller buys the property back for `price` by `deadline` (null: not given). */
  buyback?: { price: Decimal.Value | null; deadline: string | null } | null;
}

export interface LeaseRow {
  number: number;
  dueDate: string;
  /** The month of the lease the rent pays for (the buy-back row: the whole lease). */
  periodFrom: string;
  periodTo: string;
  rent: Decimal;
  servicesAdvance: Decimal;
  /** The deposit, with the first rent. */
  deposit: Decimal;
  fees: Decimal;
  purchasePrice: Decimal;
  installment: Decimal;
}

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const ZERO = new D(0);

function validate(terms: LeaseTerms): void {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!Number.isInteger(terms.termMonths) || terms.termMonths < 1 || terms.termMonths > 600) add('term_months', 'Doba nájmu musí být 1 až 600 měsíců.');
  const dueDayValid = Number.isInteger(terms.dueDay) && terms.dueDay >= 1 && terms.dueDay <= 31;
  if (!dueDayValid) add('due_day', 'Den splatnosti musí být 1 až 31.');
  if (terms.monthlyRent === null || !new D(terms.monthlyRent).gt(0)) add('parameters.monthly_rent', dealModelMessages.monthlyRent);
  const start = dayNumber(terms.leaseStart);
  const first = dayNumber(terms.firstDueDate);
  if (dueDayValid && dueDateOf(terms.firstDueDate, terms.dueDay, 0) !== terms.firstDueDate) add('first_due_date', 'První splátka musí připadnout na den splatnosti.');
  if (first <= start) add('first_due_date', dealModelMessages.firstRentAfterStart);
  else if (first > addMonths(start, 2)) add('first_due_date', dealModelMessages.firstRentWithinTwoMonths);
  if (terms.buyback) {
    if (terms.buyback.price === null || !new D(terms.buyback.price).gt(0)) add('parameters.buyback_price', dealModelMessages.buybackPrice);
    if (terms.buyback.deadline === null) add('parameters.buyback_deadline', dealModelMessages.buybackDeadline);
    else if (dayNumber(terms.buyback.deadline) <= start) add('parameters.buyback_deadline', dealModelMessages.buybackDeadlineAfterStart);
  }
  if (Object.keys(errors).length) throw new InvalidScheduleTerms(errors);
}

/**
 * One row per month of the lease: rent, services advance and fee due on the due day, the deposit
 * with the first rent; for a sale and leaseback one more row, the buy-back price at its deadline.
 * Rows are numbered in the order they fall due (the buy-back after a rent of the same day).
 */
export function computeLeaseSchedule(terms: LeaseTerms): LeaseRow[] {
  validate(terms);
  const start = dayNumber(terms.leaseStart);
  const rent = new D(terms.monthlyRent!);
  const services = new D(terms.servicesAdvance ?? 0);
  const fees = new D(terms.monthlyFee ?? 0);
  const deposit = new D(terms.deposit ?? 0);
  const rows: Omit<LeaseRow, 'number'>[] = [];
  for (let i = 0; i < terms.termMonths; i++) {
    const rowDeposit = i === 0 ? deposit : ZERO;
    rows.push({
      dueDate: dueDateOf(terms.firstDueDate, terms.dueDay, i),
      periodFrom: isoDay(addMonths(start, i)),
      periodTo: isoDay(addMonths(start, i + 1) - 1),
      rent,
      servicesAdvance: services,
      deposit: rowDeposit,
      fees,
      purchasePrice: ZERO,
      installment: rent.plus(services).plus(fees).plus(rowDeposit),
    });
  }
  if (terms.buyback) {
    const price = new D(terms.buyback.price!);
    const row = {
      dueDate: terms.buyback.deadline!,
      periodFrom: terms.leaseStart,
      periodTo: isoDay(addMonths(start, terms.termMonths) - 1),
      rent: ZERO,
      servicesAdvance: ZERO,
      deposit: ZERO,
      fees: ZERO,
      purchasePrice: price,
      installment: price,
    };
    const at = rows.findIndex((r) => r.dueDate > row.dueDate);
    rows.splice(at < 0 ? rows.length : at, 0, row);
  }
  return rows.map((row, i) => ({ number: i + 1, ...row }));
}
