import { formatCzk } from '@lending/contracts/format';
const dateTimeFormatter = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormatter = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium' });
const numberFormatter = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 });
const percentFormatter = new Intl.NumberFormat('cs-CZ', { style: 'percent', maximumFractionDigits: 1 });

/** What a table shows for a value that is not there. */
export const EMPTY_VALUE = '—';

/**
 * Money as the portal shows it too (docs/decisions/0016): whole crowns without haléře
 * ("120 000 Kč"), haléře only where they exist ("120 000,50 Kč"). Amounts come from the API as
 * JSON numbers or Decimal(14,2) strings.
 */
/** Phones formatted one way from the stored E.164 ("+420 604 512 877"); as typed without one. */
export { formatPhone } from '@lending/contracts';
export { formatCzk };

/** formatCzk for optional amounts. */
export function formatMoney(amount: string | number | null | undefined): string {
  return amount === null || amount === undefined || amount === '' ? EMPTY_VALUE : formatCzk(amount);
}

export function formatDateTime(value: string | Date): string {
  return dateTimeFormatter.format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * A calendar day. `YYYY-MM-DD` is read as a local date (new Date() would read it as UTC
 * midnight, which is the previous day west of Greenwich).
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    value = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  }
  return dateFormatter.format(value);
}

export function formatOptionalDateTime(value: string | null | undefined): string {
  return value ? formatDateTime(value) : EMPTY_VALUE;
}

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

/** "5 žádostí", "1 žádost", "3 žádosti": Czech needs three plural forms. */
export function pluralize(count: number, one: string, few: string, many: string): string {
  const form = count === 1 ? one : count >= 2 && count <= 4 ? few : many;
  return `${numberFormatter.format(count)} ${form}`;
}

