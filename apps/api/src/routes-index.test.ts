import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allRoutes } from './app.ts';
import { routeIndex } from './routes-index.ts';

describe('pnpm routes', () => {
  const routes = allRoutes();

  it('names the file of every route, and a search for the path finds it there', () => {
    const missing: string[] = [];
    for (const route of routes) {
      const file = route.file ?? '';
      if (!/\/src\/modules\/[a-z-]+\/([a-z-]+-)?router\.(ts|js)$/.test(file) || !fs.readFileSync(file, 'utf8').includes(`'${route.path}'`)) {
        missing.push(`${route.method.toUpperCase()} ${route.path} (${path.basename(path.dirname(file))}/${path.basename(file)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('prints method, path, who may call it and the file, filtered', () => {
    const rows = routeIndex(routes, '/api/v1/deals/');
    expect(rows.find((r) => r[0] === 'GET' && r[1] === '/api/v1/deals/')).toEqual(['GET', '/api/v1/deals/', 'staff: staff.read', 'apps/api/src/modules/deals/router.ts']);
    expect(rows.find((r) => r[0] === 'POST' && r[1] === '/api/v1/payments/statements/')).toBeUndefined();
    // The history (ADR 0047) and the upload, then one import: by path, then method.
    expect(routeIndex(routes, 'payments/statements').map((r) => `${r[0]} ${r[1]} ${r[2]}`)).toEqual([
      'GET /api/v1/payments/statements/ staff: staff.read',
      'POST /api/v1/payments/statements/ staff: payments.book',
      'GET /api/v1/payments/statements/:id/ staff: staff.read',
    ]);
    expect(routeIndex(routes).length).toBe(routes.length);
  });
});
