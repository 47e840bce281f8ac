import { describe, expect, it } from 'vitest';
import { toTelHref } from './config';
import { maskAsDots, parseAmount, remainingFilesText } from './format';

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
