import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/context.ts';
import { dealBalances, dealClaimsAsOf } from '../../servicing/index.ts';
import { bearer } from '../../../../test/fixtures/auth.ts';
import { annuityModel, dealFixtures, payClaim } from '../../../../test/fixtures/deals.ts';

// Claims of a deal over real HTTP and PostgreSQL: the list and its filters, the export, claims
// entered, changed and cancelled by hand, and what other modules read (balances, as of a day).
// Today is 20 April 2026; the loan is the schedule test's (8 884.88 a month from 15 February).

let ctx: TestContext;
let admin: string;
let viewer: string;
let f: ReturnType<typeof dealFixtures>;
const clock = new Date('2026-04-20T09:00:00Z');
let dealId: number;
let creditorId: number;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  admin = (await ctx.login('ADMIN')).access;
  viewer = (await ctx.login('VIEWER')).access;
  f = dealFixtures(ctx);
  const deal = await f.deal({ participants: ['BORROWER', 'CREDITOR'] });
  dealId = deal.id;
  creditorId = deal.participants.find((x) => x.role === 'CREDITOR')!.personId;
  await f.purpose(dealId, '100000.00');
  await f.activate(admin, dealId, annuityModel);
});
afterAll(() => ctx.close());

const url = (path = '') => `/api/v1/deals/${dealId}/claims/${path}`;
const get = (path: string, token = viewer) => ctx.http().get(path).set(bearer(token));
const claimsOf = async (query: string) => (await get(url(`?page_size=100&${query}`))).body.results as { id: number; type: string; due_date: string; amount: string; claims_group_id: number | null }[];

describe('GET /deals/{dealId}/claims/', () => {
  it('lists the live claims by due date with money as strings; each filter changes the result', async () => {
    const all = await get(url());
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(24);
    expect(all.body.results[0]).toMatchObject({ deal_id: dealId, type: 'PRINCIPAL', due_date: '2026-02-15', amount: '7884.88', paid_amount: '0.00', outstanding: '7884.88', creditor_id: creditorId, cancelled_at: null });
    expect(all.body.next).toContain('page=2');

    expect((await claimsOf('type=INTEREST')).map((c) => c.amount).slice(0, 3)).toEqual(['1000.00', '921.15', '841.51']);
    expect(await claimsOf('type=INTEREST,PRINCIPAL&date_from=2026-03-01&date_to=2026-04-15')).toHaveLength(4);
    expect((await claimsOf('date_from=2027-01-15')).map((c) => [c.type, c.amount])).toEqual([
      ['PRINCIPAL', '8796.88'],
      ['INTEREST', '87.97'],
    ]);
    expect(await claimsOf('date_to=2026-02-15')).toHaveLength(2);
    expect(await claimsOf(`creditor=${creditorId}`)).toHaveLength(24);
    expect(await claimsOf('creditor=999999')).toHaveLength(0);
    const group = (await claimsOf(''))[4]!.claims_group_id!;
    expect((await claimsOf(`claims_group=${group}`)).map((c) => c.type)).toEqual(['PRINCIPAL', 'INTEREST']);
    expect((await claimsOf('ordering=-amount'))[0]!.amount).toBe('8796.88');
  });

  it('answers 400 to nonsense filters and 404 to another deal or a page past the end', async () => {
    for (const query of ['type=RENTAL', 'date_from=15.3.2026', 'creditor=abc', 'ordering=creditor', 'cancelled=maybe', 'page_size=500']) {
      expect((await get(url(`?${query}`))).status, query).toBe(400);
    }
    expect((await get('/api/v1/deals/999999/claims/')).status).toBe(404);
    expect((await get(url('?page=9'))).status).toBe(404);
  });
});

describe('claims entered and changed by hand', () => {
  it('POST enters a manual claim (201, audit-logged); Czech refusals for what the engine owns or a deal not serviced', async () => {
    const created = await ctx.http().post(url()).set(bearer(admin)).send({ type: 'CONTRACTUAL_PENALTY', due_date: '2026-05-01', amount: '1500.5', description: 'Smluvní pokuta za pozdní doložení', creditor: creditorId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ type: 'CONTRACTUAL_PENALTY', amount: '1500.50', outstanding: '1500.50', claims_group_id: null, creditor_id: creditorId, due_date: '2026-05-01' });
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'claim.create', entityId: String(created.body.id) } })).toBe(1);
    expect(await claimsOf('type=CONTRACTUAL_PENALTY')).toHaveLength(1);

    const bad = await ctx.http().post(url()).set(bearer(admin)).send({ type: 'PRINCIPAL', due_date: '2026-02-30', amount: 0 });
    expect(bad.body).toEqual({
      type: ['Ručně lze zadat jen smluvní pokutu, náklady vymáhání, poplatek, pojištění, zálohu na služby nebo ostatní pohledávku.'],
      due_date: ['Neplatné datum.'],
      amount: ['Částka musí být větší než nula.'],
    });
    expect((await ctx.http().post(url()).set(bearer(admin)).send({ type: 'FEE', due_date: '2026-05-01', amount: 100, creditor: 999999 })).body).toEqual({ creditor: ['Věřitel (osoba) neexistuje.'] });
    const application = await f.deal();
    const refused = await ctx.http().post(`/api/v1/deals/${application.id}/claims/`).set(bearer(admin)).send({ type: 'FEE', due_date: '2026-05-01', amount: 100 });
    expect(refused.body).toEqual({ detail: 'Pohledávky lze zadávat jen u aktivního obchodu nebo obchodu v insolvenci.' });
    expect((await ctx.http().post(url()).set(bearer(viewer)).send({ type: 'FEE', due_date: '2026-05-01', amount: 100 })).status).toBe(403);
  });

  it('PUT/PATCH change an unpaid claim; a grouped claim keeps its group’s due date, an installment its principal', async () => {
    const manual = (await ctx.http().post(url()).set(bearer(admin)).send({ type: 'COST_OF_RECOVERY', due_date: '2026-05-10', amount: '800', description: 'Upomínka' })).body;
    const patched = await ctx.http().patch(url(`${manual.id}/`)).set(bearer(admin)).send({ amount: '750.00', due_date: '2026-05-12' });
    expect(patched.body).toMatchObject({ amount: '750.00', due_date: '2026-05-12', description: 'Upomínka' });
    const put = await ctx.http().put(url(`${manual.id}/`)).set(bearer(admin)).send({ amount: '700', due_date: '2026-05-12' });
    expect(put.body).toMatchObject({ amount: '700.00', description: null, creditor_id: null });

    const [principal, interest] = (await claimsOf('date_from=2026-06-15&date_to=2026-06-15')) as { id: number }[];
    expect((await ctx.http().patch(url(`${principal!.id}/`)).set(bearer(admin)).send({ amount: '1.00' })).body).toEqual({ detail: 'Jistinu splátky mění jen nová verze modelu (restrukturalizace).' });
    expect((await ctx.http().patch(url(`${interest!.id}/`)).set(bearer(admin)).send({ due_date: '2026-06-20' })).body).toEqual({ due_date: ['Splatnost pohledávky ze skupiny se mění na celé skupině.'] });
    const waived = await ctx.http().patch(url(`${interest!.id}/`)).set(bearer(admin)).send({ amount: '500.00', description: 'Sleva na úroku' });
    expect(waived.body).toMatchObject({ amount: '500.00', description: 'Sleva na úroku' });
    // The principal may be named unchanged (a PUT of the whole claim).
    expect((await ctx.http().patch(url(`${principal!.id}/`)).set(bearer(admin)).send({ description: 'Jistina' })).status).toBe(200);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'claim.update', entityId: { in: [String(manual.id), String(interest!.id)] } } })).toBe(3);
  });

  it('paid, cancelled and penalty-interest claims are not changed or cancelled (409)', async () => {
    const [first] = await claimsOf('date_to=2026-02-15&type=INTEREST');
    await payClaim(ctx.deps.prisma, first!.id, '1000.00', '2026-02-14');
    const paid = 'Na pohledávku už bylo něco uhrazeno; uhrazené pohledávky se nemění (opravuje se platbou nebo dobropisem).';
    expect((await ctx.http().patch(url(`${first!.id}/`)).set(bearer(admin)).send({ description: 'x' })).body).toEqual({ detail: paid });
    expect((await ctx.http().delete(url(`${first!.id}/`)).set(bearer(admin))).body).toEqual({ detail: paid });
    const source = (await claimsOf('date_to=2026-03-15&type=PRINCIPAL'))[1]!;
    const penalty = await ctx.deps.prisma.claim.create({ data: { dealId, type: 'PENALTY_INTEREST', sourceClaimId: source.id, dueDate: new Date('2026-04-19'), amount: '12.34', rate: '11.5' } });
    expect((await ctx.http().delete(url(`${penalty.id}/`)).set(bearer(admin))).body).toEqual({ detail: 'Úrok z prodlení počítá denní uzávěrka; ručně ho nelze měnit ani zrušit.' });
    expect((await get(url(`${penalty.id}/`))).body).toMatchObject({ type: 'PENALTY_INTEREST', source_claim_id: source.id, rate: '11.5000' });
  });

  it('DELETE cancels (never deletes): hidden from the list unless cancelled=true, outstanding 0; twice is 409', async () => {
    const manual = (await ctx.http().post(url()).set(bearer(admin)).send({ type: 'INSURANCE', due_date: '2026-06-01', amount: '99' })).body;
    expect((await ctx.http().delete(url(`${manual.id}/`)).set(bearer(admin))).status).toBe(204);
    const stored = await ctx.deps.prisma.claim.findUniqueOrThrow({ where: { id: manual.id } });
    expect(stored.cancelledAt).toEqual(clock);
    expect((await claimsOf('type=INSURANCE'))).toHaveLength(0);
    const shown = await claimsOf('type=INSURANCE&cancelled=true');
    expect(shown).toMatchObject([{ id: manual.id, amount: '99.00', outstanding: '0.00', cancelled_at: clock.toISOString() }]);
    expect((await ctx.http().delete(url(`${manual.id}/`)).set(bearer(admin))).body).toEqual({ detail: 'Pohledávka je zrušená a nelze ji měnit.' });
    expect((await ctx.http().delete(url('999999/')).set(bearer(admin))).status).toBe(404);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'claim.cancel', entityId: String(manual.id) } })).toBe(1);
  });
});

describe('GET /deals/{dealId}/claims/export/', () => {
  const download = (query: string) =>
    ctx
      .http()
      .get(url(`export/${query}`))
      .set(bearer(viewer))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('streams the list’s filter and ordering as CSV with Czech dates and decimal commas', async () => {
    const res = await download('?format=csv&type=PRINCIPAL&date_to=2026-03-15&ordering=-due_date');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="pohledavky-${dealId}-2026-04-20\\.csv"`));
    const [header, ...rows] = (res.body as Buffer).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(header).toBe('Číslo;Typ;Splatnost;Částka;Uhrazeno;Zbývá uhradit;Skupina;Věřitel;Popis;Zrušeno');
    expect(rows.map((r) => r.split(';').slice(1, 7))).toEqual([
      ['Jistina', '15.03.2026', '7963,73', '0,00', '7963,73', '2'],
      ['Jistina', '15.02.2026', '7884,88', '0,00', '7884,88', '1'],
    ]);
    expect(rows[0]!.split(';')[7]).toMatch(/^Jana Nováková \d+$/);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'claims.export', entityId: String(dealId) } })).toBeGreaterThan(0);
  });

  it('answers XLSX with amounts as numbers and due dates as dates', async () => {
    const res = await download('?format=xlsx&type=INTEREST&date_to=2026-02-15');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((res.body as Buffer).buffer as ArrayBuffer);
    const sheet = book.getWorksheet('Pohledávky')!;
    expect(sheet.rowCount).toBe(2);
    expect([sheet.getRow(2).getCell(3).value, sheet.getRow(2).getCell(4).value, sheet.getRow(2).getCell(5).value]).toEqual([new Date('2026-02-15T00:00:00Z'), 1000, 1000]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('d.m.yyyy');
    expect((await download('?format=pdf')).status).toBe(400);
  });
});

describe('what other modules read', () => {
  it('dealBalances: outstanding, overdue and days past due of many deals in one statement', async () => {
    const deal = await f.deal({ type: 'OTHER_DEAL' });
    await f.activate(admin, deal.id, annuityModel);
    const claims = await ctx.deps.prisma.claim.findMany({ where: { dealId: deal.id }, orderBy: [{ dueDate: 'asc' }, { id: 'asc' }] });
    // Installments 1–3 paid in full (3 × 8 884.88), 100 Kč of the 4th installment's interest.
    for (const c of claims.slice(0, 6)) await payClaim(ctx.deps.prisma, c.id, c.amount.toFixed(2), '2026-03-01');
    await payClaim(ctx.deps.prisma, claims[7]!.id, '100.00', '2026-04-30');
    const onApril20 = (await dealBalances(ctx.deps.prisma, [deal.id], '2026-04-20')).get(deal.id)!;
    expect([onApril20.outstanding.toFixed(2), onApril20.overdue.toFixed(2), onApril20.oldestOverdueDueDate, onApril20.daysPastDue]).toEqual(['79863.89', '0.00', null, 0]);
    // The 4th installment (due 15 May) is overdue from 16 May: 8 884.88 − 100 left, 5 days on 20 May.
    const onMay20 = (await dealBalances(ctx.deps.prisma, [deal.id], '2026-05-20')).get(deal.id)!;
    expect([onMay20.overdue.toFixed(2), onMay20.oldestOverdueDueDate, onMay20.daysPastDue]).toEqual(['8784.88', '2026-05-15', 5]);
    const onDueDay = (await dealBalances(ctx.deps.prisma, [deal.id], '2026-05-15')).get(deal.id)!;
    expect(onDueDay.daysPastDue).toBe(0);
    const everyDeal = await dealBalances(ctx.deps.prisma, null, '2026-04-20');
    expect(everyDeal.get(deal.id)!.outstanding.toFixed(2)).toBe('79863.89');
    expect(everyDeal.has(dealId)).toBe(true);
  });

  it('dealClaimsAsOf: what was owed and paid at the end of a day, by payment dates', async () => {
    const deal = await f.deal({ type: 'OTHER_DEAL' });
    await f.activate(admin, deal.id, annuityModel);
    const claims = await ctx.deps.prisma.claim.findMany({ where: { dealId: deal.id }, orderBy: [{ dueDate: 'asc' }, { id: 'asc' }] });
    await payClaim(ctx.deps.prisma, claims[0]!.id, '7884.88', '2026-02-14');
    await payClaim(ctx.deps.prisma, claims[1]!.id, '1000.00', '2026-02-14');
    await payClaim(ctx.deps.prisma, claims[2]!.id, '7963.73', '2026-03-25');
    const asOf = await dealClaimsAsOf(ctx.deps.prisma, deal.id, '2026-03-20');
    expect(asOf.map((c) => [c.type, c.dueDate, c.amount.toFixed(2), c.paidAsOf.toFixed(2), c.outstandingAsOf.toFixed(2)])).toEqual([
      ['PRINCIPAL', '2026-02-15', '7884.88', '7884.88', '0.00'],
      ['INTEREST', '2026-02-15', '1000.00', '1000.00', '0.00'],
      ['PRINCIPAL', '2026-03-15', '7963.73', '0.00', '7963.73'],
      ['INTEREST', '2026-03-15', '921.15', '0.00', '921.15'],
    ]);
    expect(await dealClaimsAsOf(ctx.deps.prisma, deal.id, '2026-03-20', { includeNotDue: true })).toHaveLength(24);
    // Cancelled after the day: still owed then; cancelled before: not.
    await ctx.deps.prisma.claim.update({ where: { id: claims[3]!.id }, data: { cancelledAt: new Date('2026-03-21T10:00:00Z') } });
    expect(await dealClaimsAsOf(ctx.deps.prisma, deal.id, '2026-03-20')).toHaveLength(4);
    expect(await dealClaimsAsOf(ctx.deps.prisma, deal.id, '2026-03-22')).toHaveLength(3);
  });
});
