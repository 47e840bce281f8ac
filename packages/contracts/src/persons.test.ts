import { describe, expect, it } from 'vitest';
import { isValidBirthNumber } from './birth-number.ts';
import { isValidIdentityCard } from './forms/person.ts';
import { maskBirthNumber, maskIdentityCard, personDetail, revealIdentifiersRequest } from './persons.ts';

// Masked identifiers (docs/decisions/0046): what the detail and the list show every role.
describe('masked identifiers', () => {
  it.each([
    ['9005051234', '900505/****'],
    ['900505/1234', '900505/****'],
    ['530101123', '530101/***'],
  ])('birth number %s → %s', (value, masked) => {
    expect(maskBirthNumber(value)).toBe(masked);
  });

  it.each([
    ['123456678', '******678'],
    ['123456AB', '*****6AB'],
    ['123 456 789', '******789'],
    ['AB', '***AB'],
  ])('identity card %s → %s', (value, masked) => {
    expect(maskIdentityCard(value)).toBe(masked);
  });

  it('never passes for a real value: sent back, the API refuses it', () => {
    expect(isValidBirthNumber(maskBirthNumber('9005051234'))).toBe(false);
    expect(isValidIdentityCard(maskIdentityCard('123456678'))).toBe(false);
  });

  it('says in the detail that they are masked', () => {
    expect(personDetail.shape.identifiers_masked.safeParse(true).success).toBe(true);
    expect(personDetail.shape.identifiers_masked.safeParse(false).success).toBe(false);
  });

  it('takes an optional reason of at most 500 characters for a reveal', () => {
    expect(revealIdentifiersRequest.parse({})).toEqual({});
    expect(revealIdentifiersRequest.parse({ reason: ' Úprava osoby ' })).toEqual({ reason: 'Úprava osoby' });
    expect(revealIdentifiersRequest.parse({ reason: '' })).toEqual({ reason: null });
    expect(revealIdentifiersRequest.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});
