import type { StatementAnalysis, StatementTransaction } from './bank-statement-analysis.ts';

const DATE = String.raw`(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})`;
const TRANSACTION_LINE = new RegExp(String.raw`^${DATE}(?:\s+${DATE})?\s+(.+)$`);
const TWO_DATES = new RegExp(String.raw`${DATE}\s*(?:-|–|—|do)\s*${DATE}`, 'i');
// Czech amounts: `-1 250,00`, `35.000,00`, `+120,50`, optionally `Kč`/`CZK` after.
const AMOUNT = /(?<![\d,.])([-+−]?)\s?(\d{1,3}(?:[ .\u00a0\u202f]\d{3})+|\d+),(\d{2})(?!\d)/g;
// Czech account `[prefix-]number/bank code`; numbers of 6+ digits, so `01/2026` (a month) is none.
const ACCOUNT = /(?<![\d/-])((?:\d{1,6}-)?\d{6,10}\/\d{4})(?![\d/])/;
const IBAN = /\bCZ\d{2}(?:\s?\d{4}){5}\b/;
const VARIABLE_SYMBOL = /\bVS[:.\s]*(\d{1,10})\b/i;
const BALANCE = /z[uů]statek/i;

function isoDate(day: string, month: string, year: string): string | null {
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  if (y < 2000 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

function normaliseAmount(sign: string, whole: string, cents: string): string {
  const digits = whole.replace(/[ .\u00a0\u202f]/g, '');
  return `${sign === '-' || sign === '−' ? '-' : ''}${Number(digits)}.${cents}`;
}

function parseTransaction(line: string): StatementTransaction | null {
  const m = TRANSACTION_LINE.exec(line);
  if (!m) return null;
  const date = isoDate(m[1]!, m[2]!, m[3]!);
  const rest = m[7]!;
  if (!date || BALANCE.test(rest)) return null;
  AMOUNT.lastIndex = 0;
  const amount = AMOUNT.exec(rest);
  if (!amount) return null;
  const text = rest.slice(0, amount.index).trim();
  const after = rest.slice(amount.index + amount[0].length);
  const account = ACCOUNT.exec(text)?.[1] ?? null;
  const description = text.replace(/\s+/g, ' ').trim();
  return {
    date,
    amount: normaliseAmount(amount[1]!, amount[2]!, amount[3]!),
    currency: /^\s*(EUR|USD|GBP)\b/.exec(after)?.[1] ?? 'CZK',
    counterpartyName: null,
    counterpartyAccount: account,
    description: description || null,
    variableSymbol: VARIABLE_SYMBOL.exec(text)?.[1] ?? null,
  };
}

/**
 * Reads a statement from its text lines, the way the sandbox promises (and documents) it:
 * - the period is the first line with two dates joined by a dash or "do"
 *   (`Období: 01.02.2026 - 30.04.2026`) that is not itself a transaction;
 * - a transaction is a line starting with a `DD.MM.YYYY` date (optionally a second, value
 *   date), then text, then a signed amount in Czech format (`-1 250,00`); later amounts on the
 *   line (a running balance) are ignored, as are balance lines ("Počáteční zůstatek");
 * - the account is the first CZ IBAN or `[prefix-]number/bank code` (number of 6–10 digits)
 *   outside transactions.
 * Nothing is guessed beyond that, so the same file always reads the same.
 */
export function parseStatementText(lines: string[]): StatementAnalysis {
  let period: StatementAnalysis['period'] = null;
  let accountNumber: string | null = null;
  const transactions: StatementTransaction[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, ' ').trim();
    const transaction = parseTransaction(line);
    if (transaction) {
      transactions.push(transaction);
      continue;
    }
    if (!period) {
      const p = TWO_DATES.exec(line);
      const from = p && isoDate(p[1]!, p[2]!, p[3]!);
      const to = p && isoDate(p[4]!, p[5]!, p[6]!);
      if (from && to && from <= to) period = { from, to };
    }
    if (!accountNumber) accountNumber = IBAN.exec(line)?.[0].replace(/\s/g, '') ?? ACCOUNT.exec(line)?.[1] ?? null;
  }
  transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { readable: transactions.length > 0 || period !== null, period, accountNumber, transactions };
}
