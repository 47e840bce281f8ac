import { describe, expect, it } from 'vitest';
import { bankReturnRedirect, decodeIrregularOffer, decodeOffer, guardRedirect, irregularOfferRows, OFFER_FORMAT_ERROR, stepForState, stepUrl } from './logic';

const b64 = (value: unknown) => btoa(JSON.stringify(value));

describe('state → step', () => {
  it.each([
    [null, '/'],
    [undefined, '/'],
    ['BASIC_DEAL_INFO', '/osobni-udaje'],
    ['PERSON_INFO', '/zajisteni'],
    ['COLLATERAL_INFO', '/dokumenty'],
  ] as const)('%s → %s', (state, path) => {
    expect(stepForState(state)).toBe(path);
  });
});

describe('offer drafts from the query', () => {
  it('decodes a regular offer, principal standing for value', () => {
    // Amounts come back as the API writes money, whatever form the link carried.
    expect(decodeOffer(b64({ value: 180000, installment_value: 4500 }))).toEqual({ value: '180000.00', installment_value: '4500.00' });
    expect(decodeOffer(b64({ principal: '90000', installment_value: '3000.5' }))).toEqual({ value: '90000.00', installment_value: '3000.50' });
  });
  it.each([b64({ value: 1 }), b64({ installment_value: 5 }), b64([1, 2]), 'not base64!!', btoa('{broken')])('refuses %s', (encoded) => {
    expect(() => decodeOffer(encoded)).toThrow(OFFER_FORMAT_ERROR);
  });
  it('decodes an irregular offer and numbers its payments', () => {
    const offer = decodeIrregularOffer(b64({ claim_group_1: { order: 1, count: 3, amount: 8000 }, claim_group_2: { order: 2, count: 21, amount: 4000 }, claim_group_3: { order: 3, count: 1, amount: 100 } }));
    expect(irregularOfferRows(offer)).toEqual([
      { label: '1.–3. splátka', amount: '8000.00' },
      { label: '4.–24. splátka', amount: '4000.00' },
      { label: '25. splátka', amount: '100.00' },
    ]);
  });
  it('needs claim_group_1', () => {
    expect(() => decodeIrregularOffer(b64({ claim_group_2: { order: 1, count: 1, amount: 1 } }))).toThrow(OFFER_FORMAT_ERROR);
  });
});

describe('route guard', () => {
  const token = 'T'.repeat(32);
  it('rule 1: the bank return, with clientId in the query or glued to the token', () => {
    expect(bankReturnRedirect('/dokumenty', new URLSearchParams(`token=${token}?clientId=abc`))).toBe(`/dokumenty?token=${token}&screening=true`);
    expect(bankReturnRedirect('/', new URLSearchParams(`token=${token}XYZ&clientId=abc`))).toBe(`/dokumenty?token=${token}&screening=true`);
    expect(bankReturnRedirect('/dokumenty', new URLSearchParams(`token=${token}`))).toBeNull();
  });
  it('rule 2: Cover needs a token and the person data, Documents a token; the rest is open', () => {
    expect(guardRedirect('/zajisteni', { token: null, state: null })).toBe('/');
    expect(guardRedirect('/zajisteni', { token, state: 'BASIC_DEAL_INFO' })).toBe('/');
    expect(guardRedirect('/zajisteni', { token, state: 'PERSON_INFO' })).toBeNull();
    expect(guardRedirect('/dokumenty', { token: null, state: null })).toBe('/');
    expect(guardRedirect('/dokumenty', { token, state: 'BASIC_DEAL_INFO' })).toBeNull();
    for (const path of ['/', '/vyse-pujcky', '/osobni-udaje', '/odeslano', '/neco']) expect(guardRedirect(path, { token: null, state: null })).toBeNull();
  });
  it('keeps token and type in step URLs', () => {
    expect(stepUrl('/zajisteni', { token, type: 'CONSUMER_LOAN' })).toBe(`/zajisteni?token=${token}&type=CONSUMER_LOAN`);
    expect(stepUrl('/', {})).toBe('/');
  });
});
