import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bearer } from '../../test/fixtures/auth.ts';
import { allRoutes } from '../app.ts';
import { staffMayCall } from './auth.ts';

// Routes anyone may call. Everything else must answer 401 without credentials.
const PUBLIC = new Set([
  'GET /api/v1/healthcheck/live/',
  'GET /api/v1/healthcheck/ready/',
  'GET /api/v1/schema.yaml',
  'GET /api/v1/docs/',
  'GET /api/v1/docs/init.js',
  'POST /api/v1/auth/token/',
  'POST /api/v1/auth/token/refresh/',
  'POST /api/v1/forms/',
  'POST /api/v1/forms/question/',
  'GET /api/v1/forms/:token/',
  'GET /api/v1/forms/:token/preview/',
  'POST /api/v1/forms/:token/submit/',
  'POST /api/v1/forms/:token/question/',
  'POST /api/v1/address/suggest',
  'GET /api/v1/forms/:token/documents/',
  'POST /api/v1/forms/:token/documents/',
  'GET /api/v1/forms/:token/documents/:id/',
  'DELETE /api/v1/forms/:token/documents/:id/',
  'POST /api/v1/forms/:token/documents/bank-statements/validate/',
  'POST /api/v1/forms/:token/bank-connection/',
  'GET /api/v1/bank-sandbox/:client/',
  'POST /api/v1/bank-sandbox/:client/connect',
]);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');

describe('auth matrix: every registered route', () => {
  const routes = allRoutes();

  it('marks exactly the agreed routes public', () => {
    const publicRoutes = routes.filter((r) => r.access.type === 'public').map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(new Set(publicRoutes)).toEqual(PUBLIC);
  });

  for (const route of routes.filter((r) => r.access.type !== 'public')) {
    it(`${route.method.toUpperCase()} ${route.path} answers 401 without credentials`, async () => {
      const res = await ctx.http()[route.method](concrete(route.path)).send(route.method === 'get' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBeTruthy();
    });
    it(`${route.method.toUpperCase()} ${route.path} answers 401 with credentials of the wrong kind`, async () => {
      const header = route.access.type === 'staff' ? 'Api-Key lk_aaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' : 'Bearer not-a-jwt';
      const res = await ctx.http()[route.method](concrete(route.path)).set('Authorization', header).send(route.method === 'get' ? undefined : {});
      expect(res.status).toBe(401);
    });
  }
});

describe('staff roles', () => {
  it('lets VIEWER read but not write, and every other role read and write', () => {
    expect(staffMayCall('VIEWER', 'get')).toBe(true);
    for (const m of ['post', 'put', 'patch', 'delete'] as const) expect(staffMayCall('VIEWER', m)).toBe(false);
    for (const role of ['ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT'] as const) {
      expect(staffMayCall(role, 'post')).toBe(true);
    }
    expect(staffMayCall('UNDERWRITER', 'get', ['ADMIN'])).toBe(false);
  });

  it('answers 403 to a role the route does not admit', async () => {
    const { access } = await ctx.login('VIEWER');
    const res = await ctx.http().get('/api/v1/audit-log/').set(bearer(access));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'K této akci nemáte oprávnění.' });
  });
});
