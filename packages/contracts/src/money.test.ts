import { describe, expect, it } from 'vitest';
import { canonicalMoney, moneyInput, moneyMessages, moneyOf } from './money.ts';

describe('money in JSON', () => {
  it('reads strings and numbers with at most two decimal places into the canonical string', () => {
    expect(canonicalMoney('8884.88')).toBe('8884.88');
    expect(canonicalMoney('1250.5')).toBe('1250.50');
    expect(canonicalMoney(' 100 ')).toBe('100.00');
    expect(canonicalMoney(100000)).toBe('100000.00');
    expect(canonicalMoney(0.1)).toBe('0.10');
    expect(canonicalMoney('007.50')).toBe('7.50');
    expect(canonicalMoney('-0.00')).toBe('0.00');
    expect(canonicalMoney('999999999999.99')).toBe('999999999999.99');
  });

  it('refuses what is no amount: more places, floats, exponents, separators, overflow', () => {
    for (const bad of ['12.345', 0.1 + 0.2, 1e21, '1e3', '1 000', '1,50', '', 'sto', '1000000000000.00', Number.NaN, Infinity, '.5', '5.']) {
      expect(canonicalMoney(bad as string | number), String(bad)).toBeNull();
    }
  });

  it('validates requests with Czech messages, by sign', () => {
    expect(moneyInput().parse('10')).toBe('10.00');
    expect(moneyInput().safeParse('-1').error?.issues[0]?.message).toBe(moneyMessages.negative);
    expect(moneyInput({ min: 'positive' }).safeParse(0).error?.issues[0]?.message).toBe(moneyMessages.notPositive);
    expect(moneyInput({ min: 'any' }).parse(-12.5)).toBe('-12.50');
    expect(moneyInput().safeParse({}).error?.issues[0]?.message).toBe(moneyMessages.invalid);
    expect(moneyInput().safeParse('12.345').error?.issues[0]?.message).toBe(moneyMessages.invalid);
  });

  it('writes stored decimals with two places', () => {
    expect(moneyOf({ toFixed: (n: number) => (8884.88).toFixed(n) })).toBe('8884.88');
    expect(moneyOf(null)).toBeNull();
  });
});
