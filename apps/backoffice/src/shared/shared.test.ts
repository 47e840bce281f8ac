import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './api';
import { formatCzk, formatDate, formatPercent, formatPhone, pluralize } from './format';
import { amountFromInput, amountOrNull, amountToInput, intOrText, validate } from './form';
import { withQuery, splitList } from './query';
import { nextOrdering } from './ui/DataTable';
import { pageWindow } from './ui/Pagination';
import { closeLeadRequest, leadDebtRequest } from '@lending/contracts';

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 name with Czech diacritics', () => {
    expect(fileNameFromDisposition(`attachment; filename="proverka.pdf"; filename*=UTF-8''prov%C4%9Brka-%C5%A0%C5%A5astn%C3%BD.pdf`)).toBe('prověrka-Šťastný.pdf');
  });

  it('reads a plain quoted or bare name, and nothing from nothing', () => {
    expect(fileNameFromDisposition('attachment; filename="vypis \\"unor\\".pdf"')).toBe('vypis "unor".pdf');
    expect(fileNameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('withQuery', () => {
  it('drops empty values and joins lists with commas', () => {
    expect(withQuery('/api/v1/leads/', { page: 1, search: '', state: ['NEW', 'CLOSED'], person: undefined, source: null, none: [] })).toBe(
      '/api/v1/leads/?page=1&state=NEW%2CCLOSED',
    );
    expect(withQuery('/api/v1/leads/', {})).toBe('/api/v1/leads/');
    expect(splitList('NEW,CLOSED')).toEqual(['NEW', 'CLOSED']);
    expect(splitList('')).toEqual([]);
  });
});

describe('ordering and paging', () => {
  it('sorts ascending first and flips on the same column', () => {
    expect(nextOrdering('-created_at', 'value')).toBe('value');
    expect(nextOrdering('value', 'value')).toBe('-value');
    expect(nextOrdering('-value', 'value')).toBe('value');
  });

  it('shows the pages around the current one with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe('Czech formatting', () => {
  it('formats money, dates, ratios and plurals the Czech way', () => {
    expect(formatCzk(1234567.5).replace(/\s/g, ' ')).toBe('1 234 567,50 Kč');
    // Whole crowns without haléře, as the portal (issue 12, item 11).
    expect(formatCzk('120000.00').replace(/\s/g, ' ')).toBe('120 000 Kč');
    expect(formatDate('2025-03-01')).toBe('1. 3. 2025');
    expect(formatPercent(0.355).replace(/\s/g, ' ')).toBe('35,5 %');
    expect(pluralize(1, 'žádost', 'žádosti', 'žádostí')).toBe('1 žádost');
    expect(pluralize(3, 'žádost', 'žádosti', 'žádostí')).toBe('3 žádosti');
    expect(pluralize(5, 'žádost', 'žádosti', 'žádostí')).toBe('5 žádostí');
  });
});

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

describe('formatPhone', () => {
  it('formats the stored E.164 one way, and shows a phone without one as typed', () => {
    expect(formatPhone('+420604512877')).toBe('+420 604 512 877');
    expect(formatPhone('+421905123456', '0905 123 456')).toBe('+421 905 123 456');
    expect(formatPhone(null, '604 512 87')).toBe('604 512 87');
  });
});
