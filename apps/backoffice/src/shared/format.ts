const dateTimeFormatter = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium', timeStyle: 'short' });
const dateFormatter = new Intl.DateTimeFormat('cs-CZ', { dateStyle: 'medium' });
const czkFormatter = new Intl.NumberFormat('cs-CZ', { style: 'currency', currency: 'CZK', minimumFractionDigits: 2 });
const numberFormatter = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 2 });
const percentFormatter = new Intl.NumberFormat('cs-CZ', { style: 'percent', maximumFractionDigits: 1 });

/** What a table shows for a value that is not there. */
export const EMPTY_VALUE = '—';

/**
 * Amounts come from the API as JSON numbers or decimal strings (Decimal(14,2)). Converting to
 * a number is only for display: up to 14 digits stay exact in a double; never compute with it.
 */
export function formatCzk(amount: string | number): string {
  return czkFormatter.format(typeof amount === 'string' ? Number(amount) : amount);
}

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

/** "+420604512877" → "+420 604 512 877" (CZ and SK numbers in groups of three); anything else as it is. */
export function formatPhone(value: string): string {
  const match = /^\+42([01])(\d{3})(\d{3})(\d{3})$/.exec(value.replace(/\s/g, ''));
  return match ? `+42${match[1]} ${match[2]} ${match[3]} ${match[4]}` : value;
}
