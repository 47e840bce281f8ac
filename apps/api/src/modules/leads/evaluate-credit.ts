import { formatCzk, moneyOf, type IdmDecision, type IdmResult, type IncomeExpenseCategory } from '@lending/contracts';
import { Prisma } from '../../generated/prisma/client.ts';

/**
 * The credit rule of the IDM evaluation (docs/decisions/0008-leads-offers-idm.md).
 * The DSTI and DTI limits are the levels the Czech National Bank set for mortgage loans in 2022
 * (45 % and 8.5); the lender applies them to every loan as its own prudence rule.
 */
export const MAX_DSTI = 0.45;
export const MAX_DTI = 8.5;
/**
 * Životní minimum jednotlivce (zákon č. 110/2006 Sb., o životním a existenčním minimu, § 2),
 * 4 860 Kč měsíčně since 1 January 2025. We require it for every adult debtor of the lead
 * (applicant and co-debtors); review it when the government raises it.
 */
export const LIVING_MINIMUM_PER_ADULT = '4860.00';

type Amount = Prisma.Decimal | string;

/** Money in: decimal strings or Decimals (never floats); the arithmetic is exact (decimal.js). */
export interface CreditInput {
  incomes: Amount[];
  expenses: { category: IncomeExpenseCategory; amount: Amount }[];
  debts: { remaining: Amount; installment: Amount | null; toRefinance: boolean }[];
  requestedValue: Amount;
  newInstallment: Amount;
  adults: number;
}

export const creditReasons = {
  noIncome: 'Chybí údaje o příjmech žadatele; žádost je třeba posoudit ručně.',
  dsti: (dsti: number) => `Podíl splátek na čistém příjmu (DSTI) ${percent(dsti)} překračuje limit ${percent(MAX_DSTI)}.`,
  dti: (dti: number) => `Zadlužení vůči ročnímu čistému příjmu (DTI) ${decimal(dti)} překračuje limit ${decimal(MAX_DTI)}.`,
  freeIncome: (free: string, minimum: string) => `Volný příjem ${formatCzk(free)} je nižší než životní minimum ${formatCzk(minimum)}.`,
} as const;

function percent(ratio: number): string {
  return `${new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(ratio * 100)} %`;
}
function decimal(value: number): string {
  return new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(value);
}

const D = (value: Amount) => new Prisma.Decimal(value);
const sum = (values: Amount[]) => values.reduce<Prisma.Decimal>((a, b) => a.plus(b), D('0'));
/** A ratio to four places, half up (0.35125 → 0.3513): shown as a per cent with two. */
const ratio = (a: Prisma.Decimal, b: Prisma.Decimal) => a.dividedBy(b).toDecimalPlaces(4, Prisma.Decimal.ROUND_HALF_UP).toNumber();
const text = (value: Prisma.Decimal) => moneyOf(value)!;

/**
 * Monthly amounts in CZK. Existing installments are those of the debts that stay (a debt to be
 * refinanced is paid off by the new loan: neither its installment nor its balance counts);
 * LOAN_REPAYMENT expenses are the same loans recorded as expenses, so they are not added twice:
 * the larger of the two records counts as installments and LOAN_REPAYMENT is left out of expenses.
 */
export function evaluateCredit(input: CreditInput): IdmResult {
  const income = sum(input.incomes);
  const repaymentExpenses = sum(input.expenses.filter((e) => e.category === 'LOAN_REPAYMENT').map((e) => e.amount));
  const expenses = sum(input.expenses.filter((e) => e.category !== 'LOAN_REPAYMENT').map((e) => e.amount));
  const staying = input.debts.filter((d) => !d.toRefinance);
  const debtInstallments = sum(staying.map((d) => d.installment ?? '0'));
  const installments = Prisma.Decimal.max(debtInstallments, repaymentExpenses);
  const remainingDebt = sum(staying.map((d) => d.remaining));
  const requested = D(input.requestedValue);
  const newInstallment = D(input.newInstallment);
  const annualIncome = income.times(12);
  const adults = Math.max(1, input.adults);
  const livingMinimum = D(LIVING_MINIMUM_PER_ADULT).times(adults);

  const hasIncome = income.greaterThan(0);
  const dsti = hasIncome ? ratio(installments.plus(newInstallment), income) : null;
  const dti = hasIncome ? ratio(remainingDebt.plus(requested), annualIncome) : null;
  const freeIncome = income.minus(expenses).minus(installments).minus(newInstallment);

  const reasons: string[] = [];
  let decision: IdmDecision;
  if (!hasIncome || dsti === null || dti === null) {
    decision = 'MANUAL_REVIEW';
    reasons.push(creditReasons.noIncome);
  } else {
    if (dsti > MAX_DSTI) reasons.push(creditReasons.dsti(dsti));
    if (dti > MAX_DTI) reasons.push(creditReasons.dti(dti));
    if (freeIncome.lessThan(livingMinimum)) reasons.push(creditReasons.freeIncome(text(freeIncome), text(livingMinimum)));
    decision = reasons.length ? 'REJECT' : 'APPROVE';
  }

  return {
    decision,
    reasons,
    requested_value: text(requested),
    new_installment: text(newInstallment),
    monthly_net_income: text(income),
    monthly_expenses: text(expenses),
    existing_installments: text(installments),
    total_remaining_debt: text(remainingDebt),
    annual_net_income: text(annualIncome),
    dsti,
    dti,
    free_income: text(freeIncome),
    adults,
    living_minimum: text(livingMinimum),
    limits: { max_dsti: MAX_DSTI, max_dti: MAX_DTI, living_minimum_per_adult: LIVING_MINIMUM_PER_ADULT },
  };
}
