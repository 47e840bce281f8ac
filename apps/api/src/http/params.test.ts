import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bearer } from '../../test/fixtures/auth.ts';
import { allRoutes } from '../app.ts';
import { idParamNames, parseRecordId, pathParams } from './params.ts';

describe('record ids in paths', () => {
  it('takes plain digits from 1 to 2 147 483 647 and nothing else', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('16')).toBe(16);
    expect(parseRecordId('2147483647')).toBe(2_147_483_647);
    for (const bad of ['0', '0x10', '1e3', ' 7 ', '7 ', '007', '+7', '-7', '7.0', '2147483648', '99999999999', '', '١٢', 'abc', '7%00']) {
      expect(parseRecordId(bad), bad).toBeNull();
    }
  });

  it('knows which parameters are ids', () => {
    expect(idParamNames('/api/v1/deals/:dealId/claims/:id/')).toEqual(['dealId', 'id']);
    expect(idParamNames('/api/v1/forms/:token/documents/:id/')).toEqual(['id']);
    expect(idParamNames('/api/v1/bank-sandbox/:client/connect')).toEqual([]);
    expect(pathParams('/api/v1/leads/:leadId/debts/:id/', { leadId: '3', id: '1e3' })).toBeNull();
    expect(pathParams('/api/v1/leads/:leadId/debts/:id/', { leadId: '3', id: '1000' })).toEqual({ leadId: 3, id: 1000 });
  });
});

describe('every route with an id in its path', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await ctx.login('ADMIN')).access;
  });
  afterAll(() => ctx.close());

  const routes = allRoutes().filter((r) => idParamNames(r.path).length > 0 && r.access.type !== 'apiKey' && r.access.type !== 'basic');

  it('has routes to try', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  // Each id in turn written as 0x10, 1e3, " 7 " (encoded), 007: the answer is 404 with the
  // usual body, never the record 16, 1000 or 7 and never a 400 about the body.
  for (const route of routes) {
    it(`${route.method.toUpperCase()} ${route.path} answers 404 to ids that are not plain digits`, async () => {
      for (const name of idParamNames(route.path)) {
        for (const bad of ['0x10', '1e3', '%207%20', '007']) {
          const url = route.path.replace(/:([A-Za-z_]+)/g, (_m, p: string) => (p === name ? bad : p === 'token' ? 'x' : '1'));
          const res = await ctx.http()[route.method](url).set(bearer(admin)).send(route.method === 'get' ? undefined : {});
          expect(res.status, `${url}`).toBe(404);
          expect(res.body).toEqual({ detail: 'Nenalezeno.' });
        }
      }
    });
  }
});
