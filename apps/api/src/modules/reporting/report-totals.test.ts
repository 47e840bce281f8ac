import { describe, expect, it } from 'vitest';
import { cents, decimalOf, Totals } from './generate-report.ts';

// A report's totals (docs/decisions/0049) are exact sums of decimal strings, whatever their size.

describe('report totals', () => {
  it('reads the database text of an amount as cents', () => {
    expect([cents('1234.50'), cents('-0.50'), cents('0.00'), cents('7'), cents('7.5'), cents(null), cents('')]).toEqual([123450, -50, 0, 700, 750, 0, 0]);
  });

  it('sums exactly past what a double holds: 100 × 999 999 999 999,99 Kč and back', () => {
    const totals = new Totals(1);
    for (let i = 0; i < 100; i++) totals.add(0, cents('999999999999.99'));
    // 999 999 999 999,99 × 100 = 99 999 999 999 999,00 Kč (9.9999…e15 cents, above 2^53).
    expect(decimalOf(totals.total(0))).toBe('99999999999999.00');
    for (let i = 0; i < 100; i++) totals.add(0, cents('-999999999999.99'));
    totals.add(0, cents('0.01'));
    totals.add(0, cents('-0.02'));
    expect(decimalOf(totals.total(0))).toBe('-0.01');
  });
});
