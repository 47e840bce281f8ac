import { formMessages as m, makeBirthNumber, partnerContactRequest, partnerLeadRequest } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { partnerActor, testSystem } from '../../../test/fixtures/actors.ts';
import { createApiKey } from '../api-keys/create-api-key.ts';
import { pushPartnerLead } from './push-partner-lead.ts';

let ctx: TestContext;
const keys: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const owner of ['BEZVA_FINANCE', 'LEADSOR', 'SEVEN_FINANCE', 'VOLSOR'] as const) keys[owner] = (await createApiKey(ctx.deps, testSystem, { owner })).key;
});
afterAll(() => ctx.close());

let serial = 0;
const consent = { given: true, at: '2026-11-20T09:15:00+01:00', text: 'Souhlasím se zpracováním osobních údajů.' };
const lead = (overrides: Record<string, unknown> = {}) => ({
  external_id: `ext-${++serial}`,
  person: { first_name: 'Tomáš', last_name: 'Král', email: `tomas.kral${serial}@email.cz`, phone: `+420 602 000 ${String(100 + serial).padStart(3, '0')}`, birth_number: makeBirthNumber(new Date(Date.UTC(1979, 2, 3 + (serial % 20))), 'M', serial) },
  loan: { type: 'CONSUMER_LOAN', value: 300_000, installment_value: 7_000 },
  consent,
  ...overrides,
});
const push = (path: string, owner: string, body: unknown) => ctx.http().post(`/api/v1/leads/${path}`).set('Authorization', `Api-Key ${keys[owner]}`).send(body as object);

describe('partner lead pushes', () => {
  it.each([
    ['bezva-finance/', 'BEZVA_FINANCE'],
    ['leadsor/', 'LEADSOR'],
    ['seven-finance/', 'SEVEN_FINANCE'],
    ['volsor/', 'VOLSOR'],
  ])('POST /leads/%s makes a lead of that partner', async (path, owner) => {
    const body = lead();
    const res = await push(path, owner, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ external_id: body.external_id, source: owner, state: 'NEW', created: true });
    const stored = await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: res.body.id }, include: { person: true } });
    expect(stored).toMatchObject({ dealType: 'CONSUMER_LOAN', externalId: body.external_id });
    expect(stored.value?.toNumber()).toBe(300_000);
    expect(stored.person).toMatchObject({ birthNumber: body.person.birth_number, email: body.person.email });
    expect(stored.partnerPayload).toMatchObject({ kind: 'LEAD', consent: { given: true } });
  });

  it.each([
    ['bezva-finance/contact/', 'BEZVA_FINANCE'],
    ['leadsor/contact/', 'LEADSOR'],
    ['volsor/contact/', 'VOLSOR'],
  ])('POST /leads/%s takes a contact only', async (path, owner) => {
    const res = await push(path, owner, { external_id: `c-${++serial}`, person: { first_name: 'Eva', last_name: 'Malá', phone: '731 222 333' }, consent });
    expect(res.status).toBe(201);
    const stored = await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: res.body.id }, include: { person: true } });
    expect(stored.dealType).toBeNull();
    expect(stored.person?.phoneE164).toBe('+420731222333');
  });

  it('is idempotent on (partner, external_id), also under concurrent pushes', async () => {
    const body = lead();
    const first = await push('leadsor/', 'LEADSOR', body);
    const again = await push('leadsor/', 'LEADSOR', body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, created: false });

    const racing = lead();
    const answers = await Promise.all(Array.from({ length: 6 }, () => push('volsor/', 'VOLSOR', racing)));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(await ctx.deps.prisma.lead.count({ where: { source: 'VOLSOR', externalId: racing.external_id } })).toBe(1);

    // the same external id from another partner is another lead
    const other = await push('bezva-finance/', 'BEZVA_FINANCE', body);
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.body.id);
  });

  it('deduplicates persons by birth number, then by e-mail or phone', async () => {
    const a = lead();
    await push('leadsor/', 'LEADSOR', a);
    const sameBirthNumber = await push('volsor/', 'VOLSOR', lead({ person: { ...a.person, email: 'jiny@email.cz', phone: '+420 777 999 111' } }));
    const sameEmail = await push('bezva-finance/contact/', 'BEZVA_FINANCE', { external_id: `c-${++serial}`, person: { first_name: 'T.', last_name: 'Král', email: a.person.email }, consent });
    const samePhone = await push('leadsor/contact/', 'LEADSOR', { external_id: `c-${++serial}`, person: { first_name: 'T.', last_name: 'Král', phone: a.person.phone }, consent });
    const persons = new Set([sameBirthNumber.body.person_id, sameEmail.body.person_id, samePhone.body.person_id]);
    expect(persons.size).toBe(1);
    expect(await ctx.deps.prisma.person.count({ where: { birthNumber: a.person.birth_number } })).toBe(1);
  });

  it("refuses another partner's key with 403 and no key with 401", async () => {
    expect((await push('leadsor/', 'VOLSOR', lead())).status).toBe(403);
    expect((await push('seven-finance/', 'LEADSOR', lead())).status).toBe(403);
    expect((await ctx.http().post('/api/v1/leads/leadsor/').send(lead())).status).toBe(401);
    const monitoring = await createApiKey(ctx.deps, testSystem, { owner: 'MONITORING' });
    expect((await ctx.http().post('/api/v1/leads/volsor/').set('Authorization', `Api-Key ${monitoring.key}`).send(lead())).status).toBe(403);
  });

  it('answers bad payloads with 400 and field messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ external_id: '' }, 'external_id'],
      [{ consent: { given: false, at: consent.at } }, 'consent.given'],
      [{ consent: { given: true, at: 'včera' } }, 'consent.at'],
      [{ loan: { type: 'CONSUMER_LOAN', value: 10_000, installment_value: 1_000 } }, 'loan.value'],
      [{ loan: { type: 'MORTGAGE', value: 100_000 } }, 'loan.type'],
      [{ person: { first_name: 'A', last_name: 'B' } }, 'email'],
      [{ person: { first_name: 'A', last_name: 'B', phone: '123' } }, 'phone'],
      [{ person: { first_name: 'A', last_name: 'B', email: 'a@b.cz', birth_number: '8001011239' } }, 'birth_number'],
    ];
    for (const [change, field] of cases) {
      const res = await push('leadsor/', 'LEADSOR', lead(change));
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body).some((k) => k.endsWith(field)), `${field}: ${JSON.stringify(res.body)}`).toBe(true);
    }
    const value = await push('leadsor/', 'LEADSOR', lead({ loan: { type: 'CONSUMER_LOAN', value: 10_000, installment_value: 1_000 } }));
    expect(value.body['loan.value']).toEqual([m.min50k]);
  });

  it('records every push in the audit log under the key prefix', async () => {
    const res = await push('leadsor/', 'LEADSOR', lead());
    const entry = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { entity: 'Lead', entityId: String(res.body.id) } });
    expect(entry).toMatchObject({ actorType: 'API_KEY', action: 'lead.push.lead', actorId: keys.LEADSOR!.slice(3, 11) });
  });
});

describe('what a push stores (one transaction in SQL, docs/decisions/0043)', () => {
  const at = new Date('2026-11-20T08:15:30.123Z');
  const deps = () => ({ pool: ctx.deps.pool, now: () => at });

  it('the lead, the new applicant with its e-mail and phone as primary contacts and the audit row, at the time of the push', async () => {
    const body = partnerLeadRequest.parse(lead({ loan: { type: 'INVESTMENT_LOAN', value: '1 250 000', installment_value: 25_000, purpose: ' Nákup stroje ' }, note: 'Volat odpoledne.' }));
    const answer = await pushPartnerLead(deps(), partnerActor('LEADSOR'), { partner: 'LEADSOR', push: { kind: 'LEAD', ...body } });
    expect(answer).toEqual({ id: expect.any(Number), external_id: body.external_id, source: 'LEADSOR', state: 'NEW', person_id: expect.any(Number), created: true });
    const stored = await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: answer.id }, include: { person: { include: { contacts: { orderBy: { type: 'asc' } } } } } });
    expect(stored).toMatchObject({ source: 'LEADSOR', externalId: body.external_id, state: 'NEW', dealType: 'INVESTMENT_LOAN', purpose: 'Nákup stroje', personId: answer.person_id, createdAt: at, updatedAt: at });
    expect([stored.value?.toFixed(2), stored.installmentValue?.toFixed(2)]).toEqual(['1250000.00', '25000.00']);
    expect(stored.partnerPayload).toEqual({ kind: 'LEAD', consent, note: 'Volat odpoledne.' });
    expect(stored.person).toMatchObject({
      identificationType: 'BIRTH_NUMBER',
      firstName: 'Tomáš',
      lastName: 'Král',
      email: body.person.email,
      phone: body.person.phone,
      phoneE164: `+420602000${String(100 + serial).padStart(3, '0')}`,
      birthNumber: body.person.birth_number,
      birthDate: new Date(Date.UTC(1979, 2, 3 + (serial % 20))),
      createdAt: at,
      updatedAt: at,
    });
    expect(stored.person!.contacts.map((c) => [c.type, c.value, c.isPrimary, c.createdAt])).toEqual([
      ['EMAIL', body.person.email, true, at],
      ['PHONE', stored.person!.phoneE164, true, at],
    ]);
    const audit = await ctx.deps.prisma.auditLog.findMany({ where: { entity: 'Lead', entityId: String(answer.id) } });
    expect(audit).toMatchObject([
      { actorType: 'API_KEY', actorId: 'lk_test', action: 'lead.push.lead', changes: { partner: 'LEADSOR', external_id: body.external_id }, requestId: 'test', ip: '127.0.0.1', createdAt: at },
    ]);
  });

  it('a known person gains only the details it lacked; a repeated push writes nothing', async () => {
    const known = await ctx.deps.prisma.person.create({ data: { firstName: 'Olga', lastName: 'Stará', email: 'olga.stara@email.cz', identityCard: '111222333' } });
    const body = partnerContactRequest.parse({ external_id: `known-${++serial}`, person: { first_name: 'Olga', last_name: 'Nová', email: 'olga.stara@email.cz', phone: '731 444 555' }, consent });
    const first = await pushPartnerLead(deps(), partnerActor('VOLSOR'), { partner: 'VOLSOR', push: { kind: 'CONTACT', ...body } });
    expect(first).toMatchObject({ person_id: known.id, created: true });
    expect(await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: known.id } })).toMatchObject({
      lastName: 'Stará',
      email: 'olga.stara@email.cz',
      phone: '731 444 555',
      phoneE164: '+420731444555',
      identityCard: '111222333',
      updatedAt: at,
    });
    expect(await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ dealType: null, value: null, partnerPayload: { kind: 'CONTACT', consent, note: null } });
    const again = await pushPartnerLead(deps(), partnerActor('VOLSOR'), { partner: 'VOLSOR', push: { kind: 'CONTACT', ...body } });
    expect(again).toEqual({ ...first, created: false });
    expect(await ctx.deps.prisma.auditLog.count({ where: { entity: 'Lead', entityId: String(first.id) } })).toBe(1);
  });
});

describe('concurrent pushes of one new applicant (real PostgreSQL, one connection pool)', () => {
  const partners = [
    ['leadsor/', 'LEADSOR'],
    ['volsor/', 'VOLSOR'],
    ['bezva-finance/', 'BEZVA_FINANCE'],
    ['seven-finance/', 'SEVEN_FINANCE'],
  ] as const;
  /** 20 pushes at once, each with its own external id, spread over the partners. */
  async function race(person: (i: number) => Record<string, unknown>) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [path, owner] = partners[i % partners.length]!;
        return push(path, owner, lead({ external_id: `race-${++serial}`, person: person(i) }));
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const leads = await ctx.deps.prisma.lead.findMany({ where: { id: { in: answers.map((a) => a.body.id as number) } } });
    expect(leads).toHaveLength(20);
    return new Set(leads.map((l) => l.personId));
  }

  it('the same birth number and different external ids: 20 leads, one person, no 5xx', async () => {
    const birthNumber = makeBirthNumber(new Date(Date.UTC(1988, 6, 14)), 'F', 901);
    const persons = await race((i) => ({ first_name: 'Lucie', last_name: 'Horáková', email: `lucie.${i}@email.cz`, birth_number: birthNumber }));
    expect(persons.size).toBe(1);
    expect(await ctx.deps.prisma.person.count({ where: { birthNumber } })).toBe(1);
  });

  it('the same e-mail and no birth number: one person', async () => {
    const persons = await race(() => ({ first_name: 'Karel', last_name: 'Dvořák', email: 'karel.dvorak.soubeh@email.cz' }));
    expect(persons.size).toBe(1);
    expect(await ctx.deps.prisma.person.count({ where: { email: 'karel.dvorak.soubeh@email.cz' } })).toBe(1);
  });

  it('the same phone, written differently, and no birth number nor e-mail: one person', async () => {
    const persons = await race((i) => ({ first_name: 'Jan', last_name: 'Malý', phone: i % 2 ? '+420 605 111 222' : '605111222' }));
    expect(persons.size).toBe(1);
    expect(await ctx.deps.prisma.person.count({ where: { phoneE164: '+420605111222' } })).toBe(1);
  });

  it('pushes racing a staff member creating the same person: pushes land on it, staff get 201 or the duplicate 400', async () => {
    const birthNumber = makeBirthNumber(new Date(Date.UTC(1969, 10, 30)), 'F', 903);
    const { access } = await ctx.login('UNDERWRITER');
    const [staff, ...pushes] = await Promise.all([
      ctx.http().post('/api/v1/persons/').set(bearer(access)).send({ identification_type: 'BIRTH_NUMBER', first_name: 'Eva', last_name: 'Souběžná', birth_number: birthNumber }),
      ...Array.from({ length: 10 }, (_, i) => push('leadsor/', 'LEADSOR', lead({ external_id: `staff-race-${i}-${++serial}`, person: { first_name: 'Eva', last_name: 'Souběžná', email: `eva.${i}@email.cz`, birth_number: birthNumber } }))),
    ]);
    expect([201, 400]).toContain(staff!.status);
    expect(pushes.map((p) => p.status)).toEqual(Array(10).fill(201));
    expect(await ctx.deps.prisma.person.count({ where: { birthNumber } })).toBe(1);
  });

  it('a birth number and an e-mail known from two pushes racing: still one person', async () => {
    const birthNumber = makeBirthNumber(new Date(Date.UTC(1975, 1, 2)), 'M', 902);
    const email = 'petr.soubeh@email.cz';
    // Half of them carry the birth number, half only the e-mail.
    const persons = await race((i) => (i % 2 ? { first_name: 'Petr', last_name: 'Souběh', email, birth_number: birthNumber } : { first_name: 'Petr', last_name: 'Souběh', email }));
    expect(persons.size).toBe(1);
    expect(await ctx.deps.prisma.person.findFirst({ where: { email } })).toMatchObject({ birthNumber });
  });
});
