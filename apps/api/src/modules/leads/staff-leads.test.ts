import { leadMessages } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { leadFixtures } from '../../../test/fixtures/leads.ts';

// GET /leads/ (filters, ordering, paging), GET /leads/{id}/, closed reasons, POST /leads/{id}/close/.

let ctx: TestContext;
let fx: ReturnType<typeof leadFixtures>;
let underwriter: Record<string, string>;
let viewer: Record<string, string>;
let collections: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = leadFixtures(ctx);
  underwriter = bearer((await ctx.login('UNDERWRITER')).access);
  viewer = bearer((await ctx.login('VIEWER')).access);
  collections = bearer((await ctx.login('COLLECTIONS')).access);
});
afterAll(() => ctx.close());

const get = (path: string, auth = underwriter) => ctx.http().get(`/api/v1${path}`).set(auth);
const post = (path: string, body?: unknown, auth = underwriter) => {
  const req = ctx.http().post(`/api/v1${path}`).set(auth);
  return body === undefined ? req : req.send(body as object);
};
const ids = (res: { body: { results: { id: number }[] } }) => res.body.results.map((r) => r.id);

describe('GET /api/v1/leads/', () => {
  // Three leads of 2025 (every other test makes leads "now"), so each filter can exclude some.
  let a: { id: number; personId: number | null };
  let b: { id: number; personId: number | null };
  let c: { id: number; personId: number | null };
  const old = '&created_to=2025-12-31';
  beforeAll(async () => {
    a = await fx.directLead({
      source: 'PORTAL',
      state: 'NEW',
      dealType: 'CONSUMER_LOAN',
      value: 100_000,
      createdAt: new Date('2025-01-10T12:00:00Z'),
      person: { first_name: 'Alena', last_name: 'Zelenková', email: 'alena.zelenkova@email.cz', phone: '603 111 222' },
    });
    b = await fx.directLead({
      source: 'LEADSOR',
      externalId: 'LS-2025-0042',
      state: 'IN_PROGRESS',
      dealType: 'INVESTMENT_LOAN',
      value: 900_000,
      installmentValue: 15_000,
      createdAt: new Date('2025-01-20T09:30:00Z'),
      person: { first_name: 'Bohumil', last_name: 'Zelenka', email: 'bohumil.zelenka@centrum.cz', phone: '732 444 555' },
    });
    c = await fx.directLead({
      source: 'VOLSOR',
      externalId: 'VS-77',
      state: 'CLOSED',
      dealType: 'CONSUMER_LOAN',
      value: null,
      installmentValue: null,
      createdAt: new Date('2025-02-05T16:45:00Z'),
      closedAt: new Date('2025-02-06T08:00:00Z'),
      person: { first_name: 'Cyril', last_name: 'Zedník', email: 'cyril.zednik@post.cz', phone: '608 999 000' },
    });
    // updated_at order differs from created_at order: C, A, B.
    await ctx.deps.prisma.$executeRaw`UPDATE leads SET updated_at = '2025-03-01T00:00:00Z' WHERE id = ${c.id}`;
    await ctx.deps.prisma.$executeRaw`UPDATE leads SET updated_at = '2025-03-02T00:00:00Z' WHERE id = ${a.id}`;
    await ctx.deps.prisma.$executeRaw`UPDATE leads SET updated_at = '2025-03-03T00:00:00Z' WHERE id = ${b.id}`;
  });

  it('answers 401 without a token and lets every staff role read', async () => {
    expect((await ctx.http().get('/api/v1/leads/')).status).toBe(401);
    expect((await get('/leads/', viewer)).status).toBe(200);
    expect((await get('/leads/', collections)).status).toBe(200);
  });

  it('lists leads newest first with the list fields', async () => {
    const res = await get(`/leads/?created_from=2025-01-01${old}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(ids(res)).toEqual([c.id, b.id, a.id]);
    expect(res.body.results[1]).toEqual({
      id: b.id,
      state: 'IN_PROGRESS',
      source: 'LEADSOR',
      deal_type: 'INVESTMENT_LOAN',
      value: '900000.00',
      installment_value: '15000.00',
      person: { id: b.personId, name: 'Bohumil Zelenka' },
      created_at: '2025-01-20T09:30:00.000Z',
      updated_at: '2025-03-03T00:00:00.000Z',
      closed_reason: null,
      offer_applied: false,
    });
  });

  it('filters by person (the spec) and by state, source and deal type (ours)', async () => {
    expect(ids(await get(`/leads/?person=${a.personId}`))).toEqual([a.id]);
    expect(ids(await get(`/leads/?state=NEW,IN_PROGRESS${old}`))).toEqual([b.id, a.id]);
    expect(ids(await get(`/leads/?state=CLOSED${old}`))).toEqual([c.id]);
    expect(ids(await get('/leads/?source=LEADSOR'))).toEqual([b.id]);
    expect(ids(await get(`/leads/?deal_type=CONSUMER_LOAN${old}`))).toEqual([c.id, a.id]);
  });

  it('searches by name, e-mail, phone in any format and lead id', async () => {
    expect(ids(await get(`/leads/?search=zelenk${old}`))).toEqual([b.id, a.id]);
    // As the persons list: diacritics and case do not matter, words match from their start.
    expect(ids(await get(`/leads/?search=ZELENKOVA${old}`))).toEqual([a.id]);
    expect(ids(await get(`/leads/?search=alena%20zelenk${old}`))).toEqual([a.id]);
    expect((await get(`/leads/?search=elenk${old}`)).body.count).toBe(0);
    expect(ids(await get(`/leads/?search=${encodeURIComponent('Alena Zelenková')}`))).toEqual([a.id]);
    expect(ids(await get('/leads/?search=cyril.zednik@post.cz'))).toEqual([c.id]);
    expect(ids(await get(`/leads/?search=${encodeURIComponent('+420 732 444 555')}`))).toEqual([b.id]);
    expect(ids(await get('/leads/?search=732444555'))).toEqual([b.id]);
    expect(ids(await get(`/leads/?search=${c.id}${old}`))).toEqual([c.id]);
    expect((await get('/leads/?search=Neexistující')).body.count).toBe(0);
  });

  it('filters by creation day, both ends inclusive', async () => {
    expect(ids(await get('/leads/?created_from=2025-01-15&created_to=2025-01-31'))).toEqual([b.id]);
    expect(ids(await get('/leads/?created_from=2025-01-10&created_to=2025-01-10'))).toEqual([a.id]);
    expect(ids(await get('/leads/?created_from=2025-02-01&created_to=2025-12-31'))).toEqual([c.id]);
  });

  it('orders by id, created_at, updated_at, value (empty last) and state, both ways', async () => {
    const order = async (ordering: string) => ids(await get(`/leads/?created_from=2025-01-01${old}&ordering=${ordering}`));
    expect(await order('id')).toEqual([a.id, b.id, c.id]);
    expect(await order('-id')).toEqual([c.id, b.id, a.id]);
    expect(await order('created_at')).toEqual([a.id, b.id, c.id]);
    expect(await order('updated_at')).toEqual([c.id, a.id, b.id]);
    expect(await order('-updated_at')).toEqual([b.id, a.id, c.id]);
    expect(await order('value')).toEqual([a.id, b.id, c.id]);
    expect(await order('-value')).toEqual([b.id, a.id, c.id]);
    expect(await order('state')).toEqual([a.id, b.id, c.id]);
    expect(await order('-state')).toEqual([c.id, b.id, a.id]);
  });

  it('pages with page and page_size', async () => {
    const first = await get(`/leads/?created_from=2025-01-01${old}&ordering=id&page_size=2`);
    expect(first.body.count).toBe(3);
    expect(ids(first)).toEqual([a.id, b.id]);
    expect(first.body.next).toContain('page=2');
    const second = await get(`/leads/?created_from=2025-01-01${old}&ordering=id&page_size=2&page=2`);
    expect(ids(second)).toEqual([c.id]);
    expect(second.body.previous).not.toBeNull();
    expect((await get(`/leads/?created_from=2025-01-01${old}&page_size=2&page=3`)).status).toBe(404);
  });

  it('answers 400 with Czech messages for bad parameters', async () => {
    const ordering = await get('/leads/?ordering=person');
    expect(ordering.status).toBe(400);
    expect(ordering.body.ordering[0]).toContain('Povolené hodnoty: id, created_at, updated_at, value, state');
    expect((await get('/leads/?state=NEW,SPATNY')).status).toBe(400);
    expect((await get('/leads/?source=ALZA')).status).toBe(400);
    expect((await get('/leads/?deal_type=LOAN')).status).toBe(400);
    expect((await get('/leads/?person=abc')).status).toBe(400);
    const date = await get('/leads/?created_from=2025-02-30');
    expect(date.status).toBe(400);
    expect(date.body.created_from).toEqual(['Neplatné datum.']);
    expect((await get('/leads/?page_size=101')).status).toBe(400);
  });
});

describe('GET /api/v1/leads/{id}/', () => {
  it('shows a portal lead with its person, UTM, latest form and no offers yet', async () => {
    const lead = await fx.portalLead({ person: { first_name: 'Marie', last_name: 'Havlová' } });
    const res = await get(`/leads/${lead.leadId}/`, viewer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: lead.leadId,
      state: 'NEW',
      source: 'PORTAL',
      deal_type: 'CONSUMER_LOAN',
      value: '250000.00',
      installment_value: '6000.00',
      person: { id: lead.personId, name: 'Marie Havlová' },
      person_summary: {
        id: lead.personId,
        first_name: 'Marie',
        last_name: 'Havlová',
        email: lead.applicant.email,
        phone: lead.applicant.phone,
        permanent_address: 'Husova 12, 602 00 Brno',
        has_execution: false,
        has_insolvency: false,
        is_blacklisted: false,
      },
      utm: { source: 'seznam', campaign: 'podzim', medium: 'cpc' },
      participants: [],
      application_form: { id: lead.formId, token: lead.token, type: 'CONSUMER_LOAN', state: 'PERSON_INFO', offer_applied: false, documents_count: 0 },
      offers: [],
      closed_reason: null,
      closed_note: null,
      closed_at: null,
    });
    expect(res.body.person_summary.birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const unknown = await get('/leads/999999/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: leadMessages.leadNotFound });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) expect((await get(`/leads/${id}/`)).status).toBe(404);
    expect((await ctx.http().get('/api/v1/leads/1/')).status).toBe(401);
  });
});

describe('closing a lead', () => {
  it('lists the active closed reasons of the migration, in order, without taking them for a lead id', async () => {
    const res = await get('/leads/application-closed-reasons/', viewer);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { code: string }) => r.code)).toEqual([
      'CLIENT_NOT_INTERESTED',
      'INSUFFICIENT_INCOME',
      'NEGATIVE_REGISTER_INSOLVENCY',
      'EXECUTION',
      'INSUFFICIENT_COLLATERAL',
      'CLIENT_UNREACHABLE',
      'DUPLICATE_APPLICATION',
      'SUSPECTED_FRAUD',
      'OTHER',
    ]);
    expect(res.body[0]).toEqual({ id: expect.any(Number), code: 'CLIENT_NOT_INTERESTED', name: 'Klient nemá zájem', order: 10, is_active: true });
    expect((await ctx.http().get('/api/v1/leads/application-closed-reasons/')).status).toBe(401);
  });

  it('closes with a reason code and a note, closes the open form, records the audit and refuses a second close', async () => {
    const lead = await fx.portalLead();
    const before = Date.now();
    const res = await post(`/leads/${lead.leadId}/close/`, { reason: 'INSUFFICIENT_INCOME', note: 'Příjem pouze z dohody o provedení práce.' });
    const after = Date.now();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: lead.leadId,
      state: 'CLOSED',
      closed_reason: { code: 'INSUFFICIENT_INCOME', name: 'Nedostatečný příjem' },
      closed_note: 'Příjem pouze z dohody o provedení práce.',
      application_form: { state: 'CLOSED' },
    });
    // Closed now: during the request.
    expect(Date.parse(res.body.closed_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(res.body.closed_at)).toBeLessThanOrEqual(after);
    const stored = await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: lead.leadId } });
    expect(stored.closedAt).toBeInstanceOf(Date);

    const audit = await ctx.deps.prisma.auditLog.findMany({ where: { entity: 'Lead', entityId: String(lead.leadId), action: 'lead.close' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'STAFF', changes: { closed_reason: 'INSUFFICIENT_INCOME', state: { from: 'NEW', to: 'CLOSED' } } });

    const again = await post(`/leads/${lead.leadId}/close/`, { reason: 'OTHER' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ detail: leadMessages.alreadyClosed });
    // The applicant can no longer change the application of a closed lead.
    const submit = await ctx.http().post(`/api/v1/forms/${lead.token}/submit/`).send({ step: 'BASIC_DEAL_INFO', data: { value: 300_000, installment_value: 7_000 } });
    expect(submit.status).toBe(409);
  });

  it('accepts the reason id, and lower-case codes', async () => {
    const reasons = (await get('/leads/application-closed-reasons/')).body as { id: number; code: string }[];
    const duplicate = reasons.find((r) => r.code === 'DUPLICATE_APPLICATION')!;
    const one = await fx.directLead();
    const byId = await post(`/leads/${one.id}/close/`, { reason: duplicate.id });
    expect(byId.status).toBe(200);
    expect(byId.body.closed_reason).toEqual({ id: duplicate.id, code: 'DUPLICATE_APPLICATION', name: 'Duplicitní žádost' });
    const two = await fx.directLead();
    expect((await post(`/leads/${two.id}/close/`, { reason: 'client_unreachable' })).body.closed_reason.code).toBe('CLIENT_UNREACHABLE');
  });

  it('answers 400 for an unknown or inactive reason and a missing body, 409 for a converted lead', async () => {
    const lead = await fx.directLead();
    const unknown = await post(`/leads/${lead.id}/close/`, { reason: 'NO_SUCH_REASON' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ reason: [leadMessages.reasonUnknown] });
    expect((await post(`/leads/${lead.id}/close/`, { reason: 999_999 })).body).toEqual({ reason: [leadMessages.reasonUnknown] });
    await ctx.deps.prisma.applicationClosedReason.create({ data: { code: 'OLD_REASON', name: 'Starý důvod', isActive: false, order: 99 } });
    expect((await post(`/leads/${lead.id}/close/`, { reason: 'OLD_REASON' })).status).toBe(400);
    expect((await get('/leads/application-closed-reasons/')).body.map((r: { code: string }) => r.code)).not.toContain('OLD_REASON');
    const empty = await post(`/leads/${lead.id}/close/`);
    expect(empty.status).toBe(400);
    expect((await post(`/leads/${lead.id}/close/`, { note: 'bez důvodu' })).body).toEqual({ reason: ['Pole je povinné'] });
    expect((await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).state).toBe('NEW');

    const converted = await fx.directLead({ state: 'CONVERTED' });
    const res = await post(`/leads/${converted.id}/close/`, { reason: 'OTHER' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(leadMessages.converted);
    expect((await post('/leads/999999/close/', { reason: 'OTHER' })).status).toBe(404);
  });

  it('lets only ADMIN and UNDERWRITER close: VIEWER and COLLECTIONS get 403, no token 401', async () => {
    const lead = await fx.directLead();
    expect((await post(`/leads/${lead.id}/close/`, { reason: 'OTHER' }, viewer)).status).toBe(403);
    expect((await post(`/leads/${lead.id}/close/`, { reason: 'OTHER' }, collections)).status).toBe(403);
    expect((await ctx.http().post(`/api/v1/leads/${lead.id}/close/`).send({ reason: 'OTHER' })).status).toBe(401);
    const admin = bearer((await ctx.login('ADMIN')).access);
    expect((await post(`/leads/${lead.id}/close/`, { reason: 'OTHER' }, admin)).status).toBe(200);
  });
});
