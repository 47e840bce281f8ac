import { describe, expect, it } from 'vitest';
import { toTelHref } from './config';
import { formatCzk, maskAsDots, parseAmount, pluralCs, remainingFilesText } from './format';

describe('formatCzk', () => {
  it('formats whole crowns the Czech way, haléře only where they exist (the back-office rule too)', () => {
    // Intl uses non-breaking spaces so the amount never wraps.
    expect(formatCzk(50000)).toBe('50\u00a0000\u00a0Kč');
    expect(formatCzk(1234.56)).toBe('1\u00a0234,56\u00a0Kč');
  });
});

describe('pluralCs', () => {
  const files = { zero: 'souborů', one: 'soubor', few: 'soubory', many: 'souborů' };

  it.each([
    [0, 'souborů'],
    [1, 'soubor'],
    [2, 'soubory'],
    [4, 'soubory'],
    [5, 'souborů'],
    [12, 'souborů'],
  ])('%i -> %s', (count, expected) => {
    expect(pluralCs(count, files)).toBe(expected);
  });
});

describe('toTelHref', () => {
  it('adds the Czech prefix to local numbers and keeps international ones', () => {
    expect(toTelHref('800 100 200')).toBe('+420800100200');
    expect(toTelHref('+421 900 123 456')).toBe('+421900123456');
    expect(toTelHref('00420 800 100 200')).toBe('+420800100200');
  });
});

describe('remainingFilesText', () => {
  it.each([
    [0, 'Všechny potřebné soubory jsou nahrané'],
    [1, 'Zbývá nahrát 1 soubor'],
    [2, 'Zbývá nahrát 2 soubory'],
    [4, 'Zbývá nahrát 4 soubory'],
    [5, 'Zbývá nahrát 5 souborů'],
    [22, 'Zbývá nahrát 22 souborů'],
  ])('%i -> %s', (count, expected) => {
    expect(remainingFilesText(count)).toBe(expected);
  });
});

describe('amount input and masking', () => {
  it('reads whole numbers typed with spaces or Kč', () => {
    expect(parseAmount('50\u00a0000')).toBe(50000);
    expect(parseAmount('200 000 Kč')).toBe(200000);
    expect(parseAmount('12,5')).toBeUndefined();
  });
  it('masks personal numbers as dots', () => {
    expect(maskAsDots('9005054344')).toBe('••••••••••');
  });
});
