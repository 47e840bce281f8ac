import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { isLuhnValid, luhnCheckDigit } from './variable-symbol.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { addClaim, createDeal, dayFromToday, payClaim } from '../../../test/fixtures/deals.ts';
import { leadFixtures } from '../../../test/fixtures/leads.ts';
import { legalPerson, naturalPerson } from '../../../test/fixtures/persons.ts';

// GET/POST /deals/, GET/PUT/PATCH /deals/{id}/ and /deals/{id}/application_form/ on a real
// database. The list's fixtures are six deals whose every filter value was chosen by hand, so
// each filter is checked against the ids it must answer.

let ctx: TestContext;
let admin: string;
let viewer: string;
let underwriter: string;
const ids: Record<string, number> = {};
const persons: Record<string, { id: number; birthNumber: string | null }> = {};

const list = (query = '', token = admin) => ctx.http().get(`/api/v1/deals/${query}`).set(bearer(token));
const idsOf = (body: { results: { id: number }[] }) => body.results.map((d) => d.id);
const named = (...names: string[]) => names.map((n) => ids[n]!);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.login('ADMIN')).access;
  viewer = (await ctx.login('VIEWER')).access;
  underwriter = (await ctx.login('UNDERWRITER')).access;
  const p = ctx.deps.prisma;
  const jana = await naturalPerson(p, { firstName: 'Jana', lastName: 'Nováková', birthDate: '1984-03-12', sex: 'F' });
  const petr = await naturalPerson(p, { firstName: 'Petr', lastName: 'Svoboda', birthDate: '1979-11-02' });
  const zdenek = await naturalPerson(p, { firstName: 'Zdeněk', lastName: 'Černý', birthDate: '1990-07-30' });
  const company = await legalPerson(p, { companyName: 'Stavby Dvořák s.r.o.' });
  Object.assign(persons, { jana, petr, zdenek, company });
  // Written directly, with no contract number but those given: the list's filters need states,
  // days past due and breaches that only the engine and the close of business produce.
  const deal = (data: Parameters<typeof createDeal>[1]) => createDeal(p, { type: 'CONSUMER_LOAN', contractNumber: null, ...data });
  const at = (month: number) => new Date(Date.UTC(2026, month - 1, 1, 9));
  ids.D1 = (
    await deal({
      state: 'ACTIVE',
      value: '100000.00',
      contractNumber: 'SU-2026-0001',
      variableSymbol: '1111111111',
      externalId: 'PD-1',
      createdAt: at(1),
      participants: [{ personId: jana.id, role: 'BORROWER' }],
    })
  ).id;
  ids.D2 = (
    await deal({
      type: 'INVESTMENT_LOAN',
      state: 'ACTIVE',
      value: '2500000.00',
      daysPastDue: 45,
      breachTypes: ['NON_PAYING'],
      contractNumber: 'SU-2026-0002',
      variableSymbol: '2222222222',
      externalId: 'PD-2',
      abp: true,
      settings: ['DISABLE_NON_PAYING_NOTICE'],
      createdAt: at(2),
      participants: [
        { personId: petr.id, role: 'DEBTOR' },
        { personId: company.id, role: 'BORROWER' },
      ],
    })
  ).id;
  ids.D3 = (
    await deal({
      type: 'LEASE',
      state: 'CLOSED',
      closedReason: 'CLOSED_DULY',
      value: '350000.50',
      contractNumber: 'LS-2025-0042',
      variableSymbol: '3333',
      liquidated: true,
      createdAt: at(3),
      participants: [{ personId: petr.id, role: 'DEBTOR' }],
    })
  ).id;
  ids.D4 = (
    await deal({
      state: 'FILED_FOR_INSOLVENCY',
      value: '80000.00',
      daysPastDue: 120,
      breachTypes: ['NON_PAYING', 'UNDELIVERED_NOTARIAL_DEED'],
      insolvency: true,
      settings: ['DISABLE_NOTARIAL_DEED_NOTICE', 'DISABLE_BLOCKAGE_AGREEMENT_NOTICE'],
      createdAt: at(4),
      participants: [{ personId: jana.id, role: 'DEBTOR' }],
    })
  ).id;
  ids.D5 = (await deal({ state: 'NEW_APPLICATION', value: '50000.00', createdAt: at(5) })).id;
  ids.D6 = (
    await deal({ state: 'ACTIVE', value: '150000.00', daysPastDue: 15, createdAt: at(6), participants: [{ personId: zdenek.id, role: 'BORROWER' }] })
  ).id;
  // D2: 1000.10 due a month ago of which 400.05 is paid, 2000.20 due next month, 500.00 cancelled.
  await payClaim(p, await addClaim(p, { id: ids.D2 }, { due: dayFromToday(-30), amount: '1000.10' }), '400.05', new Date().toISOString().slice(0, 10));
  await addClaim(p, { id: ids.D2 }, { due: dayFromToday(30), amount: '2000.20', type: 'INTEREST' });
  await addClaim(p, { id: ids.D2 }, { due: dayFromToday(-60), amount: '500.00', cancelled: true });
}, 120_000);
afterAll(() => ctx.close());

describe('GET /deals/', () => {
  it('answers a DRF page, newest first, with money as decimal strings and the main person', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(6);
    expect(res.body.next).toBeNull();
    expect(idsOf(res.body)).toEqual(named('D6', 'D5', 'D4', 'D3', 'D2', 'D1'));
    const d2 = res.body.results.find((d: { id: number }) => d.id === ids.D2);
    expect(d2).toMatchObject({
      type: 'INVESTMENT_LOAN',
      state: 'ACTIVE',
      value: '2500000.00',
      contract_number: 'SU-2026-0002',
      variable_symbol: '2222222222',
      external_id: 'PD-2',
      // BORROWER goes before DEBTOR.
      borrower: { id: persons.company!.id, name: 'Stavby Dvořák s.r.o.' },
      days_past_due: 45,
      dpd_bucket: '31-60',
      breach_types: ['NON_PAYING'],
      abp: true,
      insolvency: false,
      liquidated: false,
      settings: ['DISABLE_NON_PAYING_NOTICE'],
      // 1000.10 − 400.05 + 2000.20 (the cancelled claim owes nothing); overdue: the first only.
      outstanding: '2600.25',
      overdue: '600.05',
    });
    const d5 = res.body.results.find((d: { id: number }) => d.id === ids.D5);
    expect(d5).toMatchObject({ borrower: null, outstanding: '0.00', overdue: '0.00', value: '50000.00', closed_reason: null });
    expect(res.body.results.find((d: { id: number }) => d.id === ids.D3)).toMatchObject({ value: '350000.50', closed_reason: 'CLOSED_DULY', borrower: { name: 'Petr Svoboda' } });
  });

  it('pages with page and page_size, and answers 404 past the last page', async () => {
    const first = await list('?page_size=4');
    expect(first.body.count).toBe(6);
    expect(idsOf(first.body)).toEqual(named('D6', 'D5', 'D4', 'D3'));
    expect(first.body.next).toContain('page=2');
    const second = await list('?page_size=4&page=2');
    expect(idsOf(second.body)).toEqual(named('D2', 'D1'));
    expect(second.body.previous).not.toContain('page=');
    const past = await list('?page_size=4&page=3');
    expect(past.status).toBe(404);
    expect(past.body).toEqual({ detail: 'Neplatná stránka.' });
  });

  const filters: [string, () => string, () => number[]][] = [
    ['abp=true', () => 'abp=true', () => named('D2')],
    ['abp=false', () => 'abp=false', () => named('D1', 'D3', 'D4', 'D5', 'D6')],
    ['breach_type=NON_PAYING', () => 'breach_type=NON_PAYING', () => named('D2', 'D4')],
    ['breach_type=UNDELIVERED_NOTARIAL_DEED', () => 'breach_type=UNDELIVERED_NOTARIAL_DEED', () => named('D4')],
    ['closed_reason=CLOSED_DULY', () => 'closed_reason=CLOSED_DULY', () => named('D3')],
    ['closed_reason=OTHER', () => 'closed_reason=OTHER', () => []],
    ['days_past_due=0', () => 'days_past_due=0', () => named('D1', 'D3', 'D5')],
    ['days_past_due=1-30', () => 'days_past_due=1-30', () => named('D6')],
    ['days_past_due=31-60', () => 'days_past_due=31-60', () => named('D2')],
    ['days_past_due=61-90', () => 'days_past_due=61-90', () => []],
    ['days_past_due=91+', () => 'days_past_due=91%2B', () => named('D4')],
    ['days_past_due=1-30,91+', () => 'days_past_due=1-30,91%2B', () => named('D4', 'D6')],
    ['days_past_due=45 (exact)', () => 'days_past_due=45', () => named('D2')],
    ['days_past_due=15-45 (range)', () => 'days_past_due=15-45', () => named('D2', 'D6')],
    ['external_id=PD-1,PD-2', () => 'external_id=PD-1,PD-2', () => named('D1', 'D2')],
    ['external_id repeated', () => 'external_id=PD-2&external_id=nic', () => named('D2')],
    ['id', () => `id=${ids.D1},${ids.D3}`, () => named('D1', 'D3')],
    ['insolvency=true', () => 'insolvency=true', () => named('D4')],
    ['insolvency=0', () => 'insolvency=0', () => named('D1', 'D2', 'D3', 'D5', 'D6')],
    ['liquidated=true', () => 'liquidated=true', () => named('D3')],
    ['person=Jana', () => `person=${persons.jana!.id}`, () => named('D1', 'D4')],
    ['person=Petr', () => `person=${persons.petr!.id}`, () => named('D2', 'D3')],
    ['search name without diacritics', () => 'search=novakova', () => named('D1', 'D4')],
    ['search name with diacritics', () => `search=${encodeURIComponent('Černý')}`, () => named('D6')],
    ['search first and last name', () => 'search=jana%20nov', () => named('D1', 'D4')],
    ['search company name', () => 'search=stavby', () => named('D2')],
    ['search birth number', () => `search=${persons.jana!.birthNumber!.slice(0, 6)}/${persons.jana!.birthNumber!.slice(6)}`, () => named('D1', 'D4')],
    ['search contract number (part, any case)', () => 'search=su-2026', () => named('D1', 'D2')],
    ['search contract number (whole)', () => 'search=LS-2025-0042', () => named('D3')],
    ['search variable symbol (prefix)', () => 'search=22222', () => named('D2')],
    ['search nothing', () => 'search=xyzzy', () => []],
    ['settings_on one', () => 'settings_on=DISABLE_NON_PAYING_NOTICE', () => named('D2')],
    ['settings_on all of two', () => 'settings_on=DISABLE_NOTARIAL_DEED_NOTICE,DISABLE_BLOCKAGE_AGREEMENT_NOTICE', () => named('D4')],
    ['settings_on two not together', () => 'settings_on=DISABLE_NON_PAYING_NOTICE,DISABLE_NOTARIAL_DEED_NOTICE', () => []],
    ['settings_off one', () => 'settings_off=DISABLE_NON_PAYING_NOTICE', () => named('D1', 'D3', 'D4', 'D5', 'D6')],
    ['settings_off two', () => 'settings_off=DISABLE_NON_PAYING_NOTICE,DISABLE_BLOCKAGE_AGREEMENT_NOTICE', () => named('D1', 'D3', 'D5', 'D6')],
    ['state=ACTIVE', () => 'state=ACTIVE', () => named('D1', 'D2', 'D6')],
    ['state=ACTIVE,CLOSED', () => 'state=ACTIVE,CLOSED', () => named('D1', 'D2', 'D3', 'D6')],
    ['type=LEASE', () => 'type=LEASE', () => named('D3')],
    ['type=CONSUMER_LOAN', () => 'type=CONSUMER_LOAN', () => named('D1', 'D4', 'D5', 'D6')],
    ['value_from (inclusive)', () => 'value_from=100000', () => named('D1', 'D2', 'D3', 'D6')],
    ['value_to (inclusive)', () => 'value_to=100000.00', () => named('D1', 'D4', 'D5')],
    ['value_from = value_to to the haléř', () => 'value_from=350000.50&value_to=350000.5', () => named('D3')],
    ['value a haléř above', () => 'value_from=350000.51&value_to=400000', () => []],
    ['empty filters are not applied', () => 'state=&abp=&value_from=&days_past_due=', () => named('D1', 'D2', 'D3', 'D4', 'D5', 'D6')],
    ['filters together', () => `state=ACTIVE&person=${persons.petr!.id}&breach_type=NON_PAYING`, () => named('D2')],
  ];
  for (const [name, query, expected] of filters) {
    it(`filter ${name}`, async () => {
      const res = await list(`?${query()}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(sorted(idsOf(res.body))).toEqual(sorted(expected()));
      expect(res.body.count).toBe(expected().length);
    });
  }

  const orderings: [string, () => number[]][] = [
    ['value', () => named('D5', 'D4', 'D1', 'D6', 'D3', 'D2')],
    ['-value', () => named('D2', 'D3', 'D6', 'D1', 'D4', 'D5')],
    // Equal days past due: the id follows the direction of the last field.
    ['-days_past_due', () => named('D4', 'D2', 'D6', 'D5', 'D3', 'D1')],
    ['days_past_due', () => named('D1', 'D3', 'D5', 'D6', 'D2', 'D4')],
    ['created_at', () => named('D1', 'D2', 'D3', 'D4', 'D5', 'D6')],
    ['-id', () => named('D6', 'D5', 'D4', 'D3', 'D2', 'D1')],
    ['type,-value', () => named('D6', 'D1', 'D4', 'D5', 'D2', 'D3')],
  ];
  for (const [ordering, expected] of orderings) {
    it(`ordering=${ordering}`, async () => {
      const res = await list(`?ordering=${ordering}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual(expected());
    });
  }

  it('orders by state in the enumeration order', async () => {
    const res = await list('?ordering=state,id');
    const states = res.body.results.map((d: { state: string }) => d.state);
    expect(states).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE', 'CLOSED', 'FILED_FOR_INSOLVENCY', 'NEW_APPLICATION']);
  });

  const nonsense: [string, string][] = [
    ['abp=maybe', 'abp'],
    ['breach_type=LATE', 'breach_type'],
    ['closed_reason=FORGOTTEN', 'closed_reason'],
    ['days_past_due=abc', 'days_past_due'],
    ['days_past_due=30-10', 'days_past_due'],
    ['days_past_due=-5', 'days_past_due'],
    ['days_past_due=%2C', 'days_past_due'],
    ['external_id=' + 'x'.repeat(101), 'external_id'],
    ['id=abc', 'id'],
    ['id=0', 'id'],
    ['id=99999999999', 'id'],
    ['insolvency=ano', 'insolvency'],
    ['liquidated=2', 'liquidated'],
    ['person=-1', 'person'],
    ['person=jana', 'person'],
    ['search=' + 'a'.repeat(201), 'search'],
    ['settings_off=NOTHING', 'settings_off'],
    ['settings_on=DISABLE_ALL', 'settings_on'],
    ['state=OPEN', 'state'],
    ['type=MORTGAGE', 'type'],
    ['value_from=abc', 'value_from'],
    ['value_from=10.001', 'value_from'],
    ['value_to=-5', 'value_to'],
    ['value_from=200&value_to=100', 'value_to'],
    ['ordering=borrower', 'ordering'],
    ['page_size=1000', 'page_size'],
    ['page=0', 'page'],
  ];
  for (const [query, field] of nonsense) {
    it(`answers 400 to ${query.slice(0, 40)}`, async () => {
      const res = await list(`?${query}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
      expect(res.body[field][0]).toMatch(/[a-zěščřžýáíéůú]/i);
    });
  }

  it('says in Czech what a days-past-due filter takes', async () => {
    const res = await list('?days_past_due=hodne');
    expect(res.body.days_past_due).toEqual(['Zadejte počet dní po splatnosti: číslo (např. 30), rozsah (1-30), spodní mez (91+) nebo několik z nich oddělených čárkou.']);
  });

  it('lets every staff role read', async () => {
    expect((await list('', viewer)).status).toBe(200);
    expect((await ctx.http().get('/api/v1/deals/')).status).toBe(401);
  });
});

describe('GET /deals/export/', () => {
  it('exports the filtered list as CSV with exact amounts and audits it', async () => {
    const res = await ctx.http().get('/api/v1/deals/export/?format=csv&state=ACTIVE,CLOSED&ordering=value').set(bearer(viewer));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Číslo;Dlužník;Typ;Stav;Výše;Číslo smlouvy;Variabilní symbol;Dní po splatnosti;Neuhrazeno;Po splatnosti;Vytvořeno');
    expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(named('D1', 'D6', 'D3', 'D2'));
    expect(lines[3]).toContain(';350000,50;LS-2025-0042;3333;0;0,00;0,00;');
    expect(lines[4]).toContain(';2500000,00;SU-2026-0002;2222222222;45;2600,25;600,05;');
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'deal.export' } })).toBe(1);
  });

  it('answers 400 to a bad filter or format', async () => {
    const res = await ctx.http().get('/api/v1/deals/export/?format=pdf&state=X').set(bearer(admin));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['format', 'state']);
  });
});

describe('POST /deals/', () => {
  it('creates a deal in NEW_APPLICATION with a generated variable symbol, its participants and an audit entry', async () => {
    const res = await ctx
      .http()
      .post('/api/v1/deals/')
      .set(bearer(admin))
      .send({
        type: 'CONSUMER_LOAN',
        value: 120000.5,
        contract_number: 'SU-2026-0100',
        external_id: 'PD-100',
        settings: ['DISABLE_NON_PAYING_NOTICE'],
        participants: [
          { person: persons.jana!.id, role: 'BORROWER' },
          { person: persons.petr!.id, role: 'ACCESSORY_DEBTOR' },
        ],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type: 'CONSUMER_LOAN',
      state: 'NEW_APPLICATION',
      value: '120000.50',
      contract_number: 'SU-2026-0100',
      external_id: 'PD-100',
      settings: ['DISABLE_NON_PAYING_NOTICE'],
      borrower: { id: persons.jana!.id, name: 'Jana Nováková' },
      non_paying_after_days: 30,
      lead_id: null,
    });
    // The sequence's first number, 100000000, and its Luhn digit worked out by hand: 8.
    expect(res.body.variable_symbol).toBe('1000000008');
    expect(res.body.participants.map((p: { role: string }) => p.role).sort()).toEqual(['ACCESSORY_DEBTOR', 'BORROWER']);
    const audit = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'deal.create', entityId: String(res.body.id) } });
    expect(audit).toMatchObject({ actorType: 'STAFF', entity: 'Deal' });
    expect(audit.changes).toMatchObject({ value: '120000.50', variable_symbol: '1000000008', state: 'NEW_APPLICATION' });
  });

  it('generates the next symbol for the next deal, and keeps a typed one', async () => {
    const generated = await ctx.http().post('/api/v1/deals/').set(bearer(underwriter)).send({ type: 'LEASE', value: '5000' });
    expect(generated.status).toBe(201);
    // 100000001: Luhn digit 6 (2 + 2 = 4 → 10 − 4).
    expect(generated.body.variable_symbol).toBe('1000000016');
    expect(isLuhnValid(generated.body.variable_symbol)).toBe(true);
    const typed = await ctx.http().post('/api/v1/deals/').set(bearer(admin)).send({ type: 'LEASE', value: '5000', variable_symbol: '0042' });
    expect(typed.body.variable_symbol).toBe('42');
  });

  it('skips a generated symbol someone already typed', async () => {
    // 100000002 → Luhn digit 4.
    await ctx.http().post('/api/v1/deals/').set(bearer(admin)).send({ type: 'LEASE', value: '1', variable_symbol: '1000000024' });
    const next = await ctx.http().post('/api/v1/deals/').set(bearer(admin)).send({ type: 'LEASE', value: '1' });
    expect(next.body.variable_symbol).toBe('1000000032');
  });

  it('answers 400 with every field message at once', async () => {
    const res = await ctx
      .http()
      .post('/api/v1/deals/')
      .set(bearer(admin))
      .send({ type: 'MORTGAGE', value: '-5', variable_symbol: '12345678901', settings: ['X'], non_paying_after_days: -1, participants: [{ person: 'a', role: 'KING' }] });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['non_paying_after_days', 'participants.0.person', 'participants.0.role', 'settings.0', 'type', 'value', 'variable_symbol']);
    expect(res.body.value).toEqual(['Částka nesmí být záporná.']);
    expect(res.body.variable_symbol).toEqual(['Variabilní symbol tvoří 1 až 10 číslic (a nesmí být samé nuly).']);
  });

  it('refuses amounts that are no money and zero', async () => {
    for (const value of ['12,50', '1e5', 0.1 + 0.2, '0', 'abc', '10.001', '1000000000000']) {
      const res = await ctx.http().post('/api/v1/deals/').set(bearer(admin)).send({ type: 'LEASE', value });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.value).toHaveLength(1);
    }
  });

  it('refuses identifiers another deal has, and unknown persons', async () => {
    const res = await ctx
      .http()
      .post('/api/v1/deals/')
      .set(bearer(admin))
      .send({ type: 'LEASE', value: '10', variable_symbol: '2222222222', contract_number: 'SU-2026-0001', external_id: 'PD-1', participants: [{ person: 99_999_999, role: 'BORROWER' }] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ 'participants.0.person': ['Osoba neexistuje.'] });
    const dup = await ctx.http().post('/api/v1/deals/').set(bearer(admin)).send({ type: 'LEASE', value: '10', variable_symbol: '2222222222', contract_number: 'SU-2026-0001', external_id: 'PD-1' });
    expect(dup.body).toEqual({
      variable_symbol: ['Tento variabilní symbol už má jiný obchod.'],
      contract_number: ['Toto číslo smlouvy už má jiný obchod.'],
      external_id: ['Toto externí ID už má jiný obchod.'],
    });
    const twice = await ctx
      .http()
      .post('/api/v1/deals/')
      .set(bearer(admin))
      .send({ type: 'LEASE', value: '10', participants: [{ person: persons.jana!.id, role: 'BORROWER' }, { person: persons.jana!.id, role: 'BORROWER' }] });
    expect(twice.body).toEqual({ participants: ['Stejná osoba se stejnou rolí je v seznamu dvakrát.'] });
  });

  it('is refused to VIEWER', async () => {
    const res = await ctx.http().post('/api/v1/deals/').set(bearer(viewer)).send({ type: 'LEASE', value: '10' });
    expect(res.status).toBe(403);
  });
});

describe('GET /deals/{id}/', () => {
  it('answers the detail, expansions only when asked for', async () => {
    const plain = await ctx.http().get(`/api/v1/deals/${ids.D2}/`).set(bearer(viewer));
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ id: ids.D2, value: '2500000.00', outstanding: '2600.25', non_paying_after_days: 30, lead_id: null });
    expect(plain.body).not.toHaveProperty('participants');
    const expanded = await ctx.http().get(`/api/v1/deals/${ids.D2}/?expand=participants,labels,notes,debts,obligations,breaches,deal_model,claims_groups,realty_groups,purposes`).set(bearer(viewer));
    expect(expanded.status).toBe(200);
    expect(expanded.body.participants.map((p: { person: { name: string }; role: string }) => `${p.role} ${p.person.name}`)).toEqual(['DEBTOR Petr Svoboda', 'BORROWER Stavby Dvořák s.r.o.']);
    for (const key of ['labels', 'notes', 'debts', 'obligations', 'breaches', 'claims_groups', 'realty_groups', 'purposes']) expect(expanded.body[key]).toEqual([]);
    expect(expanded.body.deal_model).toBeNull();
  });

  it('expands the rows other areas write: model, claims groups, realty groups, purposes, breaches', async () => {
    const p = ctx.deps.prisma;
    const dealId = ids.D6!;
    const model = await p.dealModel.create({
      data: {
        dealId,
        version: 1,
        state: 'ACTIVE',
        principal: '150000.00',
        annualInterestRate: '12.5',
        termMonths: 24,
        disbursementDate: new Date('2026-06-01'),
        firstDueDate: new Date('2026-07-15'),
        dueDay: 15,
        allocationProfile: 'LOAN_ALLOCATION_PROFILE_V1',
        installmentValue: '7095.87',
        rpsn: '13.24',
      },
    });
    const group = await p.claimsGroup.create({ data: { dealId, dealModelId: model.id, kind: 'REGULAR', number: 1, dueDate: new Date('2026-07-15'), balance: '144466.63' } });
    await p.claim.create({ data: { dealId, claimsGroupId: group.id, type: 'PRINCIPAL', dueDate: new Date('2026-07-15'), amount: '5533.37' } });
    await p.claim.create({ data: { dealId, claimsGroupId: group.id, type: 'INTEREST', dueDate: new Date('2026-07-15'), amount: '1562.50' } });
    const realty = await p.realty.create({ data: { type: 'FLAT', wholeAddress: 'Husova 12, Brno' } });
    const realtyGroup = await p.realtyGroup.create({ data: { dealId, name: 'Byt', mortgage: true, realties: { create: { realtyId: realty.id } } } });
    await p.realtyEstimation.create({ data: { realtyGroupId: realtyGroup.id, value: '3100000.00', estimatedAt: new Date('2026-05-01') } });
    await p.realtyEstimation.create({ data: { realtyGroupId: realtyGroup.id, value: '2900000.00', estimatedAt: new Date('2025-05-01') } });
    const purpose = await p.purpose.create({ data: { dealId, type: 'APPLICANT_BANK_ACCOUNT', amount: '150000.00' } });
    await p.purposeDrawing.create({ data: { purposeId: purpose.id, amount: '100000.10' } });
    await p.purposeDrawing.create({ data: { purposeId: purpose.id, amount: '49999.90' } });
    await p.breach.create({ data: { dealId, type: 'NON_PAYING', startedOn: new Date('2026-08-20'), endedOn: new Date('2026-09-01') } });

    const res = await ctx.http().get(`/api/v1/deals/${dealId}/?expand=deal_model,claims_groups,realty_groups,purposes,breaches`).set(bearer(admin));
    expect(res.status).toBe(200);
    expect(res.body.deal_model).toMatchObject({ version: 1, state: 'ACTIVE', principal: '150000.00', annual_interest_rate: '12.5000', installment_value: '7095.87', rpsn: '13.24', due_day: 15, first_due_date: '2026-07-15' });
    expect(res.body.claims_groups).toEqual([
      expect.objectContaining({ number: 1, kind: 'REGULAR', due_date: '2026-07-15', balance: '144466.63', amount: '7095.87', paid_amount: '0.00', cancelled_at: null }),
    ]);
    expect(res.body.realty_groups).toEqual([
      { id: realtyGroup.id, name: 'Byt', mortgage: true, note: null, realties: [{ id: realty.id, type: 'FLAT', whole_address: 'Husova 12, Brno' }], latest_estimation: { value: '3100000.00', estimated_at: '2026-05-01' } },
    ]);
    expect(res.body.purposes).toEqual([expect.objectContaining({ type: 'APPLICANT_BANK_ACCOUNT', amount: '150000.00', drawn_amount: '150000.00' })]);
    expect(res.body.breaches).toEqual([expect.objectContaining({ type: 'NON_PAYING', started_on: '2026-08-20', ended_on: '2026-09-01', obligation_id: null })]);
  });

  it('answers 400 to an unknown expansion and 404 to an unknown deal', async () => {
    const bad = await ctx.http().get(`/api/v1/deals/${ids.D1}/?expand=participants,history`).set(bearer(admin));
    expect(bad.status).toBe(400);
    expect(bad.body.expand[0]).toContain('history');
    const missing = await ctx.http().get('/api/v1/deals/99999999/').set(bearer(admin));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Obchod nebyl nalezen.' });
    expect((await ctx.http().get('/api/v1/deals/abc/').set(bearer(admin))).status).toBe(404);
  });
});

describe('PUT and PATCH /deals/{id}/', () => {
  it('changes what staff may change and audits the change (from → to)', async () => {
    const res = await ctx.http().patch(`/api/v1/deals/${ids.D1}/`).set(bearer(admin)).send({ note: 'Klient volal', abp: true, non_paying_after_days: 45, allocation_profile: 'LOAN_ALLOCATION_PROFILE_V2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ note: 'Klient volal', abp: true, non_paying_after_days: 45, allocation_profile: 'LOAN_ALLOCATION_PROFILE_V2', state: 'ACTIVE' });
    const audit = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'deal.update', entityId: String(ids.D1) }, orderBy: { id: 'desc' } });
    expect(audit.changes).toEqual({ abp: { from: false, to: true }, note: { from: null, to: 'Klient volal' }, non_paying_after_days: { from: 30, to: 45 }, allocation_profile: { from: null, to: 'LOAN_ALLOCATION_PROFILE_V2' } });
  });

  it('changes type and value only before activation (409 after, in Czech)', async () => {
    const active = await ctx.http().patch(`/api/v1/deals/${ids.D1}/`).set(bearer(admin)).send({ value: '99999.99' });
    expect(active.status).toBe(409);
    expect(active.body.detail).toContain('jen před aktivací');
    // Sending the same value is no change.
    expect((await ctx.http().patch(`/api/v1/deals/${ids.D1}/`).set(bearer(admin)).send({ value: 100000 })).status).toBe(200);
    const fresh = await ctx.http().put(`/api/v1/deals/${ids.D5}/`).set(bearer(admin)).send({ type: 'LEASE', value: '55000.10' });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ type: 'LEASE', value: '55000.10', state: 'NEW_APPLICATION' });
  });

  it('requires type and value on PUT, keeps fields left out', async () => {
    const bad = await ctx.http().put(`/api/v1/deals/${ids.D5}/`).set(bearer(admin)).send({ note: 'x' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['type', 'value']);
    const kept = await ctx.http().put(`/api/v1/deals/${ids.D3}/`).set(bearer(admin)).send({ type: 'LEASE', value: '350000.50' });
    expect(kept.body).toMatchObject({ liquidated: true, contract_number: 'LS-2025-0042', closed_reason: 'CLOSED_DULY' });
  });

  it('corrects the closed reason of a closed deal only', async () => {
    expect((await ctx.http().patch(`/api/v1/deals/${ids.D3}/`).set(bearer(admin)).send({ closed_reason: 'CLOSED_REFINANCED' })).body.closed_reason).toBe('CLOSED_REFINANCED');
    const open = await ctx.http().patch(`/api/v1/deals/${ids.D1}/`).set(bearer(admin)).send({ closed_reason: 'CLOSED_DULY' });
    expect(open.status).toBe(409);
    expect(open.body.detail).toBe('Důvod uzavření lze zadat jen uzavřenému obchodu; obchod se uzavírá změnou stavu.');
  });

  it('does not change the state, refuses taken identifiers, 404s unknown deals, is refused to VIEWER', async () => {
    const state = await ctx.http().patch(`/api/v1/deals/${ids.D5}/`).set(bearer(admin)).send({ state: 'ACTIVE' });
    expect(state.status).toBe(200);
    expect(state.body.state).toBe('NEW_APPLICATION');
    const taken = await ctx.http().patch(`/api/v1/deals/${ids.D5}/`).set(bearer(admin)).send({ variable_symbol: '2222222222', external_id: 'PD-2' });
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.body).sort()).toEqual(['external_id', 'variable_symbol']);
    expect((await ctx.http().patch('/api/v1/deals/99999999/').set(bearer(admin)).send({ note: 'x' })).status).toBe(404);
    expect((await ctx.http().patch(`/api/v1/deals/${ids.D5}/`).set(bearer(viewer)).send({ note: 'x' })).status).toBe(403);
    expect((await ctx.http().put(`/api/v1/deals/${ids.D5}/`).set(bearer(viewer)).send({ type: 'LEASE', value: '1' })).status).toBe(403);
  });
});

describe('GET /deals/{id}/application_form/', () => {
  it("answers the form of the deal's lead as the lead's own call does", async () => {
    const leads = leadFixtures(ctx);
    const { leadId } = await leads.portalLead();
    const deal = await createDeal(ctx.deps.prisma, { type: 'CONSUMER_LOAN', contractNumber: null, leadId, state: 'CONTRACT_COMPLETION' });
    const viaDeal = await ctx.http().get(`/api/v1/deals/${deal.id}/application_form/`).set(bearer(viewer));
    const viaLead = await ctx.http().get(`/api/v1/leads/${leadId}/application_form/`).set(bearer(viewer));
    expect(viaDeal.status).toBe(200);
    expect(viaDeal.body).toEqual(viaLead.body);
    expect(viaDeal.body.lead_id).toBe(leadId);
  });

  it('masks the birth numbers and identity cards of the answers for roles whose work does not need them (ROLES.md §1)', async () => {
    const leads = leadFixtures(ctx);
    const { leadId } = await leads.portalLead();
    const deal = await createDeal(ctx.deps.prisma, { type: 'CONSUMER_LOAN', contractNumber: null, leadId, state: 'CONTRACT_COMPLETION' });
    const form = await ctx.deps.prisma.applicationForm.findFirstOrThrow({ where: { leadId } });
    const stored = JSON.stringify(form.data);
    const birthNumber = /"birth_number":"(\d{9,10})"/.exec(stored)![1]!;
    const identityCard = /"identity_card":"(\d+)"/.exec(stored)![1]!;
    const seen = async (token: string) => JSON.stringify((await ctx.http().get(`/api/v1/deals/${deal.id}/application_form/`).set(bearer(token))).body.data);
    const forUnderwriter = await seen(underwriter);
    expect(forUnderwriter).toContain(birthNumber);
    expect(forUnderwriter).toContain(identityCard);
    const forViewer = await seen(viewer);
    expect(forViewer).not.toContain(birthNumber);
    expect(forViewer).not.toContain(identityCard);
    expect(forViewer).toContain(`"birth_number":"${birthNumber.slice(0, 6)}/${'*'.repeat(birthNumber.length - 6)}"`);
    expect(forViewer).toContain(`"identity_card":"${'*'.repeat(identityCard.length - 3)}${identityCard.slice(-3)}"`);
  });

  it('answers 404 for a deal without a lead, and for no deal', async () => {
    const res = await ctx.http().get(`/api/v1/deals/${ids.D1}/application_form/`).set(bearer(admin));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Obchod nevznikl z žádosti; nemá formulář žádosti.' });
    expect((await ctx.http().get('/api/v1/deals/99999999/application_form/').set(bearer(admin))).status).toBe(404);
  });
});

describe('variable symbols', () => {
  it('computes Luhn check digits (known answers)', () => {
    // The textbook example: 7992739871 → 3.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('100000000')).toBe(8);
    expect(isLuhnValid('1000000008')).toBe(true);
    // A typo or two swapped neighbours make a symbol that fails the check.
    expect(isLuhnValid('1000000080')).toBe(false);
    expect(isLuhnValid('1000000009')).toBe(false);
  });
});
