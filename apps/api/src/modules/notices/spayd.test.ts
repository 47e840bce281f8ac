import { describe, expect, it } from 'vitest';
import { asciiText, spaydString } from './spayd.ts';

const base = { iban: 'CZ4101000000002001234561', amount: '12345.50', variableSymbol: '2024000123', dueDate: '2026-11-30', message: 'Upomínka smlouva 2024/123' };

/** The value of one key, the string split on its `*` separators as a reader of the standard does. */
const field = (spayd: string, key: string) => spayd.split('*').find((part) => part.startsWith(`${key}:`))?.slice(key.length + 1);

describe('spaydString (QR Platba, SPAYD 1.0)', () => {
  it('writes the known answer worked out by hand from the standard', () => {
    expect(spaydString(base)).toBe('SPD*1.0*ACC:CZ4101000000002001234561*AM:12345.50*CC:CZK*X-VS:2024000123*DT:20261130*MSG:Upominka smlouva 2024/123');
  });

  it('writes the amount with two decimals and a dot, exactly as given', () => {
    expect(field(spaydString({ ...base, amount: '12345.5' }), 'AM')).toBe('12345.50');
    expect(field(spaydString({ ...base, amount: '100' }), 'AM')).toBe('100.00');
    expect(field(spaydString({ ...base, amount: '0.01' }), 'AM')).toBe('0.01');
    expect(field(spaydString({ ...base, amount: '007.5' }), 'AM')).toBe('7.50');
    // 10 characters is AM's maximum.
    expect(field(spaydString({ ...base, amount: '9999999.99' }), 'AM')).toBe('9999999.99');
  });

  it('refuses amounts that are not positive, too long or not a plain decimal', () => {
    for (const amount of ['0', '0.00', '-5', '-0.01', '10000000.00', '10000000', '1.005', '1e3', '12 345,50', '', 'NaN']) {
      expect(() => spaydString({ ...base, amount }), amount).toThrow(/QR Platba: částka/);
    }
  });

  it('escapes `*` (and `%`) in the message, so the fields still split where the standard says', () => {
    const spayd = spaydString({ ...base, message: 'Splátka *2024* 100%' });
    expect(field(spayd, 'MSG')).toBe('Splatka %2A2024%2A 100%25');
    expect(spayd.split('*')).toHaveLength(8); // SPD, 1.0 and six keys
  });

  it('strips diacritics from the message but keeps its case and punctuation readable', () => {
    expect(field(spaydString({ ...base, message: 'Příliš žluťoučký kůň úpěl ďábelské ódy' }), 'MSG')).toBe('Prilis zlutoucky kun upel dabelske ody');
    expect(field(spaydString({ ...base, message: 'ŘÍJEN – ŠŤÁVA „2024“' }), 'MSG')).toBe('RIJEN - STAVA "2024"');
    expect(asciiText('Dlužná částka 1\u00a0200\u00a0Kč')).toBe('Dluzna castka 1 200 Kc');
  });

  it('percent-encodes what has no ASCII form', () => {
    expect(field(spaydString({ ...base, message: 'Platba 5 €' }), 'MSG')).toBe('Platba 5 %E2%82%AC');
  });

  it('cuts the message to 60 characters before escaping, never through an escape', () => {
    expect(field(spaydString({ ...base, message: 'á'.repeat(80) }), 'MSG')).toBe('a'.repeat(60));
    expect(field(spaydString({ ...base, message: `${'x'.repeat(59)}*yz` }), 'MSG')).toBe(`${'x'.repeat(59)}%2A`);
    // Runs of white space count as one; a space left at the cut is dropped.
    expect(field(spaydString({ ...base, message: `  ${'y'.repeat(59)}   z` }), 'MSG')).toBe('y'.repeat(59));
  });

  it('leaves out the optional keys when they are empty', () => {
    expect(spaydString({ ...base, variableSymbol: null, dueDate: null, message: null })).toBe('SPD*1.0*ACC:CZ4101000000002001234561*AM:12345.50*CC:CZK');
    expect(spaydString({ ...base, variableSymbol: '', message: '   ' })).toBe('SPD*1.0*ACC:CZ4101000000002001234561*AM:12345.50*CC:CZK*DT:20261130');
  });

  it('takes a variable symbol of 1 to 10 digits only', () => {
    expect(field(spaydString({ ...base, variableSymbol: '0012' }), 'X-VS')).toBe('0012');
    expect(field(spaydString({ ...base, variableSymbol: '9999999999' }), 'X-VS')).toBe('9999999999');
    for (const vs of ['12345678901', '12A', '12 34', '-1', '2024*1']) expect(() => spaydString({ ...base, variableSymbol: vs }), vs).toThrow(/variabilní symbol/);
  });

  it('takes the IBAN without its spaces and refuses one that fails the check digits', () => {
    expect(field(spaydString({ ...base, iban: 'CZ41 0100 0000 0020 0123 4561' }), 'ACC')).toBe('CZ4101000000002001234561');
    expect(() => spaydString({ ...base, iban: 'CZ4101000000002001234562' })).toThrow(/IBAN/);
    expect(() => spaydString({ ...base, iban: '2001234561/0100' })).toThrow(/IBAN/);
  });

  it('writes the due date as YYYYMMDD and refuses days that do not exist', () => {
    expect(field(spaydString({ ...base, dueDate: '2027-01-05' }), 'DT')).toBe('20270105');
    for (const day of ['2026-02-30', '30.11.2026', '2026-11-30T00:00:00Z']) expect(() => spaydString({ ...base, dueDate: day }), day).toThrow(/datum/);
  });
});
