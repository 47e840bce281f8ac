import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffRole } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { claimsRoutes } from './router.ts';
import { bearer } from '../../../test/fixtures/auth.ts';

// The auth matrix of the claims module's routes, role by role: every role reads (and validates,
// which changes nothing), every role but VIEWER writes, a lead becomes a deal only by ADMIN or
// UNDERWRITER (who work leads). Paths name rows that do not exist: an admitted role gets its
// 404 (or 400), never 401/403, and nothing is written.

let ctx: TestContext;
const tokens = {} as Record<StaffRole, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of StaffRole.values) tokens[role] = (await ctx.login(role)).access;
});
afterAll(() => ctx.close());

const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '999999');
const admitted = (role: StaffRole, route: (typeof claimsRoutes)[number]) => {
  if (route.path === '/api/v1/leads/:id/deal/') return role === 'ADMIN' || role === 'UNDERWRITER';
  if (route.method === 'get' || route.path.endsWith('/validate/')) return true;
  return role !== 'VIEWER';
};

describe('claims module: auth matrix', () => {
  it('has routes to check', () => expect(claimsRoutes.length).toBeGreaterThan(30));

  for (const route of claimsRoutes) {
    it(`${route.method.toUpperCase()} ${route.path}`, async () => {
      const anonymous = await ctx.http()[route.method](concrete(route.path)).send(route.method === 'get' ? undefined : {});
      expect(anonymous.status).toBe(401);
      for (const role of StaffRole.values) {
        const res = await ctx.http()[route.method](concrete(route.path)).set(bearer(tokens[role])).send(route.method === 'get' ? undefined : {});
        if (admitted(role, route)) expect([400, 404], `${role}: ${res.status} ${res.text}`).toContain(res.status);
        else expect([res.status, res.body], role).toEqual([403, { detail: 'K této akci nemáte oprávnění.' }]);
      }
    });
  }
});
