import { describe, expect, it } from 'vitest';
import { formatCzk } from './format.ts';
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
});
