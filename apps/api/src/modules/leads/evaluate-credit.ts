import type { IdmDecision, IdmResult, IncomeExpenseCategory } from '@lending/contracts';

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
export const LIVING_MINIMUM_PER_ADULT = 4_860;

export interface CreditInput {
  incomes: number[];
  expenses: { category: IncomeExpenseCategory; amount: number }[];
  debts: { remaining: number; installment: number | null; toRefinance: boolean }[];
  requestedValue: number;
  newInstallment: number;
  adults: number;
}

export const creditReasons = {
  noIncome: 'Chybí údaje o příjmech žadatele; žádost je třeba posoudit ručně.',
  dsti: (dsti: number) => `Podíl splátek na čistém příjmu (DSTI) ${percent(dsti)} překračuje limit ${percent(MAX_DSTI)}.`,
  dti: (dti: number) => `Zadlužení vůči ročnímu čistému příjmu (DTI) ${decimal(dti)} překračuje limit ${decimal(MAX_DTI)}.`,
  freeIncome: (free: number, minimum: number) => `Volný příjem ${crowns(free)} je nižší než životní minimum ${crowns(minimum)}.`,
} as const;

function percent(ratio: number): string {
  return `${new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(ratio * 100)} %`;
}
function decimal(value: number): string {
  return new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(value);
}
function crowns(value: number): string {
  return `${new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 }).format(value)} Kč`;
}

const cents = (amount: number) => Math.round(amount * 100);
const fromCents = (c: number) => c / 100;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Monthly amounts in CZK. Existing installments are those of the debts that stay (a debt to be
 * refinanced is paid off by the new loan: neither its installment nor its balance counts);
 * LOAN_REPAYMENT expenses are the same loans recorded as expenses, so they are not added twice:
 * the larger of the two records counts as installments and LOAN_REPAYMENT is left out of expenses.
 */
export function evaluateCredit(input: CreditInput): IdmResult {
  const income = sum(input.incomes.map(cents));
  const repaymentExpenses = sum(input.expenses.filter((e) => e.category === 'LOAN_REPAYMENT').map((e) => cents(e.amount)));
  const expenses = sum(input.expenses.filter((e) => e.category !== 'LOAN_REPAYMENT').map((e) => cents(e.amount)));
  const staying = input.debts.filter((d) => !d.toRefinance);
  const debtInstallments = sum(staying.map((d) => cents(d.installment ?? 0)));
  const installments = Math.max(debtInstallments, repaymentExpenses);
  const remainingDebt = sum(staying.map((d) => cents(d.remaining)));
  const requested = cents(input.requestedValue);
  const newInstallment = cents(input.newInstallment);
  const annualIncome = income * 12;
  const adults = Math.max(1, input.adults);
  const livingMinimum = cents(LIVING_MINIMUM_PER_ADULT) * adults;

  const dsti = income > 0 ? round4((installments + newInstallment) / income) : null;
  const dti = income > 0 ? round4((remainingDebt + requested) / annualIncome) : null;
  const freeIncome = income - expenses - installments - newInstallment;

  const reasons: string[] = [];
  let decision: IdmDecision;
  if (income <= 0 || dsti === null || dti === null) {
    decision = 'MANUAL_REVIEW';
    reasons.push(creditReasons.noIncome);
  } else {
    if (dsti > MAX_DSTI) reasons.push(creditReasons.dsti(dsti));
    if (dti > MAX_DTI) reasons.push(creditReasons.dti(dti));
    if (freeIncome < livingMinimum) reasons.push(creditReasons.freeIncome(fromCents(freeIncome), fromCents(livingMinimum)));
    decision = reasons.length ? 'REJECT' : 'APPROVE';
  }

  return {
    decision,
    reasons,
    requested_value: fromCents(requested),
    new_installment: fromCents(newInstallment),
    monthly_net_income: fromCents(income),
    monthly_expenses: fromCents(expenses),
    existing_installments: fromCents(installments),
    total_remaining_debt: fromCents(remainingDebt),
    annual_net_income: fromCents(annualIncome),
    dsti,
    dti,
    free_income: fromCents(freeIncome),
    adults,
    living_minimum: fromCents(livingMinimum),
    limits: { max_dsti: MAX_DSTI, max_dti: MAX_DTI, living_minimum_per_adult: LIVING_MINIMUM_PER_ADULT },
  };
}
