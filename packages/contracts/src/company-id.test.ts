import { describe, expect, it } from 'vitest';
import { isValidCompanyId, makeCompanyId } from './company-id.ts';

describe('IČO', () => {
  it('accepts real company ids', () => {
    expect(isValidCompanyId('25596641')).toBe(true);
    expect(isValidCompanyId('00006947')).toBe(true); // Ministerstvo financí
    expect(isValidCompanyId('4529 9155')).toBe(false);
  });
  it('rejects a wrong check digit and bad formats', () => {
    expect(isValidCompanyId('25596642')).toBe(false);
    expect(isValidCompanyId('2559664')).toBe(false);
    expect(isValidCompanyId('abcdefgh')).toBe(false);
  });
  it('makes valid ids', () => {
    for (let i = 0; i < 200; i++) expect(isValidCompanyId(makeCompanyId(1234567 + i * 7919))).toBe(true);
  });
});
