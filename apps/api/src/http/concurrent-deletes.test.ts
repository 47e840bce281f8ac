import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { bearer } from '../../test/fixtures/auth.ts';
import { allRoutes } from '../app.ts';
import { configWithTempDataDir } from '../../test/fixtures/config.ts';
import { createForm, files } from '../../test/fixtures/documents.ts';

// Two people deleting the same item at the same moment: one deletes it (204), the others
// find nothing (404) — never a 500. The same for an edit racing the deletion. Every DELETE
// route of the table must be listed here.

let ctx: TestContext;
let temp: ReturnType<typeof configWithTempDataDir>;
let admin: string;
let leadId: number;
let personId: number;
let dealId: number;
beforeAll(async () => {
  temp = configWithTempDataDir();
  ctx = await createTestContext({ config: temp.config });
  admin = (await ctx.login('ADMIN')).access;
  const person = await ctx.deps.prisma.person.create({ data: { identificationType: 'BIRTH_NUMBER', firstName: 'Dana', lastName: 'Mazalová' } });
  personId = person.id;
  leadId = (await ctx.deps.prisma.lead.create({ data: { source: 'BACKOFFICE', personId } })).id;
  dealId = (await ctx.deps.prisma.deal.create({ data: { type: 'CONSUMER_LOAN', value: '100000.00' } })).id;
});
afterAll(async () => {
  await ctx.close();
  temp.cleanup();
});

const staffPost = async (path: string, body: object) => {
  const res = await ctx.http().post(path).set(bearer(admin)).send(body);
  expect(res.status, `${path}: ${res.text}`).toBe(201);
  return res.body.id as number;
};

/**
 * An ACTIVE deal of `type` made through the claims API (a model from 2030, so every claims group
 * is in the future): its claims groups, as they were generated.
 */
async function activeDeal(type: 'OTHER_DEAL' | 'LEASING' | 'SALE_AND_LEASEBACK', model: object) {
  const deal = await ctx.deps.prisma.deal.create({ data: { type, state: 'CONTRACT_SIGN', value: '100000.00', participants: { create: { personId, role: 'BORROWER' } } } });
  if (type === 'SALE_AND_LEASEBACK') {
    await ctx.deps.prisma.purpose.create({ data: { dealId: deal.id, type: 'TO_SELLING_BANK_ACCOUNT', amount: '1000000.00' } });
    const realty = await ctx.deps.prisma.realty.create({ data: { type: 'FLAT', city: 'Brno' } });
    await ctx.deps.prisma.realtyGroup.create({ data: { dealId: deal.id, realties: { create: { realtyId: realty.id } } } });
  }
  await staffPost(`/api/v1/deals/${deal.id}/deal-model/`, model);
  const activated = await ctx.http().post(`/api/v1/deals/${deal.id}/state/`).set(bearer(admin)).send({ state: 'ACTIVE' });
  expect(activated.status, activated.text).toBe(200);
  return { dealId: deal.id, groups: await ctx.deps.prisma.claimsGroup.findMany({ where: { dealId: deal.id }, orderBy: { number: 'asc' } }) };
}
const loanModel = { principal: '100000.00', annual_interest_rate: '9', term_months: 3, disbursement_date: '2030-01-15', first_due_date: '2030-02-15', installment_type: 'BULLET' };
const leaseModel = { principal: '1000000.00', term_months: 3, disbursement_date: '2030-01-01', first_due_date: '2030-01-15', parameters: { monthly_rent: '10000.00' } };

let serial = 0;
/**
 * Each DELETE route: how to make an item to delete (its path), and an edit of it, if it has one.
 * `gone`: what a second DELETE answers; money rows are cancelled, not deleted, so a claim or a
 * claims group stays and answers 409 (already cancelled) where a deleted item answers 404.
 */
const cases: Record<string, { create: () => Promise<string>; edit?: { method: 'patch' | 'put'; body: object }; gone?: 404 | 409 }> = {
  '/api/v1/leads/:leadId/call-data/:id/': {
    create: async () => `/api/v1/leads/${leadId}/call-data/${await staffPost(`/api/v1/leads/${leadId}/call-data/`, { outcome: 'REACHED' })}/`,
    edit: { method: 'patch', body: { note: 'Zavolat znovu' } },
  },
  '/api/v1/leads/:leadId/debt/:id/': {
    create: async () => `/api/v1/leads/${leadId}/debt/${await staffPost(`/api/v1/leads/${leadId}/debt/`, { type: 'CREDIT_CARD', creditor: 'Banka a.s.', remaining_amount: '5000.00' })}/`,
    edit: { method: 'patch', body: { note: 'Splaceno' } },
  },
  '/api/v1/leads/:leadId/incomes-expenses/:id/': {
    create: async () => `/api/v1/leads/${leadId}/incomes-expenses/${await staffPost(`/api/v1/leads/${leadId}/incomes-expenses/`, { kind: 'EXPENSE', category: 'HOUSING', amount: '12000.00' })}/`,
    edit: { method: 'put', body: { kind: 'EXPENSE', category: 'HOUSING', amount: '13000.00' } },
  },
  '/api/v1/persons/:personId/blacklist/:id/': {
    create: async () => `/api/v1/persons/${personId}/blacklist/${await staffPost(`/api/v1/persons/${personId}/blacklist/`, { reason: 'Podvodné doklady' })}/`,
  },
  '/api/v1/persons/:personId/labels/:id/': {
    create: async () => `/api/v1/persons/${personId}/labels/${await staffPost(`/api/v1/persons/${personId}/labels/`, { name: `Štítek ${++serial}` })}/`,
  },
  '/api/v1/deals/:dealId/purposes/:id/': {
    create: async () => `/api/v1/deals/${dealId}/purposes/${await staffPost(`/api/v1/deals/${dealId}/purposes/`, { type: 'COMMISSION', amount: '1000.00' })}/`,
    edit: { method: 'patch', body: { note: 'Upraveno' } },
  },
  '/api/v1/deals/purpose/purpose-drawing/:id/': {
    create: async () => {
      const purposeId = await staffPost(`/api/v1/deals/${dealId}/purposes/`, { type: 'COMMISSION', amount: '1000.00' });
      return `/api/v1/deals/purpose/purpose-drawing/${await staffPost(`/api/v1/deals/${dealId}/purposes/${purposeId}/drawings/`, { amount: '100.00' })}/`;
    },
    edit: { method: 'patch', body: { amount: '200.00' } },
  },
  '/api/v1/deals/:dealId/realty-groups/:id/': {
    create: async () => `/api/v1/deals/${dealId}/realty-groups/${await staffPost(`/api/v1/deals/${dealId}/realty-groups/`, { name: `Skupina ${++serial}` })}/`,
    edit: { method: 'put', body: { name: 'Přejmenovaná', mortgage: true } },
  },
  '/api/v1/deals/:dealId/deal-model/:id/': {
    create: async () => {
      const deal = await ctx.deps.prisma.deal.create({ data: { type: 'OTHER_DEAL', value: '100000.00' } });
      return `/api/v1/deals/${deal.id}/deal-model/${await staffPost(`/api/v1/deals/${deal.id}/deal-model/`, loanModel)}/`;
    },
    edit: { method: 'patch', body: { term_months: 6 } },
  },
  '/api/v1/deals/:dealId/claims/:id/': {
    create: async () => {
      const { dealId } = await activeDeal('OTHER_DEAL', loanModel);
      return `/api/v1/deals/${dealId}/claims/${await staffPost(`/api/v1/deals/${dealId}/claims/`, { type: 'FEE', due_date: '2030-03-01', amount: '150.00' })}/`;
    },
    edit: { method: 'patch', body: { amount: '120.00' } },
    gone: 409,
  },
  '/api/v1/deals/:dealId/claims-group/:id/': {
    // A bullet's first installment is interest only: it may be cancelled whole.
    create: async () => {
      const { dealId, groups } = await activeDeal('OTHER_DEAL', loanModel);
      return `/api/v1/deals/${dealId}/claims-group/${groups[0]!.id}/`;
    },
    edit: { method: 'patch', body: { note: 'Posunuto' } },
    gone: 409,
  },
  '/api/v1/deals/:dealId/claims-group-lease/:id/': {
    create: async () => {
      const { dealId, groups } = await activeDeal('LEASING', leaseModel);
      return `/api/v1/deals/${dealId}/claims-group-lease/${groups[1]!.id}/`;
    },
    edit: { method: 'put', body: { due_date: '2030-02-20', amounts: { RENT: '9000.00' } } },
    gone: 409,
  },
  '/api/v1/deals/:dealId/claims-group-leaseback/:id/': {
    create: async () => {
      const { dealId, groups } = await activeDeal('SALE_AND_LEASEBACK', { ...leaseModel, parameters: { monthly_rent: '10000.00', buyback_price: '1100000.00', buyback_deadline: '2030-04-01' } });
      return `/api/v1/deals/${dealId}/claims-group-leaseback/${groups[0]!.id}/`;
    },
    gone: 409,
  },
  '/api/v1/deals/:dealId/participants/:id/': {
    create: async () => {
      const person = await ctx.deps.prisma.person.create({ data: { identificationType: 'BIRTH_NUMBER', firstName: 'Ota', lastName: `Účastník ${++serial}` } });
      return `/api/v1/deals/${dealId}/participants/${await staffPost(`/api/v1/deals/${dealId}/participants/`, { person: person.id, role: 'DEBTOR' })}/`;
    },
    edit: { method: 'patch', body: { role: 'PLEDGER' } },
  },
  '/api/v1/deals/:dealId/label/:id/': {
    create: async () => `/api/v1/deals/${dealId}/label/${await staffPost(`/api/v1/deals/${dealId}/label/`, { name: `Štítek ${++serial}` })}/`,
    edit: { method: 'patch', body: { color: '#00aa00' } },
  },
  '/api/v1/deals/:dealId/debts/:id/': {
    create: async () => `/api/v1/deals/${dealId}/debts/${await staffPost(`/api/v1/deals/${dealId}/debts/`, { type: 'BANK_LOAN', creditor: 'Banka a.s.', amount: '1000.00' })}/`,
    edit: { method: 'patch', body: { note: 'Splaceno' } },
  },
  '/api/v1/deals/:dealId/obligations/:id/': {
    create: async () => `/api/v1/deals/${dealId}/obligations/${await staffPost(`/api/v1/deals/${dealId}/obligations/`, { type: 'OTHER', due_date: '2026-12-31' })}/`,
    edit: { method: 'patch', body: { note: 'Doručeno poštou' } },
  },
  '/api/v1/deals/:dealId/enforceable-claims/:id/': {
    create: async () => `/api/v1/deals/${dealId}/enforceable-claims/${await staffPost(`/api/v1/deals/${dealId}/enforceable-claims/`, { title_type: 'OTHER', amount: '100.00' })}/`,
    edit: { method: 'put', body: { title_type: 'OTHER', amount: '200.00' } },
  },
  '/api/v1/deals/:dealId/claims-settings/:id/': {
    create: async () => `/api/v1/deals/${dealId}/claims-settings/${await staffPost(`/api/v1/deals/${dealId}/claims-settings/`, { type: 'FEE', amount: '150.00' })}/`,
    edit: { method: 'patch', body: { grace_days: 5 } },
  },
  '/api/v1/deals/:dealId/claims-statements/:id/': {
    create: async () => {
      const { dealId } = await activeDeal('OTHER_DEAL', loanModel);
      return `/api/v1/deals/${dealId}/claims-statements/${await staffPost(`/api/v1/deals/${dealId}/claims-statements/`, { as_of: '2030-06-30' })}/`;
    },
  },
  '/api/v1/realties/purchased/:id/': {
    create: async () => `/api/v1/realties/purchased/${await staffPost('/api/v1/realties/purchased/', { realty: { type: 'FLAT', city: 'Brno' } })}/`,
    edit: { method: 'patch', body: { note: 'Čeká se na vklad' } },
  },
  '/api/v1/forms/:token/documents/:id/': {
    create: async () => {
      const form = await createForm(ctx.deps, { state: 'COLLATERAL_INFO' });
      const res = await ctx.http().post(`/api/v1/forms/${form.token}/documents/`).field('category', 'OTHER').attach('file', files.pdf, { filename: 'op.pdf', contentType: 'application/pdf' });
      expect(res.status, res.text).toBe(201);
      return `/api/v1/forms/${form.token}/documents/${res.body.id}/`;
    },
  },
};

const send = (method: 'delete' | 'patch' | 'put', path: string, body?: object) => {
  const req = ctx.http()[method](path).set(bearer(admin));
  return body ? req.send(body) : req;
};

describe('concurrent deletes of one item', () => {
  it('every DELETE route is covered', () => {
    const deletes = allRoutes().filter((r) => r.method === 'delete').map((r) => r.path);
    expect(deletes.sort()).toEqual(Object.keys(cases).sort());
  });

  for (const [route, { create, edit, gone = 404 }] of Object.entries(cases)) {
    it(`DELETE ${route}: one 204, the rest ${gone}`, async () => {
      for (let round = 0; round < 3; round++) {
        const path = await create();
        const answers = await Promise.all(Array.from({ length: 6 }, () => send('delete', path)));
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses, answers.map((a) => a.text).join(' | ')).toEqual([204, gone, gone, gone, gone, gone]);
        expect((await send('delete', path)).status).toBe(gone);
      }
    });

    if (edit) {
      // (participants answer an edit with 204 and no body, as the spec says)
      it(`${edit.method.toUpperCase()} ${route} racing its DELETE: 200 (204) or ${gone}`, async () => {
        for (let round = 0; round < 3; round++) {
          const path = await create();
          const answers = await Promise.all([send('delete', path), ...Array.from({ length: 5 }, () => send(edit.method, path, edit.body))]);
          expect(answers[0]!.status).toBe(204);
          for (const a of answers.slice(1)) expect([200, 204, gone], a.text).toContain(a.status);
        }
      });
    }
  }
});
