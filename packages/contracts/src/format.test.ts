import { describe, expect, it } from 'vitest';
import { czechDay, formatCzk, subtractMoney, sumMoney, timesMoney, typedMoney } from './format.ts';
import { formatPhone } from './forms/person.ts';

// One money and one phone format for the portal and the back-office (issue 12, items 10 and 11).
const nb = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatCzk', () => {
  it.each([
    [120000, '120 000 Kč'],
    ['120000.00', '120 000 Kč'],
    [120000.5, '120 000,50 Kč'],
    ['120000.5', '120 000,50 Kč'],
    ['1250.05', '1 250,05 Kč'],
    [0, '0 Kč'],
    ['-1500.00', '-1 500 Kč'],
    ['999999999999.99', '999 999 999 999,99 Kč'],
  ])('%s → %s', (amount, expected) => {
    expect(formatCzk(amount)).toBe(nb(expected));
  });

  it('never rounds haléře away or through a float', () => {
    expect(formatCzk('0.1')).toBe(nb('0,10 Kč'));
    expect(formatCzk(0.1 + 0.2)).toBe(nb('0,30 Kč'));
  });
});

describe('sumMoney, subtractMoney', () => {
  it('adds and subtracts to the haléř, without a float', () => {
    // 0.1 + 0.2 is 0.30000000000000004 as floats.
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['1000.10', '2000.20', null, undefined, ''])).toBe('3000.30');
    expect(sumMoney([])).toBe('0.00');
    expect(sumMoney(['999999999999.99', '0.01'])).toBe('1000000000000.00');
    expect(subtractMoney('45000.00', '45000.01')).toBe('-0.01');
    expect(subtractMoney('100.05', '-0.95')).toBe('101.00');
    expect(timesMoney('4000.50', 21)).toBe('84010.50');
    expect(timesMoney('0.10', 3)).toBe('0.30');
    expect(timesMoney('abc', 3)).toBeNull();
  });
});

describe('typedMoney', () => {
  it.each([
    ['38 500,50', '38500.50'],
    ['38\u00a0500,5 Kč', '38500.5'],
    ['1200', '1200'],
    ['1200.75', '1200.75'],
    [' 12,5 kč ', '12.5'],
    ['hodně', 'hodně'],
    ['1,234,5', '1,234,5'],
    ['12,345', '12,345'],
  ])('%s → %s', (typed, expected) => {
    expect(typedMoney(typed)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it('formats the stored E.164 one way', () => {
    expect(formatPhone('+420604123456', '604 123 456')).toBe('+420 604 123 456');
    expect(formatPhone('+420604123456', '+420604123456')).toBe('+420 604 123 456');
    expect(formatPhone('+421905123456', '0905 123 456')).toBe('+421 905 123 456');
    // A stored E.164 whose prefix the number plan does not list (demo data) reads the same way.
    expect(formatPhone('+420780718187', '780 718 187')).toBe('+420 780 718 187');
  });
  it('shows a phone without a valid E.164 as it was typed', () => {
    expect(formatPhone(null, ' 12 34 ')).toBe('12 34');
    expect(formatPhone(null, null)).toBe('');
  });

  it('writes a calendar day as Czech text does, without leading zeros', () => {
    expect(czechDay('2026-03-05')).toBe('5. 3. 2026');
    expect(czechDay('2027-12-31')).toBe('31. 12. 2027');
  });
});
