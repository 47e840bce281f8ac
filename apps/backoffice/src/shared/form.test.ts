import { describe, expect, it } from 'vitest';
import { amountFromInput, amountOrNull, amountToInput, intOrText, validate } from './form';
import { closeLeadRequest, leadDebtRequest } from '@lending/contracts';

describe('form validation with contract schemas', () => {
  it('keys messages by field and keeps the Czech texts', () => {
    const result = validate(closeLeadRequest, { note: 'x' });
    expect(result).toEqual({ ok: false, errors: { reason: ['Pole je povinné'] } });
    expect(intOrText(' 12 ')).toBe(12);
    expect(intOrText('1,5')).toBe('1,5');
  });
});

describe('amounts in forms', () => {
  it('shows API amounts for editing and sends what staff type as the API takes it', () => {
    expect(amountToInput('12500.50')).toBe('12500,50');
    expect(amountToInput('120000.00')).toBe('120000');
    expect(amountToInput(null)).toBe('');
    expect(amountFromInput('38 500,50 Kč')).toBe('38500.50');
    expect(amountFromInput('  ')).toBeUndefined();
    expect(amountOrNull('')).toBeNull();
    const typed = validate(leadDebtRequest, { type: 'BANK_LOAN', creditor: 'ČSOB', remaining_amount: amountFromInput('1 200,5'), original_amount: amountOrNull('') });
    expect(typed).toEqual({ ok: true, data: { type: 'BANK_LOAN', creditor: 'ČSOB', remaining_amount: '1200.50', original_amount: null } });
    const missing = validate(leadDebtRequest, { type: 'BANK_LOAN', creditor: 'ČSOB', remaining_amount: amountFromInput('') });
    expect(missing).toEqual({ ok: false, errors: { remaining_amount: ['Pole je povinné'] } });
  });
});
