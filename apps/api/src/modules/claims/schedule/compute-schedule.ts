import { Decimal } from 'decimal.js';
import { addMonths, dayNumber, isoDay } from '../../../domain/dates.ts';

// The repayment schedule of a deal model (SERVICING.md §3). Exact decimals throughout: amounts
// are rounded half-up to the haléř once each, where they are born (an interest, an installment),
// and the last installment takes whatever the rounding left, so principal parts sum exactly.

export type InstallmentType = 'ANNUITY' | 'LINEAR' | 'BULLET';

export interface ScheduleTerms {
  /** CZK lent. */
  principal: Decimal.Value;
  /** Per cent per annum, e.g. 12.5. */
  annualInterestRate: Decimal.Value;
  termMonths: number;
  /** `YYYY-MM-DD`: the day the money is paid out; interest runs from here. */
  disbursementDate: string;
  /** `YYYY-MM-DD`: the first installment's due date, on the due day. */
  firstDueDate: string;
  /** Day of the month installments fall due (1–31; shorter months use their last day). */
  dueDay: number;
  installmentType: InstallmentType;
  /** A fee charged with every installment (account keeping), CZK. */
  monthlyFee?: Decimal.Value;
}

export interface ScheduleRow {
  number: number;
  /** `YYYY-MM-DD` */
  dueDate: string;
  /** principal + interest + fees */
  installment: Decimal;
  principal: Decimal;
  interest: Decimal;
  fees: Decimal;
  /** Principal still owed after this installment. */
  balance: Decimal;
}

/** Why terms cannot make a schedule, per field, in Czech (shown to staff). */
export class InvalidScheduleTerms extends Error {
  readonly fields: Record<string, string[]>;
  constructor(fields: Record<string, string[]>) {
    super(Object.values(fields).flat().join(' '));
    this.fields = fields;
  }
}

const HALER = 2;
const round = (value: Decimal) => value.toDecimalPlaces(HALER, Decimal.ROUND_HALF_UP);
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** The due date of installment `index` (0-based): the due day of the month, clamped to its end. */
export function dueDateOf(firstDueDate: string, dueDay: number, index: number): string {
  const first = dayNumber(firstDueDate);
  const monthStart = addMonths(first - (Number(firstDueDate.slice(8, 10)) - 1), index);
  const start = isoDay(monthStart);
  const lastDay = new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0)).getUTCDate();
  return isoDay(monthStart + Math.min(dueDay, lastDay) - 1);
}

function validate(terms: ScheduleTerms): void {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const principal = new D(terms.principal);
  const rate = new D(terms.annualInterestRate);
  if (!principal.isFinite() || principal.lte(0) || !principal.eq(round(principal))) add('principal', 'Jistina musí být kladná částka v korunách a haléřích.');
  if (!rate.isFinite() || rate.lt(0) || rate.gt(100)) add('annual_interest_rate', 'Úroková sazba musí být mezi 0 a 100 % ročně.');
  if (!Number.isInteger(terms.termMonths) || terms.termMonths < 1 || terms.termMonths > 600) add('term_months', 'Doba splácení musí být 1 až 600 měsíců.');
  if (!Number.isInteger(terms.dueDay) || terms.dueDay < 1 || terms.dueDay > 31) add('due_day', 'Den splatnosti musí být 1 až 31.');
  const fee = new D(terms.monthlyFee ?? 0);
  if (!fee.isFinite() || fee.lt(0) || !fee.eq(round(fee))) add('monthly_fee', 'Měsíční poplatek musí být nezáporná částka.');
  const disbursed = dayNumber(terms.disbursementDate);
  const first = dayNumber(terms.firstDueDate);
  if (Number.isInteger(terms.dueDay) && terms.dueDay >= 1 && terms.dueDay <= 31 && dueDateOf(terms.firstDueDate, terms.dueDay, 0) !== terms.firstDueDate) {
    add('first_due_date', 'První splátka musí připadnout na den splatnosti.');
  }
  if (first <= disbursed) add('first_due_date', 'První splátka musí být až po výplatě úvěru.');
  else if (first > addMonths(disbursed, 2)) add('first_due_date', 'První splátka musí být nejpozději dva měsíce po výplatě úvěru.');
  if (Object.keys(errors).length) throw new InvalidScheduleTerms(errors);
}

/**
 * Interest of the first period. A whole month (paid out on the 7th, first due on the 7th of the
 * next month) is a regular period at the monthly rate; any other first period accrues daily,
 * actual days / 365, on the principal (úrok za první neúplné období).
 */
function firstPeriodInterest(terms: ScheduleTerms, principal: Decimal, monthlyRate: Decimal): Decimal {
  const disbursed = dayNumber(terms.disbursementDate);
  const first = dayNumber(terms.firstDueDate);
  if (addMonths(disbursed, 1) === first) return round(principal.mul(monthlyRate));
  const days = first - disbursed;
  return round(principal.mul(new D(terms.annualInterestRate).div(100)).mul(days).div(365));
}

/**
 * The level installment staff quote: an annuity's payment, a linear schedule's installment for a
 * whole first month, a bullet's monthly interest; fees included.
 */
export function levelInstallment(terms: ScheduleTerms): Decimal {
  const principal = new D(terms.principal);
  const monthlyRate = new D(terms.annualInterestRate).div(100).div(12);
  const fees = round(new D(terms.monthlyFee ?? 0));
  const n = terms.termMonths;
  if (terms.installmentType === 'ANNUITY') {
    return (monthlyRate.isZero() ? round(principal.div(n)) : round(principal.mul(monthlyRate).div(new D(1).minus(monthlyRate.plus(1).pow(-n))))).plus(fees);
  }
  const interest = round(principal.mul(monthlyRate));
  return (terms.installmentType === 'LINEAR' ? round(principal.div(n)).plus(interest) : interest).plus(fees);
}

/** The schedule of a deal model: one row per monthly installment. */
export function computeSchedule(terms: ScheduleTerms): ScheduleRow[] {
  validate(terms);
  const principal = new D(terms.principal);
  const monthlyRate = new D(terms.annualInterestRate).div(100).div(12);
  const fees = round(new D(terms.monthlyFee ?? 0));
  const n = terms.termMonths;
  // The level payment of an annuity: P·r / (1 − (1 + r)^−n), or P / n without interest.
  const annuity = monthlyRate.isZero() ? round(principal.div(n)) : round(principal.mul(monthlyRate).div(new D(1).minus(monthlyRate.plus(1).pow(-n))));
  const linearPart = round(principal.div(n));

  const rows: ScheduleRow[] = [];
  let balance = principal;
  for (let i = 0; i < n; i++) {
    const last = i === n - 1;
    const regularInterest = round(balance.mul(monthlyRate));
    const interest = i === 0 ? firstPeriodInterest(terms, principal, monthlyRate) : regularInterest;
    let principalPart: Decimal;
    if (last) principalPart = balance;
    else if (terms.installmentType === 'ANNUITY') principalPart = D.min(balance, annuity.minus(regularInterest));
    else if (terms.installmentType === 'LINEAR') principalPart = D.min(balance, linearPart);
    else principalPart = new D(0);
    balance = balance.minus(principalPart);
    rows.push({
      number: i + 1,
      dueDate: dueDateOf(terms.firstDueDate, terms.dueDay, i),
      installment: principalPart.plus(interest).plus(fees),
      principal: principalPart,
      interest,
      fees,
      balance,
    });
  }
  return rows;
}
