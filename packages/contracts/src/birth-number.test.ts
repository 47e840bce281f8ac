import { describe, expect, it } from 'vitest';
import { isValidBirthNumber, makeBirthNumber, parseBirthNumber } from './birth-number.ts';

describe('birth number', () => {
  it('accepts 10-digit numbers divisible by 11, with or without the slash', () => {
    expect(isValidBirthNumber('9005054344')).toBe(true); // 1990-05-05, divisible by 11
    expect(isValidBirthNumber('736028/5163')).toBe(true); // 1973-10-28, a woman
    expect(isValidBirthNumber('8001011239')).toBe(false); // check digit off by one
    const bn = makeBirthNumber(new Date(Date.UTC(1985, 4, 17)), 'M', 123);
    expect(isValidBirthNumber(bn)).toBe(true);
    expect(isValidBirthNumber(`${bn.slice(0, 6)}/${bn.slice(6)}`)).toBe(true);
    expect(parseBirthNumber(bn)).toEqual({ birthDate: new Date(Date.UTC(1985, 4, 17)), sex: 'M' });
  });

  it('rejects a wrong check digit', () => {
    const bn = makeBirthNumber(new Date(Date.UTC(1990, 0, 2)), 'F', 7);
    const wrong = bn.slice(0, 9) + String((Number(bn[9]) + 1) % 10);
    expect(isValidBirthNumber(wrong)).toBe(false);
  });

  it('reads women from month + 50', () => {
    const bn = makeBirthNumber(new Date(Date.UTC(1992, 11, 31)), 'F', 456);
    expect(bn.slice(2, 4)).toBe('62');
    expect(parseBirthNumber(bn)?.sex).toBe('F');
  });

  it('accepts 9-digit numbers only before 1954', () => {
    expect(isValidBirthNumber('530101123')).toBe(true);
    expect(isValidBirthNumber('540101123')).toBe(false);
  });

  it('accepts +20 and +70 months only from 2004', () => {
    const base = '0522150001'; // 2005-02-15, man, +20
    const nine = base.slice(0, 9);
    const valid = nine + String(Number(nine) % 11);
    if (Number(nine) % 11 < 10) expect(parseBirthNumber(valid)).toEqual({ birthDate: new Date(Date.UTC(2005, 1, 15)), sex: 'M' });
    const old = '9022150001'.slice(0, 9);
    expect(isValidBirthNumber(old + String(Number(old) % 11))).toBe(false);
  });

  it('accepts the historical remainder-10 form only before 1986', () => {
    // find a 1970 number whose first nine digits give remainder 10
    let nine = 700101000;
    while (nine % 11 !== 10) nine++;
    expect(isValidBirthNumber(`${nine}0`)).toBe(true);
    let later = 900101000;
    while (later % 11 !== 10) later++;
    expect(isValidBirthNumber(`${later}0`)).toBe(false);
  });

  it('rejects impossible dates and junk', () => {
    expect(isValidBirthNumber('8502300000')).toBe(false); // 30 February
    expect(isValidBirthNumber('abc')).toBe(false);
    expect(isValidBirthNumber('')).toBe(false);
  });
});
