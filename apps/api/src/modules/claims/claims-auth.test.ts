import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffRole } from '@lending/contracts';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { claimsRoutes } from './router.ts';
import { bearer } from '../../../test/fixtures/auth.ts';

// The auth matrix of the claims module's routes, role by role, written from ROLES.md §1 (not
// read from contracts/permissions.ts): every role reads (and validates, which changes nothing);
// a lead becomes a deal and a draft model changes only by origination (ADMIN, UNDERWRITER); claims,
// claims groups and a model version activated are claims changes (ADMIN, COLLECTIONS,
// ACCOUNTANT); the state route admits every role but VIEWER (the target then asks its own
// permission, auth-matrix.test.ts). Paths name rows that do not exist: an admitted role gets its
// 404 (or 400), never 401/403, and nothing is written.

let ctx: TestContext;
const tokens = {} as Record<StaffRole, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of StaffRole.values) tokens[role] = (await ctx.login(role)).access;
});
afterAll(() => ctx.close());

const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '999999');
const ORIGINATION: readonly StaffRole[] = ['ADMIN', 'UNDERWRITER'];
const CLAIMS: readonly StaffRole[] = ['ADMIN', 'COLLECTIONS', 'ACCOUNTANT'];
const admitted = (role: StaffRole, route: (typeof claimsRoutes)[number]) => {
  if (route.method === 'get' || route.path.endsWith('/validate/')) return true;
  if (route.path === '/api/v1/deals/:id/state/') return role !== 'VIEWER';
  if (route.path === '/api/v1/leads/:id/deal/') return ORIGINATION.includes(role);
  if (route.path.includes('/deal-model/') && !route.path.endsWith('/activate/')) return ORIGINATION.includes(role);
  return CLAIMS.includes(role);
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
