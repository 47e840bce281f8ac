import type { ScreeningData } from '@lending/contracts';
import type { ScreeningTransaction } from '../screening-provider.ts';

type DataOf<K extends ScreeningData['kind']> = Extract<ScreeningData, { kind: K }>;

// What the sandbox recognises in the counterparty and description of a payment. The real
// services have curated lists; these catch the common Czech names.
const GAMBLING = /sazka|sázka|tipsport|fortuna|chance|betano|synot|kasino|casino|loterie|sázkov|sazkov|merkur|admiral|bet365|\bpoker/i;
const COLLECTION = /inkas|exekut|vymáh|vymah|kruk|intrum|\bEX\s*\d|soudní|soudni|dražb|drazb/i;
const NON_BANK_LOANS = /home credit|provident|cetelem|zaplo|ferratum|via sms|viasms|kamali|cofidis|půjčk|pujck|splátk|splatk|úvěr|uver|essox/i;
const SALARY = /mzda|mzdy|\bplat\b|výplat|vyplat|salary|payroll|odměn|odmen/i;
const REGULAR_INCOME_MIN = 5_000;

const round2 = (n: number) => Math.round(n * 100) / 100;
const text = (t: ScreeningTransaction) => `${t.counterparty ?? ''} ${t.description ?? ''}`;

const money = new Intl.NumberFormat('cs-CZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatCzk = (n: number) => `${money.format(n)} Kč`;

interface Cashflow {
  months: { month: string; income: number; outcome: number }[];
  periodFrom: string | null;
  periodTo: string | null;
  incomeTotal: number;
  outcomeTotal: number;
  /** Calendar months from the first to the last transaction, at least 1. */
  monthSpan: number;
  salaryDetected: boolean;
  regularity: number;
  gambling: number;
  collection: number;
  loans: number;
}

function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const endY = Number(to.slice(0, 4));
  const endM = Number(to.slice(5, 7));
  while (y < endY || (y === endY && m <= endM)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

function cashflow(transactions: ScreeningTransaction[]): Cashflow {
  const sorted = [...transactions].sort((a, b) => a.date.localeCompare(b.date));
  const periodFrom = sorted[0]?.date ?? null;
  const periodTo = sorted.at(-1)?.date ?? null;
  const byMonth = new Map<string, { income: number; outcome: number; regular: boolean }>();
  for (const month of periodFrom && periodTo ? monthsBetween(periodFrom, periodTo) : []) byMonth.set(month, { income: 0, outcome: 0, regular: false });
  let incomeTotal = 0;
  let outcomeTotal = 0;
  let gambling = 0;
  let collection = 0;
  let loans = 0;
  let salaryDetected = false;
  const incomeByPayer = new Map<string, Set<string>>();
  for (const t of sorted) {
    const month = byMonth.get(t.date.slice(0, 7))!;
    if (t.amount > 0) {
      month.income += t.amount;
      incomeTotal += t.amount;
      if (SALARY.test(text(t))) {
        salaryDetected = true;
        month.regular = true;
      }
      if (t.amount >= REGULAR_INCOME_MIN) {
        const payer = (t.counterparty ?? t.description ?? '').trim().toLowerCase();
        if (payer) incomeByPayer.set(payer, (incomeByPayer.get(payer) ?? new Set()).add(t.date.slice(0, 7)));
      }
    } else {
      const out = -t.amount;
      month.outcome += out;
      outcomeTotal += out;
      if (GAMBLING.test(text(t))) gambling += out;
      else if (COLLECTION.test(text(t))) collection += out;
      else if (NON_BANK_LOANS.test(text(t))) loans += out;
    }
  }
  // The same payer sending at least 5 000 Kč in two or more months is a regular income too.
  for (const months of incomeByPayer.values()) {
    if (months.size < 2) continue;
    salaryDetected = true;
    for (const m of months) byMonth.get(m)!.regular = true;
  }
  const months = [...byMonth.entries()].map(([month, v]) => ({ month, income: round2(v.income), outcome: round2(v.outcome) }));
  const regularMonths = [...byMonth.values()].filter((v) => v.regular || v.income >= REGULAR_INCOME_MIN * 2).length;
  return {
    months,
    periodFrom,
    periodTo,
    incomeTotal: round2(incomeTotal),
    outcomeTotal: round2(outcomeTotal),
    monthSpan: Math.max(1, months.length),
    salaryDetected,
    regularity: months.length ? Math.round((regularMonths / months.length) * 100) / 100 : 0,
    gambling: round2(gambling),
    collection: round2(collection),
    loans: round2(loans),
  };
}

function flagsOf(c: Cashflow): string[] {
  const flags: string[] = [];
  if (c.gambling > 0) flags.push(`Platby sázkovým kancelářím a kasinům: ${formatCzk(c.gambling)}`);
  if (c.collection > 0) flags.push(`Platby exekutorům a inkasním agenturám: ${formatCzk(c.collection)}`);
  if (c.loans > 0) flags.push(`Splátky nebankovních půjček: ${formatCzk(c.loans)}`);
  if (c.outcomeTotal > c.incomeTotal) flags.push('Výdaje za období převyšují příjmy.');
  if (!c.salaryDetected) flags.push('Nenalezen pravidelný příjem (mzda, plat).');
  return flags;
}

/** SOKORDIA_BANK_STATEMENT_PDF in the sandbox: cash flow of the statements' transactions. */
export function analyseStatements(
  transactions: ScreeningTransaction[],
  statements: { source: 'STATEMENT_PDF' | 'FORM_TRANSACTIONS'; count: number },
): DataOf<'BANK_STATEMENTS'> {
  const c = cashflow(transactions);
  return {
    kind: 'BANK_STATEMENTS',
    source: statements.source,
    statements_count: statements.count,
    transactions_count: transactions.length,
    period_from: c.periodFrom,
    period_to: c.periodTo,
    income_total: c.incomeTotal,
    outcome_total: c.outcomeTotal,
    average_monthly_income: round2(c.incomeTotal / c.monthSpan),
    average_monthly_outcome: round2(c.outcomeTotal / c.monthSpan),
    salary_detected: c.salaryDetected,
    months: c.months,
    flags: flagsOf(c),
  };
}

/**
 * TRANSACTION_SCORING in the sandbox, 0–1000 points: 450 to start, up to +250 for income in
 * every month, up to +150 for the income level (40 000 Kč a month is full marks), +100 for a
 * salary; minus gambling (up to 250), payments to executors and collection agencies (150 and
 * up to 100 more), non-bank loan repayments over 20 % of spending (100), and spending more
 * than earning (100). Grades: A from 800, B from 650, C from 500, D from 350, else E.
 */
export function scoreTransactions(transactions: ScreeningTransaction[]): DataOf<'TRANSACTION_SCORING'> {
  const c = cashflow(transactions);
  const monthlyIncome = c.incomeTotal / c.monthSpan;
  const factors: { label: string; points: number }[] = [{ label: 'Výchozí skóre', points: 450 }];
  factors.push({ label: 'Pravidelnost příjmů', points: Math.round(c.regularity * 250) });
  factors.push({ label: 'Výše měsíčních příjmů', points: Math.round(Math.min(monthlyIncome / 40_000, 1) * 150) });
  if (c.salaryDetected) factors.push({ label: 'Pravidelná mzda', points: 100 });
  if (c.gambling > 0) factors.push({ label: 'Hazardní hry a sázky', points: -Math.round(Math.min(250, 50 + (c.gambling / Math.max(c.outcomeTotal, 1)) * 1000)) });
  if (c.collection > 0) factors.push({ label: 'Exekuce a inkasní agentury', points: -Math.round(150 + Math.min(100, c.collection / 1000)) });
  if (c.loans > 0.2 * c.outcomeTotal) factors.push({ label: 'Vysoké splátky nebankovních půjček', points: -100 });
  if (c.outcomeTotal > c.incomeTotal) factors.push({ label: 'Výdaje převyšují příjmy', points: -100 });
  const score = Math.max(0, Math.min(1000, factors.reduce((sum, f) => sum + f.points, 0)));
  const grade = score >= 800 ? 'A' : score >= 650 ? 'B' : score >= 500 ? 'C' : score >= 350 ? 'D' : 'E';
  return {
    kind: 'TRANSACTION_SCORING',
    score,
    grade,
    transactions_count: transactions.length,
    period_from: c.periodFrom,
    period_to: c.periodTo,
    average_monthly_income: round2(monthlyIncome),
    average_monthly_outcome: round2(c.outcomeTotal / c.monthSpan),
    income_regularity: c.regularity,
    gambling_outflows: c.gambling,
    collection_outflows: c.collection,
    loan_repayments: c.loans,
    months: c.months,
    factors,
    flags: flagsOf(c),
  };
}
