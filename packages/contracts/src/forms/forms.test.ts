import { describe, expect, it } from 'vitest';
import { makeBirthNumber } from '../birth-number.ts';
import { makeCompanyId } from '../company-id.ts';
import { crowns, loanBounds, loanSchema } from './amounts.ts';
import { collateralSchema, createFormRequest, irregularOfferGroups, questionRequest } from './form-api.ts';
import { formMessages as m } from './messages.ts';
import { coDebtorSchema, isValidIdentityCard, normalisePhone, personInfoSchema } from './person.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, path?: string) =>
  result.error?.issues.find((i) => path === undefined || i.path.join('.') === path)?.message;

const address = { whole_address: 'Masarykova 12, 602 00 Brno', street: 'Masarykova', number: '12', city: 'Brno', zip: '602 00', district: 'Brno-město', region: 'Jihomoravský kraj' };
const person = {
  first_name: 'Jana',
  last_name: 'Nováková',
  email: 'Jana.Novakova@seznam.cz',
  phone: '777 123 456',
  birth_number: makeBirthNumber(new Date(Date.UTC(1985, 4, 17)), 'F', 12),
  permanent_address: address,
  identity_card: '123456789',
  consent: true,
};

describe('amounts (portal.md §5, docs/decisions/0003)', () => {
  const consumer = crowns(loanBounds.CONSUMER_LOAN.value);
  it.each([
    ['abc', m.numeric],
    ['12,5', m.wholeCrowns],
    [100000.5, m.wholeCrowns],
    ['', m.required],
    [undefined, m.required],
    [49_999, m.min50k],
    [5_000_001, m.max5m],
  ])('consumer loan %j → %s', (input, message) => {
    expect(firstMessage(consumer.safeParse(input))).toBe(message);
  });

  it('accepts whole crowns typed with spaces and Kč', () => {
    expect(consumer.parse('150 000 Kč')).toBe(150_000);
    expect(consumer.parse(50_000)).toBe(50_000);
  });

  it('business loans go up to 50 million, installments to 250 thousand', () => {
    expect(firstMessage(crowns(loanBounds.INVESTMENT_LOAN.value).safeParse(50_000_001))).toBe(m.max50m);
    expect(crowns(loanBounds.INVESTMENT_LOAN.value).parse(50_000_000)).toBe(50_000_000);
    expect(firstMessage(crowns(loanBounds.INVESTMENT_LOAN.installment).safeParse(250_001))).toBe(m.max250k);
  });

  it('installments: at least 1 000, consumer at most 50 000, and lower than the loan', () => {
    expect(firstMessage(crowns(loanBounds.CONSUMER_LOAN.installment).safeParse(999))).toBe(m.min1k);
    expect(firstMessage(crowns(loanBounds.CONSUMER_LOAN.installment).safeParse(50_001))).toBe(m.max50k);
    expect(firstMessage(loanSchema('CONSUMER_LOAN').safeParse({ value: 50_000, installment_value: 50_000 }), 'installment_value')).toBe(m.installmentBelowLoan);
    expect(loanSchema('CONSUMER_LOAN').parse({ value: 60_000, installment_value: 49_999 })).toMatchObject({ value: 60_000 });
  });

  it('business loans need a purpose', () => {
    expect(firstMessage(loanSchema('INVESTMENT_LOAN').safeParse({ value: 100_000, installment_value: 5_000 }), 'purpose')).toBe(m.required);
    expect(loanSchema('INVESTMENT_LOAN').parse({ value: 100_000, installment_value: 5_000, purpose: 'Nákup stroje' }).purpose).toBe('Nákup stroje');
  });
});

describe('create form request', () => {
  it('takes the loan step alone or with the contact', () => {
    expect(createFormRequest.parse({ type: 'CONSUMER_LOAN', value: 100_000, installment_value: 3_000 })).toMatchObject({ contact: null });
    const withContact = createFormRequest.parse({ type: 'CONSUMER_LOAN', value: 100_000, installment_value: 3_000, first_name: 'Jan', last_name: 'Novák', email: 'jan@seznam.cz', phone: '+420777123456' });
    expect(withContact.contact?.email).toBe('jan@seznam.cz');
  });
  it('reports every field error', () => {
    const r = createFormRequest.safeParse({ type: 'CONSUMER_LOAN', value: 'x', installment_value: 3_000, first_name: 'Jan', email: 'nope' });
    expect(firstMessage(r, 'value')).toBe(m.numeric);
    expect(firstMessage(r, 'email')).toBe(m.email);
    expect(firstMessage(r, 'phone')).toBe(m.required);
  });
});

describe('person data', () => {
  const consumer = personInfoSchema('CONSUMER_LOAN');
  it('accepts a complete applicant and normalises the e-mail', () => {
    expect(consumer.parse(person).email).toBe('jana.novakova@seznam.cz');
  });
  it.each([
    ['consent', false, m.consent],
    ['consent', undefined, m.consent],
    ['first_name', '  ', m.required],
    ['phone', '12345', m.phone],
    ['phone', '+49 30 123456', m.phone],
    ['birth_number', '8505170000', m.birthNumberInvalid],
    ['identity_card', 'AB12', m.identityCardInvalid],
    ['permanent_address', '', m.permanentAddressMissing],
    ['permanent_address', undefined, m.permanentAddressMissing],
    ['permanent_address', 'Masarykova 12, Brno', m.permanentAddressNotChosen],
    ['permanent_address', { whole_address: 'Masarykova 12, Brno' }, m.permanentAddressNotChosen],
  ])('%s = %j → %s', (field, value, message) => {
    expect(firstMessage(consumer.safeParse({ ...person, [field]: value }), field)).toBe(message);
  });
  it('accepts Czech and Slovak phones only', () => {
    expect(normalisePhone('777 123 456')).toBe('+420777123456');
    expect(normalisePhone('+421 905 123 456')).toBe('+421905123456');
    expect(normalisePhone('+48 512 345 678')).toBeNull();
  });
  it('knows both identity card formats', () => {
    expect(isValidIdentityCard('123456789')).toBe(true);
    expect(isValidIdentityCard('123456ab')).toBe(true);
    expect(isValidIdentityCard('12345678')).toBe(false);
  });
  it('business applicants give a valid IČO', () => {
    const business = personInfoSchema('INVESTMENT_LOAN');
    expect(firstMessage(business.safeParse(person), 'self_employed_id')).toBe(m.required);
    expect(firstMessage(business.safeParse({ ...person, self_employed_id: '12345678' }), 'self_employed_id')).toBe(m.companyIdInvalid);
    expect(business.parse({ ...person, self_employed_id: makeCompanyId(2559664) }).self_employed_id).toBe(makeCompanyId(2559664));
  });
});

describe('co-debtor', () => {
  it('requires every field; company id is optional and only for business loans', () => {
    const { consent: _c, ...debtor } = person;
    expect(coDebtorSchema('CONSUMER_LOAN').safeParse(debtor).success).toBe(true);
    expect(coDebtorSchema('INVESTMENT_LOAN').parse({ ...debtor, company_id: '' }).company_id).toBeUndefined();
    expect(firstMessage(coDebtorSchema('CONSUMER_LOAN').safeParse({ ...debtor, company_id: makeCompanyId(1) }), 'company_id')).toBeTruthy();
    for (const field of ['first_name', 'last_name', 'email', 'phone', 'birth_number', 'identity_card']) {
      expect(firstMessage(coDebtorSchema('CONSUMER_LOAN').safeParse({ ...debtor, [field]: undefined }), field)).toBe(m.required);
    }
  });
});

describe('collateral', () => {
  it('needs a chosen address and a type when there is a property', () => {
    expect(collateralSchema.parse({ have_realty: 'no' })).toMatchObject({ have_realty: 'no', realty_address: null });
    expect(firstMessage(collateralSchema.safeParse({ have_realty: 'yes', realty_type: 'FLAT' }), 'realty_address')).toBe(m.realtyAddressMissing);
    expect(firstMessage(collateralSchema.safeParse({ have_realty: 'yes', realty_type: 'FLAT', realty_address: 'U Potoka 5' }), 'realty_address')).toBe(m.realtyAddressNotChosen);
    expect(firstMessage(collateralSchema.safeParse({ have_realty: 'yes', realty_address: address }), 'realty_type')).toBe(m.required);
    expect(firstMessage(collateralSchema.safeParse({}), 'have_realty')).toBe(m.required);
  });
});

describe('questions', () => {
  it('discriminates by type', () => {
    expect(questionRequest.parse({ type: 'SAVE_APPLICATION_OFFER', value: '200000', installment_value: 5000 })).toEqual({ type: 'SAVE_APPLICATION_OFFER', value: '200000.00', installment_value: '5000.00' });
    expect(questionRequest.safeParse({ type: 'GUESS' }).success).toBe(false);
  });
  it('reads claim_group_1..n in order', () => {
    expect(irregularOfferGroups.parse({ claim_group_1: { order: 1, count: 3, amount: 5000 }, claim_group_2: { order: 2, count: 9, amount: 3000 } })).toHaveLength(2);
    expect(irregularOfferGroups.safeParse({}).success).toBe(false);
    expect(irregularOfferGroups.safeParse({ claim_group_1: { order: 1, count: 0, amount: 5000 } }).success).toBe(false);
  });
});
