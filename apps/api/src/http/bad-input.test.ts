import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { allRoutes } from '../app.ts';
import { seedDemoData } from '../seed/seed-demo-data.ts';

// Bad input gets a clear 4xx, never a 500: every staff and public route of the table, on the
// demo data, with ids that exist, ids that do not, ids that are not numbers, junk queries and
// bodies of the wrong shape.

let ctx: TestContext;
let bearer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoData(ctx.deps.prisma, { adminEmail: 'spravce@demo.cz', adminPassword: 'Demo-heslo-2026', publicUrl: 'http://localhost:3000' });
  bearer = `Bearer ${(await ctx.login('ADMIN')).access}`;
}, 120_000);
afterAll(() => ctx.close());

const JUNK_QUERY = {
  page: 'abc',
  page_size: '-5',
  ordering: 'password',
  date_from: '2026-13-45',
  date_to: 'včera',
  created_from: '31.12.2026',
  excluded_ids: '1,x,,3',
  has_deal: 'možná',
  state: 'NOPE',
  type: '💥',
  person: '1e3',
  file_mark: '%',
  search: "'; DROP TABLE persons; --",
  only_latest: 'ano',
};
const JUNK_BODIES: unknown[] = [{}, { value: 'sto tisíc', type: 42, reason: [], kind: 'X', claim_groups: 'a', amount: -1, email: 'x' }, [1, 2, 3], 'text', null];

describe('no route answers 500 to bad input', () => {
  const routes = allRoutes().filter((r) => (r.access.type === 'staff' || r.access.type === 'public') && !r.path.startsWith('/api/v1/docs'));

  for (const route of routes) {
    it(`${route.method.toUpperCase()} ${route.path}`, async () => {
      const statuses: string[] = [];
      const call = async (path: string, query: object, body?: unknown) => {
        const req = ctx.http()[route.method](path).query(query).set('Authorization', bearer);
        const res = body === undefined ? await req : await req.set('Content-Type', 'application/json').send(JSON.stringify(body));
        statuses.push(`${path} ${JSON.stringify(query)} ${JSON.stringify(body)} → ${res.status}`);
        expect(res.status, statuses.join('\n')).toBeLessThan(500);
      };
      for (const id of ['1', '999999', 'abc', '1.5']) {
        const path = route.path.replace(/:[A-Za-z_]+/g, id);
        // Query validation runs first: junk queries alone, then each junk body alone.
        await call(path, JUNK_QUERY);
        for (const [key, value] of Object.entries(JUNK_QUERY)) await call(path, { [key]: value });
        if (route.method !== 'get') for (const body of JUNK_BODIES) await call(path, {}, body);
      }
    });
  }
});
