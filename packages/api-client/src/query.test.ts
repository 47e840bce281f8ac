import { describe, expect, it } from 'vitest';
import { fillPath, splitList, withQuery } from './query';

describe('withQuery', () => {
  it('drops empty values and joins lists with commas', () => {
    expect(withQuery('/api/v1/leads/', { page: 1, search: '', state: ['NEW', 'CLOSED'], person: undefined, source: null, none: [] })).toBe('/api/v1/leads/?page=1&state=NEW%2CCLOSED');
    expect(withQuery('/api/v1/leads/', {})).toBe('/api/v1/leads/');
    expect(splitList('NEW,CLOSED')).toEqual(['NEW', 'CLOSED']);
    expect(splitList('')).toEqual([]);
  });

  it('fills path parameters, encoded', () => {
    expect(fillPath('/api/v1/forms/{token}/documents/{id}/', { token: 'a b', id: 7 })).toBe('/api/v1/forms/a%20b/documents/7/');
  });
});
