import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bearer } from '../../test/fixtures/auth.ts';
import { allRoutes } from '../app.ts';
import { Permission, StaffRole } from '@lending/contracts';

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

// Who may move money, written out by hand from ROLES.md §1 (not derived from the table the routes
// read, contracts/permissions.ts): an operation and the roles that get past authorization; every
// other role gets 403. Paths name record 1 (none exists: an admitted role gets 400, 404 or 409).
const ADMIN_ACCOUNTANT = ['ADMIN', 'ACCOUNTANT'] as const;
const CLAIMS = ['ADMIN', 'COLLECTIONS', 'ACCOUNTANT'] as const;
const COLLECTIONS = ['ADMIN', 'COLLECTIONS'] as const;
const ORIGINATION = ['ADMIN', 'UNDERWRITER'] as const;
const REPORTING = ['ADMIN', 'UNDERWRITER', 'COLLECTIONS', 'ACCOUNTANT'] as const;
const MONEY_MOVING: [operation: string, roles: readonly StaffRole[], body?: object][] = [
  ['POST /api/v1/deals/1/claims/', CLAIMS],
  ['PUT /api/v1/deals/1/claims/1/', CLAIMS],
  ['PATCH /api/v1/deals/1/claims/1/', CLAIMS],
  ['DELETE /api/v1/deals/1/claims/1/', CLAIMS],
  ['PUT /api/v1/deals/1/claims-group/1/', CLAIMS],
  ['PATCH /api/v1/deals/1/claims-group/1/', CLAIMS],
  ['DELETE /api/v1/deals/1/claims-group/1/', CLAIMS],
  ['PUT /api/v1/deals/1/claims-group-lease/1/', CLAIMS],
  ['DELETE /api/v1/deals/1/claims-group-lease/1/', CLAIMS],
  ['POST /api/v1/deals/1/claims-group-lease/recompute/', CLAIMS],
  ['PUT /api/v1/deals/1/claims-group-leaseback/1/', CLAIMS],
  ['DELETE /api/v1/deals/1/claims-group-leaseback/1/', CLAIMS],
  ['POST /api/v1/deals/1/claims-settings/', CLAIMS],
  ['PUT /api/v1/deals/1/claims-settings/1/', CLAIMS],
  ['PATCH /api/v1/deals/1/claims-settings/1/', CLAIMS],
  ['DELETE /api/v1/deals/1/claims-settings/1/', CLAIMS],
  ['POST /api/v1/deals/1/deal-model/1/activate/', CLAIMS],
  ['POST /api/v1/deals/1/state/', ADMIN_ACCOUNTANT, { state: 'ACTIVE' }],
  ['POST /api/v1/deals/1/state/', CLAIMS, { state: 'CLOSED', closed_reason: 'CLOSED_DULY' }],
  ['POST /api/v1/deals/1/state/', COLLECTIONS, { state: 'FILED_FOR_INSOLVENCY' }],
  ['POST /api/v1/deals/1/state/', ORIGINATION, { state: 'CONTRACT_COMPLETION' }],
  ['POST /api/v1/deals/1/purposes/payments/', ADMIN_ACCOUNTANT],
  ['POST /api/v1/deals/1/purposes/1/drawings/', ORIGINATION],
  ['PATCH /api/v1/deals/purpose/purpose-drawing/1/', ORIGINATION, { amount: '10.00' }],
  ['PATCH /api/v1/deals/purpose/purpose-drawing/1/', ADMIN_ACCOUNTANT, { payment: 1 }],
  ['DELETE /api/v1/deals/purpose/purpose-drawing/1/', ORIGINATION],
  ['POST /api/v1/deals/1/purposes/', ORIGINATION],
  ['PUT /api/v1/deals/1/purposes/1/', ORIGINATION],
  ['DELETE /api/v1/deals/1/purposes/1/', ORIGINATION],
  ['POST /api/v1/deals/1/deal-model/', ORIGINATION],
  ['PUT /api/v1/deals/1/deal-model/1/', ORIGINATION],
  ['PATCH /api/v1/deals/1/deal-model/1/', ORIGINATION],
  ['DELETE /api/v1/deals/1/deal-model/1/', ORIGINATION],
  ['PUT /api/v1/deals/1/', ORIGINATION],
  ['PATCH /api/v1/deals/1/', ORIGINATION],
  ['POST /api/v1/deals/', ORIGINATION],
  ['POST /api/v1/leads/1/deal/', ORIGINATION],
  ['POST /api/v1/deals/1/enforceable-claims/', COLLECTIONS],
  ['PUT /api/v1/deals/1/enforceable-claims/1/', COLLECTIONS],
  ['DELETE /api/v1/deals/1/enforceable-claims/1/', COLLECTIONS],
  ['POST /api/v1/deals/1/claims-statements/', COLLECTIONS],
  ['POST /api/v1/deals/1/claims-statements/1/save/', COLLECTIONS],
  ['DELETE /api/v1/deals/1/claims-statements/1/', COLLECTIONS],
  ['POST /api/v1/payments/', ADMIN_ACCOUNTANT],
  ['PUT /api/v1/payments/1/', ADMIN_ACCOUNTANT],
  ['PATCH /api/v1/payments/1/', ADMIN_ACCOUNTANT],
  ['PATCH /api/v1/payments/bulk_assign_deals/', ADMIN_ACCOUNTANT],
  ['POST /api/v1/payments/bulk_create_payments/', ADMIN_ACCOUNTANT],
  ['POST /api/v1/payments/statements/', ADMIN_ACCOUNTANT],
  ['POST /api/v1/close-of-business/', ADMIN_ACCOUNTANT],
  // Collections (docs/decisions/0048): letters to debtors, messages, the desk.
  ['PUT /api/v1/deals/1/notice-groups/1/', COLLECTIONS],
  ['POST /api/v1/deals/1/notice-groups/1/send_notices/', COLLECTIONS],
  ['GET /api/v1/notifications/notify/', COLLECTIONS],
  ['POST /api/v1/notifications/notify/', COLLECTIONS],
  ['POST /api/v1/collections/assign/', COLLECTIONS],
  ['POST /api/v1/deals/1/collection-calls/', COLLECTIONS],
  ['POST /api/v1/deals/1/promises-to-pay/', COLLECTIONS],
  ['POST /api/v1/deals/1/promises-to-pay/1/cancel/', COLLECTIONS],
  // Credit-register batches (docs/decisions/0050): the lender's legal reporting; every role reads and downloads them.
  ['POST /api/v1/reporting/cncb/batch/', ADMIN_ACCOUNTANT],
  ['POST /api/v1/reporting/repi/1/repi-report/', ADMIN_ACCOUNTANT],
  // Reporting (docs/decisions/0049): a billing report's GET queues a job; VIEWER only reads.
  ['GET /api/v1/reporting/billing/claims-report/', REPORTING],
  ['GET /api/v1/reporting/billing/deal-states-report/', REPORTING],
  ['GET /api/v1/reporting/billing/payment-allocations-report/', REPORTING],
  ['GET /api/v1/reporting/billing/payments-report/', REPORTING],
  // A title deed's extract is paid for (docs/decisions/0051); purchased properties are the lender's own assets.
  ['POST /api/v1/title-deeds/download/', ['ADMIN', 'UNDERWRITER', 'COLLECTIONS']],
  ['POST /api/v1/realties/purchased/', ORIGINATION],
  ['PUT /api/v1/realties/purchased/1/', ORIGINATION],
  ['PATCH /api/v1/realties/purchased/1/', ORIGINATION],
  ['DELETE /api/v1/realties/purchased/1/', ORIGINATION],
  ['POST /api/v1/collateral-alerts/1/resolve/', ORIGINATION],
  ['POST /api/v1/realty-group/', ORIGINATION],
  ['PATCH /api/v1/realty-group/1/estimations/1/', ORIGINATION],
];

// Reads of personal data some roles must not see, written out by hand the same way: unmasked
// birth numbers and identity cards (ROLES.md §1, docs/decisions/0046) for the roles whose work
// needs them; ACCOUNTANT and VIEWER see them masked only.
const IDENTIFIERS = ['ADMIN', 'UNDERWRITER', 'COLLECTIONS'] as const;
const SENSITIVE_READS: typeof MONEY_MOVING = [
  ['POST /api/v1/persons/1/reveal-identifiers/', IDENTIFIERS],
  // The credit register's files carry unmasked birth numbers (docs/decisions/0050).
  ['GET /api/v1/reporting/cncb/batch/1/deal-report/', ADMIN_ACCOUNTANT],
  ['GET /api/v1/reporting/cncb/batch/1/person-report/', ADMIN_ACCOUNTANT],
];

describe('staff permissions', () => {
  it('every staff route names a permission of the table', () => {
    const staffRoutes = allRoutes().filter((r) => r.access.type === 'staff');
    expect(staffRoutes.length).toBeGreaterThan(150);
    const without = staffRoutes.filter((r) => r.access.type === 'staff' && !Permission.values.includes(r.access.permission));
    expect(without.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toEqual([]);
  });

  it('keeps the hand-written lists of money-moving operations and sensitive reads in step with the routes', () => {
    const routes = allRoutes();
    const missing = [...MONEY_MOVING, ...SENSITIVE_READS].filter(([op]) => {
      const [method, path] = op.split(' ') as [string, string];
      return !routes.some((r) => r.method === method.toLowerCase() && new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '\\d+')}$`).test(path));
    });
    expect(missing.map(([op]) => op)).toEqual([]);
  });

  const tokens = new Map<StaffRole, string>();
  beforeAll(async () => {
    for (const role of StaffRole.values) tokens.set(role, (await ctx.login(role)).access);
  });

  for (const [operation, admitted, body] of [...MONEY_MOVING, ...SENSITIVE_READS]) {
    it(`${operation}${body ? ` ${JSON.stringify(body)}` : ''}: only ${admitted.join(', ')} get past authorization`, async () => {
      const [method, path] = operation.split(' ') as [string, string];
      const answers: Record<string, number> = {};
      for (const role of StaffRole.values) {
        const res = await ctx.http()[method.toLowerCase() as 'post'](path).set(bearer(tokens.get(role)!)).send(body ?? {});
        answers[role] = res.status;
      }
      const expected = Object.fromEntries(StaffRole.values.map((role) => [role, admitted.includes(role) ? 'not 403' : 403]));
      expect(Object.fromEntries(Object.entries(answers).map(([role, status]) => [role, status === 403 ? 403 : 'not 403']))).toEqual(expected);
    });
  }

  it('answers 403 with the Czech sentence to a role without the permission', async () => {
    const res = await ctx.http().get('/api/v1/audit-log/').set(bearer(tokens.get('VIEWER')!));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'K této akci nemáte oprávnění.' });
  });

  it('describes the permission of each staff operation and its roles in the OpenAPI document', async () => {
    const doc = (await ctx.http().get('/api/v1/schema.yaml?format=json')).body as { paths: Record<string, Record<string, { description?: string; 'x-permission'?: string; 'x-roles'?: string[] }>> };
    const claims = doc.paths['/api/v1/deals/{dealId}/claims/']!.post!;
    expect(claims['x-permission']).toBe('claims.write');
    expect(claims['x-roles']).toEqual(['ADMIN', 'COLLECTIONS', 'ACCOUNTANT']);
    expect(claims.description).toContain('Oprávnění: `claims.write`');
  });
});
