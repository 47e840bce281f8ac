import { formatCzk, formatPercent } from '@lending/ui';

/** A share the API sends as a 4-place decimal fraction ("0.0731") as Czech percent: "7,3 %". */
export function formatShare(share: string | number): string {
  return formatPercent(Number(share));
}

const compact = new Intl.NumberFormat('cs-CZ', { notation: 'compact', maximumFractionDigits: 1 });

/** An amount on a chart's axis: "850 tis. Kč", "1,2 mil. Kč". */
export function formatCompactCzk(value: number): string {
  return `${compact.format(value)} Kč`;
}

/** A chart's money value in full, as everywhere else ("1 234 567,89 Kč"); read from a number rounded to haléře. */
export function formatChartCzk(value: number): string {
  return formatCzk(value.toFixed(2));
}

const monthName = new Intl.DateTimeFormat('cs-CZ', { month: 'long', year: 'numeric' });

/** "2026-03" (or a day of it) → "3/2026", short enough for an axis. */
export function monthShort(month: string): string {
  const [year, number] = month.split('-');
  return `${Number(number)}/${year}`;
}

/** "2026-03" (or a day of it) → "březen 2026". */
export function monthLong(month: string): string {
  const [year, number] = month.split('-');
  return monthName.format(new Date(Number(year), Number(number) - 1, 1));
}
