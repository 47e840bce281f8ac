import { describe, expect, it } from 'vitest';
import { DealType } from '@lending/contracts';
import { amount, DEAL_FIELDS, dealLine, field, fileName, headerLine, PERSON_FIELDS, personLine, PRODUCT_CODES, REPORTED_DEAL_TYPES, REPORTED_ROLES, ROLE_CODES, trailerLine, type DealSource, type PersonSource } from './layout.ts';

// The record layout on its own (docs/decisions/0050): what changes with it when the register's
// member specification replaces it. The API test (credit-register.test.ts) reads files through it.

const deal: DealSource = {
  dealId: 7,
  contractNumber: 'SU;7\r\n',
  dealType: 'CONSUMER_LOAN',
  phase: 'ACTIVE',
  closedReason: null,
  appliedOn: '2026-01-02',
  contractedOn: '2026-01-05',
  maturityOn: '2027-01-15',
  closedOn: null,
  creditAmount: '100000',
  installmentAmount: '8884.875',
  installments: 12,
  outstanding: '50000.5',
  overdue: '0',
  daysPastDue: 0,
  worstDaysPastDue: 31,
  realtySecured: true,
  pledged: true,
  insolvency: false,
};

describe('the layout', () => {
  it('escapes fields: no separator, CR or LF inside; NFC; nothing as empty', () => {
    expect(field('a;b\r\nc')).toBe('a b  c');
    expect(field(null)).toBe('');
    expect(field(undefined)).toBe('');
    expect(field(0)).toBe('0');
    // "c" + combining caron is written as the one character "č".
    expect(field('c\u030c')).toBe('č');
  });

  it('writes amounts with a dot and two decimals, exactly', () => {
    expect([amount('100000'), amount('0.1'), amount('8884.875'), amount('-0.005'), amount('12345678901234.99'), amount(null)]).toEqual([
      '100000.00',
      '0.10',
      '8884.88',
      '-0.01',
      '12345678901234.99',
      '',
    ]);
  });

  it('writes one CRLF line per record with the number of fields its array names', () => {
    const line = dealLine(deal);
    expect(line.endsWith('\r\n')).toBe(true);
    const fields = line.slice(0, -2).split(';');
    expect(fields).toHaveLength(DEAL_FIELDS.length);
    expect(fields.slice(0, 5)).toEqual(['S', '7', 'SU 7  ', 'SPOTREBITELSKY_UVER', 'AKTIVNI']);
    expect(Object.fromEntries(DEAL_FIELDS.map((f, i) => [f.name, fields[i]]))).toMatchObject({ installment_amount: '8884.88', outstanding: '50000.50', worst_dpd_bucket: '31-60', security: 'NEMOVITOST' });
    // An application has no balance, its DPD is 0, whatever the claims say.
    const application = dealLine({ ...deal, phase: 'REQUEST' }).slice(0, -2).split(';');
    expect(Object.fromEntries(DEAL_FIELDS.map((f, i) => [f.name, application[i]]))).toMatchObject({ outstanding: '0.00', worst_days_past_due: '0', contracted_on: '', maturity_on: '' });
    const person: PersonSource = {
      dealId: 7,
      contractNumber: null,
      role: 'ACCESSORY_DEBTOR',
      personId: 3,
      identificationType: 'BIRTH_NUMBER',
      firstName: 'Jan',
      lastName: 'Novák',
      companyName: null,
      birthNumber: '7001011234',
      birthDate: '1970-01-01',
      companyId: '12345678',
      citizenship: 'CZ',
      wholeAddress: 'Husova 5, Brno',
      street: null,
      houseNumber: null,
      city: null,
      zip: '602 00',
      country: 'CZ',
    };
    const p = personLine(person).slice(0, -2).split(';');
    expect(p).toHaveLength(PERSON_FIELDS.length);
    expect(Object.fromEntries(PERSON_FIELDS.map((f, i) => [f.name, p[i]]))).toMatchObject({ role: 'SPOLUDLUZNIK', person_type: 'FOP', street: 'Husova 5, Brno', zip: '60200' });
  });

  it('frames a file with a header and a trailer that count its records', () => {
    const context = { part: 'persons' as const, period: '2026-10', asOf: '2026-10-31', createdAt: new Date('2026-11-10T09:00:00.123Z'), records: 42 };
    expect(headerLine(context)).toBe('H;CLEN-NRKI-NEPRIDELEN;OSOBY;2026-10;2026-10-31;2026-11-10T09:00:00Z;42;LENDING-NRKI-1\r\n');
    expect(trailerLine(context)).toBe('T;OSOBY;42\r\n');
    expect(fileName('deals', '2026-10')).toBe('cncb-2026-10-smlouvy.txt');
  });

  it('reports the credit types and the debtor side only, the strongest role first', () => {
    expect(REPORTED_DEAL_TYPES.sort()).toEqual(['BORROWING', 'CONSUMER_LOAN', 'INVESTMENT_LOAN', 'INVESTMENT_LOAN_V15', 'INVESTMENT_LOAN_V151', 'INVESTMENT_LOAN_V2', 'LEASING', 'SALE_AND_LEASEBACK']);
    expect(DealType.values.filter((t) => !PRODUCT_CODES[t])).toEqual(['HARD_COLLECTION', 'LEASE', 'OTHER_DEAL', 'SALE']);
    expect(REPORTED_ROLES.map((r) => ROLE_CODES[r])).toEqual(['DLUZNIK', 'DLUZNIK', 'DLUZNIK', 'DLUZNIK', 'SPOLUDLUZNIK', 'ZASTAVCE', 'ZASTAVCE']);
  });
});
