import { describe, expect, it } from 'vitest';
import { formatPhone } from './index';
import { EMPTY_VALUE, formatCzk, formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, pluralCs, pluralize } from './format';

const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('cs-CZ formatting', () => {
  it('writes money with non-breaking spaces, haléře only where the amount has them', () => {
    expect(formatCzk('120000.00')).toBe('120\u00a0000\u00a0Kč');
    expect(formatCzk('8884.88')).toBe('8\u00a0884,88\u00a0Kč');
    expect(formatCzk(1234567.5)).toBe('1\u00a0234\u00a0567,50\u00a0Kč');
    // Decimal strings beyond a float's precision are read digit by digit.
    expect(spaces(formatCzk('999999999999.99'))).toBe('999 999 999 999,99 Kč');
    expect(formatMoney(null)).toBe(EMPTY_VALUE);
    expect(formatMoney('')).toBe(EMPTY_VALUE);
  });

  it('writes days as "23. 11. 2026", a YYYY-MM-DD as that day wherever the browser is', () => {
    expect(formatDate('2026-11-23')).toBe('23. 11. 2026');
    expect(formatDate('2025-03-01')).toBe('1. 3. 2025');
    expect(formatDate(new Date(2026, 0, 5))).toBe('5. 1. 2026');
    expect(formatDate(null)).toBe(EMPTY_VALUE);
    expect(formatDateTime(new Date(2026, 10, 23, 14, 5))).toBe('23. 11. 2026 14:05');
  });

  it('groups numbers and percentages the Czech way', () => {
    expect(spaces(formatNumber(50000))).toBe('50 000');
    expect(spaces(formatNumber('1234.5'))).toBe('1 234,5');
    expect(spaces(formatPercent(0.355))).toBe('35,5 %');
    expect(formatNumber(undefined)).toBe(EMPTY_VALUE);
  });

  it('picks the Czech plural form', () => {
    const files = { zero: 'souborů', one: 'soubor', few: 'soubory', many: 'souborů' };
    expect([0, 1, 2, 4, 5, 12, 22].map((n) => pluralCs(n, files))).toEqual(['souborů', 'soubor', 'soubory', 'soubory', 'souborů', 'souborů', 'souborů']);
    expect([1, 3, 5, 0].map((n) => pluralize(n, 'žádost', 'žádosti', 'žádostí'))).toEqual(['1 žádost', '3 žádosti', '5 žádostí', '0 žádostí']);
  });

  it('formats phones from the stored E.164, and shows one without it as typed', () => {
    expect(formatPhone('+420604512877')).toBe('+420 604 512 877');
    expect(formatPhone('+421905123456', '0905 123 456')).toBe('+421 905 123 456');
    expect(formatPhone(null, '604 512 87')).toBe('604 512 87');
  });
});
