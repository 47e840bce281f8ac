import { describe, expect, it } from 'vitest';
import { czechIban, normaliseBankAccount, paymentOrderRequest, purposeMessages, purposeRequest, resolveBankAccount } from './purposes.ts';

// Known answers: the check digits were worked out by hand from the decree's weights
// (6,3,7,9,10,5,8,4,2,1 from the left; the prefix takes the last six) and, for the IBANs,
// with Python's int(…) % 97 over the moved, letter-expanded IBAN.

describe('Czech account numbers (ČNB decree 169/2011 Sb.)', () => {
  it.each([
    ['19-2000145399/0800', '19-2000145399/0800'],
    ['000019-2000145399/0800', '19-2000145399/0800'],
    [' 2001234561 / 0100 ', '2001234561/0100'],
    // 1×2 + 9×1 = 11: the smallest number the decree allows has two non-zero digits.
    ['19/0300', '19/0300'],
  ])('accepts %s as %s', (input, stored) => {
    expect(normaliseBankAccount(input)).toEqual({ value: stored });
  });

  it.each([
    // 2×6+0+0+1×9+2×10+3×5+4×8+5×4+6×2+2×1 = 122 = 11×11 + 1
    ['2001234562/0100', purposeMessages.bankAccountChecksum],
    // prefix 12: 1×2 + 2×1 = 4
    ['12-2000145399/0800', purposeMessages.prefixChecksum],
    ['10/0100', purposeMessages.bankAccountDigits],
    ['1234567/010', purposeMessages.bankAccount],
    ['12345678901/0100', purposeMessages.bankAccount],
    ['1234567-1234567890/0100', purposeMessages.bankAccount],
    ['účet', purposeMessages.bankAccount],
  ])('refuses %s', (input, issue) => {
    expect(normaliseBankAccount(input)).toEqual({ issue });
  });
});

describe('IBANs', () => {
  it.each([
    ['CZ65 0800 0000 1920 0014 5399', 'CZ6508000000192000145399'],
    ['cz4101000000002001234561', 'CZ4101000000002001234561'],
    ['SK31 1200 0000 1987 4263 7541', 'SK3112000000198742637541'],
    ['DE89 3704 0044 0532 0130 00', 'DE89370400440532013000'],
  ])('accepts %s', (input, stored) => {
    expect(normaliseBankAccount(input)).toEqual({ value: stored });
  });

  it('refuses wrong check digits, lengths and Czech IBANs hiding a bad domestic number', () => {
    expect(normaliseBankAccount('CZ6608000000192000145399')).toEqual({ issue: purposeMessages.ibanChecksum });
    expect(normaliseBankAccount('DE8937040044053201300')).toEqual({ issue: purposeMessages.ibanLength('DE', 22) });
    // Check digits right for the IBAN (Python: 98 − int("01000000002001234562123500") % 97 = 14), number wrong.
    expect(normaliseBankAccount('CZ1401000000002001234562')).toEqual({ issue: purposeMessages.bankAccountChecksum });
    expect(normaliseBankAccount('XX')).toEqual({ issue: purposeMessages.ibanFormat });
  });

  it('computes the IBAN of a Czech account and reads the account back', () => {
    expect(czechIban({ prefix: '19', number: '2000145399', bankCode: '0800' })).toBe('CZ6508000000192000145399');
    expect(resolveBankAccount('19-2000145399/0800')).toEqual({ domestic: { prefix: '19', number: '2000145399', bankCode: '0800' }, iban: 'CZ6508000000192000145399' });
    expect(resolveBankAccount('CZ4101000000002001234561')).toEqual({ domestic: { prefix: '', number: '2001234561', bankCode: '0100' }, iban: 'CZ4101000000002001234561' });
    expect(resolveBankAccount('SK3112000000198742637541')).toEqual({ foreignIban: 'SK3112000000198742637541' });
  });
});

describe('purpose and payment-order bodies', () => {
  it('normalises the account and symbols, and refuses text a bank would not carry', () => {
    const ok = purposeRequest.safeParse({ type: 'APPLICANT_BANK_ACCOUNT', amount: 1500.5, bank_account: 'CZ65 0800 0000 1920 0014 5399', variable_symbol: 123, recipient_name: 'Jiří Čermák', message: 'Výplata úvěru (část 1/2)' });
    expect(ok.success && ok.data).toMatchObject({ amount: '1500.50', bank_account: 'CZ6508000000192000145399', variable_symbol: '123', recipient_name: 'Jiří Čermák' });
    const bad = purposeRequest.safeParse({ type: 'NOPE', amount: '0', bank_account: '124/0100', variable_symbol: '12345678901', message: 'Zpráva € & <tag>' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths.sort()).toEqual(['amount', 'bank_account', 'message', 'type', 'variable_symbol']);
  });

  it('takes a non-empty list of distinct drawing ids', () => {
    expect(paymentOrderRequest.safeParse([3, 1, 2]).success).toBe(true);
    expect(paymentOrderRequest.safeParse([]).success).toBe(false);
    expect(paymentOrderRequest.safeParse([1, 1]).error?.issues[0]?.message).toBe(purposeMessages.drawingsDuplicate);
    expect(paymentOrderRequest.safeParse({ drawings: [1] }).error?.issues[0]?.message).toBe(purposeMessages.drawingsList);
  });
});
