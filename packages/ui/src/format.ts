import { formatCzk } from '@lending/contracts/format';

// cs-CZ formatting of both front-ends. No zod and no phone metadata here: the portal's first
// load imports this module (phones: formatPhone, exported beside it from the package index).

/**
 * Money, one rule for the portal and the back-office (docs/decisions/0016): whole crowns
 * without haléře ("120 000 Kč"), haléře only where they exist ("120 000,50 Kč"). Amounts come
 * as decimal strings (or numbers) and are read digit by digit, never through a float.
 */
export { formatCzk };

/** What a table shows for a value that is not there. */
export const EMPTY_VALUE = '—';

const dateTimeFormatter = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormatter = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium' });
const numberFormatter = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 });
const percentFormatter = new Intl.NumberFormat('cs-CZ', { style: 'percent', maximumFractionDigits: 1 });
const czechPlural = new Intl.PluralRules('cs');

/** formatCzk for optional amounts. */
export function formatMoney(amount: string | number | null | undefined): string {
  return amount === null || amount === undefined || amount === '' ? EMPTY_VALUE : formatCzk(amount);
}

/**
 * A calendar day, "23. 11. 2026". `YYYY-MM-DD` is read as a local date (new Date() would read
 * it as UTC midnight, which is the previous day west of Greenwich).
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    value = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  }
  return dateFormatter.format(value);
}

/** An instant in local time, "23. 11. 2026 14:05". */
export function formatDateTime(value: string | Date): string {
  return dateTimeFormatter.format(typeof value === 'string' ? new Date(value) : value);
}

export function formatOptionalDateTime(value: string | null | undefined): string {
  return value ? formatDateTime(value) : EMPTY_VALUE;
}

/** Czech grouping with non-breaking spaces ("50 000", "1 234,5"), at most two decimals. */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return numberFormatter.format(typeof value === 'string' ? Number(value) : value);
}

/** A ratio (0.42) as a Czech percentage ("42 %"). */
export function formatPercent(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined ? EMPTY_VALUE : percentFormatter.format(ratio);
}

export function formatBoolean(value: boolean | null | undefined): string {
  return value === null || value === undefined ? EMPTY_VALUE : value ? 'Ano' : 'Ne';
}

export interface PluralForms {
  /** 0 has its own form where a text says so ("Zbývá nahrát 0 souborů"); the spec's wording decides. */
  zero: string;
  one: string;
  /** 2–4 */
  few: string;
  /** 5 and more */
  many: string;
}

/** The Czech plural form of a count (Intl.PluralRules 'cs': one, few, other). */
export function pluralCs(count: number, forms: PluralForms): string {
  if (count === 0) return forms.zero;
  const rule = czechPlural.select(count);
  if (rule === 'one') return forms.one;
  if (rule === 'few') return forms.few;
  return forms.many;
}

/** "1 žádost", "3 žádosti", "5 žádostí": the count with its form. */
export function pluralize(count: number, one: string, few: string, many: string): string {
  return `${numberFormatter.format(count)} ${pluralCs(count, { zero: many, one, few, many })}`;
}
