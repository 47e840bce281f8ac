import { Decimal } from 'decimal.js';
import { dealModelMessages, type InstallmentType } from '@lending/contracts';
import { dayNumber, isoDay } from '../../../domain/dates.ts';
import { computeRpsn, type CashFlow } from './compute-rpsn.ts';
import { computeSchedule, InvalidScheduleTerms, levelInstallment } from './compute-schedule.ts';
import { computeLeaseSchedule } from './lease-schedule.ts';

// One schedule for every deal type (docs/decisions/0025): loans make installments of principal,
// interest and fees; leases rent periods; a sale and leaseback rent periods and the buy-back.

export type ScheduleKind = 'REGULAR' | 'LEASE' | 'LEASEBACK';

/** The lease terms as stored in `deal_models.parameters` (canonical decimal strings). */
export interface LeaseParameters {
  /** Null only in a request that left it out (a field error, never stored). */
  monthly_rent: string | null;
  services_advance: string;
  deposit: string;
  buyback_price: string | null;
  buyback_deadline: string | null;
}

export interface ModelTerms {
  principal: string;
  annualInterestRate: string;
  termMonths: number;
  disbursementDate: string;
  firstDueDate: string;
  dueDay: number;
  installmentType: InstallmentType;
  upfrontFee: string;
  monthlyFee: string;
  parameters: LeaseParameters | null;
}

export interface ModelRow {
  number: number;
  dueDate: string;
  periodFrom: string;
  periodTo: string;
  installment: Decimal;
  principal: Decimal;
  interest: Decimal;
  fees: Decimal;
  rent: Decimal;
  servicesAdvance: Decimal;
  deposit: Decimal;
  purchasePrice: Decimal;
  /** Loans: principal owed after the row; null for leases. */
  balance: Decimal | null;
}

export interface ModelSchedule {
  kind: ScheduleKind;
  rows: ModelRow[];
  installmentValue: Decimal;
  rpsn: Decimal | null;
}

const ZERO = new Decimal(0);

/** Field errors of terms that cannot make a schedule of this kind, beyond the engines' own. */
function kindErrors(terms: ModelTerms, kind: ScheduleKind): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (new Decimal(terms.upfrontFee).gte(terms.principal)) errors.upfront_fee = [dealModelMessages.upfrontFeeTooHigh];
  if (kind === 'REGULAR' && terms.parameters) errors.parameters = [dealModelMessages.parametersOnlyLease];
  if (kind === 'LEASE' && (terms.parameters?.buyback_price || terms.parameters?.buyback_deadline)) errors['parameters.buyback_price'] = [dealModelMessages.buybackOnlyLeaseback];
  return errors;
}

function merge(a: Record<string, string[]>, b: Record<string, string[]>): Record<string, string[]> {
  const out = { ...a };
  for (const [field, messages] of Object.entries(b)) out[field] = [...(out[field] ?? []), ...messages];
  return out;
}

/** The loan rows, each installment's interest period running from the previous due date. */
function loanRows(terms: ModelTerms): ModelRow[] {
  const rows = computeSchedule({
    principal: terms.principal,
    annualInterestRate: terms.annualInterestRate,
    termMonths: terms.termMonths,
    disbursementDate: terms.disbursementDate,
    firstDueDate: terms.firstDueDate,
    dueDay: terms.dueDay,
    installmentType: terms.installmentType,
    monthlyFee: terms.monthlyFee,
  });
  return rows.map((row, i) => ({
    number: row.number,
    dueDate: row.dueDate,
    periodFrom: i === 0 ? terms.disbursementDate : rows[i - 1]!.dueDate,
    periodTo: isoDay(dayNumber(row.dueDate) - 1),
    installment: row.installment,
    principal: row.principal,
    interest: row.interest,
    fees: row.fees,
    rent: ZERO,
    servicesAdvance: ZERO,
    deposit: ZERO,
    purchasePrice: ZERO,
    balance: row.balance,
  }));
}

function leaseRows(terms: ModelTerms, kind: 'LEASE' | 'LEASEBACK'): ModelRow[] {
  const p = terms.parameters;
  return computeLeaseSchedule({
    leaseStart: terms.disbursementDate,
    termMonths: terms.termMonths,
    firstDueDate: terms.firstDueDate,
    dueDay: terms.dueDay,
    monthlyRent: p?.monthly_rent ?? null,
    servicesAdvance: p?.services_advance ?? 0,
    deposit: p?.deposit ?? 0,
    monthlyFee: terms.monthlyFee,
    buyback: kind === 'LEASEBACK' ? { price: p?.buyback_price ?? null, deadline: p?.buyback_deadline ?? null } : null,
  }).map((row) => ({ ...row, principal: ZERO, interest: ZERO, balance: null }));
}

/**
 * The schedule and RPSN of a model, or InvalidScheduleTerms naming every field that stops it.
 * RPSN: the drawdown is the principal less the upfront fee, paid out on the disbursement date;
 * the payments are every installment with its fees (a sale and leaseback: rent, fees and the
 * buy-back price; the services advance and the returnable deposit are no cost of the credit).
 * A lease is no credit and has none.
 */
export function computeModelSchedule(terms: ModelTerms, kind: ScheduleKind, options: { rpsn?: boolean } = {}): ModelSchedule {
  let errors = kindErrors(terms, kind);
  let rows: ModelRow[] = [];
  try {
    rows = kind === 'REGULAR' ? loanRows(terms) : leaseRows(terms, kind);
  } catch (error) {
    if (!(error instanceof InvalidScheduleTerms)) throw error;
    errors = merge(errors, error.fields);
  }
  if (Object.keys(errors).length) throw new InvalidScheduleTerms(errors);

  const drawn = new Decimal(terms.principal).minus(terms.upfrontFee);
  const drawdowns: CashFlow[] = [{ date: terms.disbursementDate, amount: drawn }];
  let rpsn: Decimal | null = null;
  if (options.rpsn === false) {
    // The caller reads the stored RPSN: solving it is the costly part.
  } else if (kind === 'REGULAR') {
    rpsn = computeRpsn(drawdowns, rows.map((r) => ({ date: r.dueDate, amount: r.installment })));
  } else if (kind === 'LEASEBACK') {
    const payments = rows.map((r) => ({ date: r.dueDate, amount: r.rent.plus(r.fees).plus(r.purchasePrice) })).filter((p) => p.amount.gt(0));
    rpsn = computeRpsn(drawdowns, payments);
  }
  const p = terms.parameters;
  const installmentValue =
    kind === 'REGULAR'
      ? levelInstallment(terms)
      : new Decimal(p!.monthly_rent!).plus(p!.services_advance).plus(terms.monthlyFee);
  return { kind, rows, installmentValue, rpsn };
}
