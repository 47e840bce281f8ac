import { describe, expect, it } from 'vitest';
import { intOrText, validate } from './form';
import { closeLeadRequest } from '@lending/contracts';

describe('form validation with contract schemas', () => {
  it('keys messages by field and keeps the Czech texts', () => {
    const result = validate(closeLeadRequest, { note: 'x' });
    expect(result).toEqual({ ok: false, errors: { reason: ['Pole je povinné'] } });
    expect(intOrText(' 12 ')).toBe(12);
    expect(intOrText('1,5')).toBe('1,5');
  });
});
