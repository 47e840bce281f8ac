import { EMPTY_VALUE } from '@lending/ui';

/**
 * A per-cent rate of the API ("12.5000", "12.68") in Czech ("12,5 %", "12,68 %"): trailing
 * zeros dropped digit by digit, never through a float.
 */
export function formatRate(rate: string | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return EMPTY_VALUE;
  const [whole, places = ''] = rate.split('.');
  const trimmed = places.replace(/0+$/, '');
  return `${whole}${trimmed ? `,${trimmed}` : ''}\u00a0%`;
}

/** A rate of the API as the form shows it for editing ("12.5000" → "12,5"). */
export function rateToInput(rate: string | null | undefined): string {
  return formatRate(rate).replace(/\u00a0%$/, '').replace(EMPTY_VALUE, '');
}

/** A rate as staff type it ("12,5", "8 %") in the form the API takes ("12.5"); empty is left out. */
export function rateFromInput(text: string): string | undefined {
  const compact = text.replace(/[\s\u00a0%]/g, '').replace(',', '.');
  return compact === '' ? undefined : compact;
}
