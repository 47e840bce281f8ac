import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createDeal } from '../../../test/fixtures/deals.ts';

// GET /search/?q=: the header's search — a deal by number, contract number or VS, persons by
// name, birth number, e-mail; `only` when exactly one thing matched.

let ctx: TestContext;
let viewer: string;
let dealId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  viewer = (await ctx.login('VIEWER')).access;
  const p = ctx.deps.prisma;
  const person = await p.person.create({ data: { firstName: 'Květoslava', lastName: 'Šťastná', email: 'kvetoslava.stastna@example.cz', birthNumber: '8851011234' } });
  await p.person.create({ data: { firstName: 'Květoslav', lastName: 'Šťastný', email: 'k.stastny@example.cz' } });
  const deal = await createDeal(p, { contractNumber: 'SU-2026-77123', variableSymbol: '9000077123', participants: [{ personId: person.id, role: 'BORROWER' }] });
  dealId = deal.id;
});
afterAll(() => ctx.close());

const search = (q: string) => ctx.http().get(`/api/v1/search/?q=${encodeURIComponent(q)}`).set(bearer(viewer));

describe('GET /api/v1/search/', () => {
  it('goes straight to a deal by its number, its contract number or its variable symbol', async () => {
    for (const q of [`#${dealId}`, 'SU-2026-77123', '9000077123']) {
      const res = await search(q);
      expect(res.status, res.text).toBe(200);
      expect(res.body.only, q).toMatchObject({ kind: 'DEAL', id: dealId, label: `Obchod #${dealId} · SU-2026-77123` });
      expect(res.body.only.detail).toContain('Květoslava Šťastná');
    }
  });

  it('lists both persons of a shared name, without diacritics too, and goes to one found by e-mail', async () => {
    const both = await search('stastn kvetoslav');
    expect(both.body.persons.map((h: { label: string }) => h.label).sort()).toEqual(['Květoslav Šťastný', 'Květoslava Šťastná']);
    // …and the deal of the one who has one.
    expect(both.body.deals.map((h: { id: number }) => h.id)).toEqual([dealId]);
    expect(both.body.only).toBeNull();
    const one = await search('k.stastny@example.cz');
    expect(one.body.only).toMatchObject({ kind: 'PERSON', label: 'Květoslav Šťastný' });
  });

  it('finds nothing for what nothing has, and asks for at least 2 characters', async () => {
    const none = await search('Zzyzxqwv');
    expect(none.body).toEqual({ deals: [], persons: [], more_deals: false, more_persons: false, only: null });
    const short = await search(' a ');
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ q: ['Zadejte alespoň 2 znaky.'] });
  });
});
