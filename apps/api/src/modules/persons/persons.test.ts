import { formatBirthNumber, makeBirthNumber, maskBirthNumber, StaffRole } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { redactUrl } from '../../logger.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { birthNumber, companyId, naturalPerson } from '../../../test/fixtures/persons.ts';

let ctx: TestContext;
let staff: string;
let viewer: string;
let staffId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const login = await ctx.login('UNDERWRITER');
  staff = login.access;
  staffId = (await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email: login.email } })).id;
  viewer = (await ctx.login('VIEWER')).access;
});
afterAll(() => ctx.close());

const post = (path: string, body?: object, token = staff) => ctx.http().post(`/api/v1/persons/${path}`).set(bearer(token)).send(body);
const get = (path: string, token = staff) => ctx.http().get(`/api/v1/persons/${path}`).set(bearer(token));
const put = (path: string, body: object, token = staff) => ctx.http().put(`/api/v1/persons/${path}`).set(bearer(token)).send(body);
const patch = (path: string, body: object, token = staff) => ctx.http().patch(`/api/v1/persons/${path}`).set(bearer(token)).send(body);
const lastAudit = (action: string) => ctx.deps.prisma.auditLog.findFirst({ where: { action }, orderBy: { id: 'desc' } });

const natural = (overrides: object = {}) => ({
  first_name: 'Jiří',
  last_name: 'Dvořák',
  birth_number: formatBirthNumber(birthNumber('1978-03-15')),
  identity_card: '203456789',
  email: 'Jiri.Dvorak@Seznam.cz',
  phone: '601 123 456',
  citizenship: 'cz',
  ...overrides,
});

describe('POST /api/v1/persons/', () => {
  it('creates a natural person by birth number, with primary contacts, audit-logged without the identifiers', async () => {
    const body = natural();
    const res = await post('', body);
    expect(res.status).toBe(201);
    // The answer is the detail: identifiers masked there too (docs/decisions/0046).
    expect(res.body).toMatchObject({
      identification_type: 'BIRTH_NUMBER',
      name: 'Jiří Dvořák',
      birth_number: `${body.birth_number.slice(0, 6)}/****`,
      birth_date: '1978-03-15',
      identity_card: '******789',
      identifiers_masked: true,
      email: 'jiri.dvorak@seznam.cz',
      phone: '601 123 456',
      phone_e164: '+420601123456',
      citizenship: 'CZ',
      is_blacklisted: false,
      is_internal: false,
      addresses: [],
      labels: [],
      blacklist_entries: [],
    });
    expect(res.body.contacts.map((c: { type: string; value: string; is_primary: boolean }) => [c.type, c.value, c.is_primary])).toEqual([
      ['EMAIL', 'jiri.dvorak@seznam.cz', true],
      ['PHONE', '+420601123456', true],
    ]);
    const stored = await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.birthNumber).toBe(body.birth_number.replace('/', ''));
    expect(stored.identityCard).toBe('203456789');
    const audit = await lastAudit('person.create');
    expect(audit).toMatchObject({ actorId: String(staffId), entity: 'Person', entityId: String(res.body.id) });
    const changes = JSON.stringify(audit?.changes);
    expect(changes).toContain('"birth_number":"***"');
    expect(changes).toContain('"identity_card":"***"');
    expect(changes).not.toContain(body.birth_number.replace('/', '').slice(6));
    expect(changes).not.toContain('203456789');
  });

  it('creates a legal person by IČO', async () => {
    const ico = companyId();
    const res = await post('', { identification_type: 'ICO', company_name: 'Stavby Průhonice s.r.o.', company_id: ico, email: 'info@stavby-pruhonice.cz' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ identification_type: 'ICO', name: 'Stavby Průhonice s.r.o.', company_id: ico, birth_number: null, birth_date: null });
  });

  it('answers 400 with Czech field messages for invalid input', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [natural({ birth_number: '780315/123' }), { birth_number: ['Rodné číslo je neplatné.'] }],
      [natural({ birth_number: '780332/1234' }), { birth_number: ['Rodné číslo je neplatné.'] }],
      [natural({ birth_number: undefined }), { birth_number: ['U fyzické osoby je rodné číslo povinné.'] }],
      [natural({ first_name: '', last_name: undefined }), { first_name: ['Pole je povinné'], last_name: ['Pole je povinné'] }],
      [natural({ phone: '12345' }), { phone: ['Zadejte platné telefonní číslo'] }],
      [natural({ email: 'jiri@' }), { email: ['Zadejte platnou e-mailovou adresu.'] }],
      [natural({ identity_card: '12AB' }), { identity_card: ['Číslo občanského průkazu je neplatné.'] }],
      [natural({ company_id: '12345678' }), { company_id: ['IČO je neplatné.'] }],
      [natural({ citizenship: 'Czechia' }), { citizenship: ['Zadejte kód země podle ISO 3166 (dvě písmena, např. CZ).'] }],
      [{ identification_type: 'ICO', company_name: 'Firma a.s.' }, { company_id: ['U právnické osoby je IČO povinné.'] }],
      [{ identification_type: 'ICO', company_id: companyId() }, { company_name: ['U právnické osoby je název firmy povinný.'] }],
      [{ identification_type: 'ICO', company_name: 'Firma a.s.', company_id: companyId(), birth_number: birthNumber('1980-01-01') }, { birth_number: ['Právnická osoba nemá rodné číslo.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await post('', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    const badType = await post('', natural({ identification_type: 'PASSPORT' }));
    expect(badType.status).toBe(400);
    expect(Object.keys(badType.body)).toEqual(['identification_type']);
  });

  it('refuses a second person with the same birth number (with or without the slash)', async () => {
    const number = birthNumber('1991-07-30', 'F');
    expect((await post('', natural({ first_name: 'Zuzana', last_name: 'Černá', birth_number: number }))).status).toBe(201);
    const again = await post('', natural({ first_name: 'Zuzana', last_name: 'Černá', birth_number: formatBirthNumber(number) }));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ birth_number: ['Fyzická osoba s tímto rodným číslem již existuje'] });
  });

  it('answers 401 without a token and 403 to VIEWER', async () => {
    expect((await ctx.http().post('/api/v1/persons/').send(natural())).status).toBe(401);
    const res = await post('', natural({ birth_number: birthNumber('1970-01-01') }), viewer);
    expect(res.status).toBe(403);
  });
});

describe('GET/PUT/PATCH /api/v1/persons/{id}/', () => {
  it('masks the birth number and identity card on the detail for every role, as in the list', async () => {
    const number = birthNumber('1990-05-01');
    const created = await post('', natural({ first_name: 'Květoslava', last_name: 'Šťastná', birth_number: number, identity_card: '123456AB' }));
    for (const role of StaffRole.values) {
      const detail = await get(`${created.body.id}/`, (await ctx.login(role)).access);
      expect(detail.status, role).toBe(200);
      expect(detail.body, role).toMatchObject({ birth_number: `${number.slice(0, 6)}/****`, identity_card: '*****6AB', identifiers_masked: true, birth_date: '1990-05-01' });
      expect(JSON.stringify(detail.body), role).not.toContain(number.slice(6));
      expect(JSON.stringify(detail.body), role).not.toContain('123456AB');
    }
    // A page view is no reveal: nothing in the audit log.
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'person.identifiers.reveal', entityId: String(created.body.id) } })).toBe(0);
    const list = await get(`?id=${created.body.id}`, viewer);
    expect(list.status).toBe(200);
    expect(list.body.results[0].birth_number_masked).toBe(`${number.slice(0, 6)}/****`);
    expect(list.body.results[0]).not.toHaveProperty('birth_number');
    expect(list.body.results[0]).not.toHaveProperty('identity_card');
    expect(JSON.stringify(list.body)).not.toContain(number.slice(6));
    expect(JSON.stringify(list.body)).not.toContain('123456AB');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`${id}/`);
      expect(res.status, id).toBe(404);
    }
    expect((await get('999999/')).body).toEqual({ detail: 'Nenalezeno.' });
    expect((await put('999999/', natural({ birth_number: birthNumber('1966-06-06') }))).status).toBe(404);
    expect((await patch('999999/', { note: 'x' })).status).toBe(404);
  });

  it('PUT replaces the whole person: fields left out are cleared', async () => {
    const number = birthNumber('1982-11-02');
    const created = await post('', natural({ first_name: 'Petr', last_name: 'Novotný', birth_number: number, note: 'Volat odpoledne', is_internal: true }));
    const id = created.body.id;
    const res = await put(`${id}/`, { first_name: 'Petr', last_name: 'Novotný', birth_number: number, email: 'petr.novotny@email.cz' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ note: null, phone: null, identity_card: null, is_internal: false, email: 'petr.novotny@email.cz' });
    // The new e-mail became the primary e-mail contact (listed first); the old one stays, no longer primary.
    const emails = res.body.contacts.filter((c: { type: string }) => c.type === 'EMAIL');
    expect(emails.map((c: { value: string; is_primary: boolean }) => [c.value, c.is_primary])).toEqual([
      ['petr.novotny@email.cz', true],
      ['jiri.dvorak@seznam.cz', false],
    ]);
    expect(await lastAudit('person.update')).toMatchObject({ entityId: String(id) });
    const invalid = await put(`${id}/`, { first_name: 'Petr' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body).sort()).toEqual(['birth_number', 'last_name']);
    expect((await put(`${id}/`, natural({ birth_number: birthNumber('1960-02-02') }), viewer)).status).toBe(403);
  });

  it('PUT refuses the birth number of another person', async () => {
    const [numberA, numberB] = [birthNumber('1975-08-08', 'F'), birthNumber('1974-08-08')];
    await post('', natural({ first_name: 'Ivana', last_name: 'Malá', birth_number: numberA }));
    const b = await post('', natural({ first_name: 'Ivan', last_name: 'Malý', birth_number: numberB }));
    const res = await put(`${b.body.id}/`, natural({ first_name: 'Ivan', last_name: 'Malý', birth_number: formatBirthNumber(numberA) }));
    expect(res.status).toBe(400);
    expect(res.body.birth_number).toEqual(['Fyzická osoba s tímto rodným číslem již existuje']);
    // Its own birth number is fine.
    expect((await put(`${b.body.id}/`, natural({ first_name: 'Ivan', last_name: 'Malý', birth_number: formatBirthNumber(numberB) }))).status).toBe(200);
  });

  it('PUT and PATCH refuse the masked identifiers of the detail sent back as values, and change nothing', async () => {
    const number = birthNumber('1987-04-12');
    const created = await post('', natural({ first_name: 'Pavla', last_name: 'Zelená', birth_number: number, identity_card: '556677889' }));
    const id = created.body.id;
    const { birth_number: maskedNumber, identity_card: maskedCard } = (await get(`${id}/`)).body;
    expect([maskedNumber, maskedCard]).toEqual([maskBirthNumber(number), '******889']);
    const put400 = await put(`${id}/`, natural({ first_name: 'Pavla', last_name: 'Zelená', birth_number: maskedNumber, identity_card: maskedCard }));
    expect(put400.status).toBe(400);
    expect(put400.body).toEqual({ birth_number: ['Rodné číslo je neplatné.'], identity_card: ['Číslo občanského průkazu je neplatné.'] });
    expect((await patch(`${id}/`, { identity_card: maskedCard })).status).toBe(400);
    const stored = await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id } });
    expect([stored.birthNumber, stored.identityCard]).toEqual([number, '556677889']);
  });

  it('PATCH changes only the fields sent, and the merged person must still be valid', async () => {
    const number = birthNumber('1969-12-24', 'F');
    const created = await post('', natural({ first_name: 'Marie', last_name: 'Horáková', birth_number: number, note: 'Původní poznámka' }));
    const id = created.body.id;
    const res = await patch(`${id}/`, { last_name: 'Horáková-Bílá', phone: '+421 905 123 456', has_execution: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Marie', last_name: 'Horáková-Bílá', note: 'Původní poznámka', phone_e164: '+421905123456', has_execution: true, birth_number: created.body.birth_number });
    // The birth number did not change (the answer masks it; the row has it).
    expect((await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id } })).birthNumber).toBe(number);
    const phones = res.body.contacts.filter((c: { type: string }) => c.type === 'PHONE');
    expect(phones.filter((c: { is_primary: boolean }) => c.is_primary).map((c: { value: string }) => c.value)).toEqual(['+421905123456']);
    const audit = await lastAudit('person.patch');
    expect(audit?.changes).toEqual({ last_name: 'Horáková-Bílá', phone: '+421 905 123 456', has_execution: true });

    const cleared = await patch(`${id}/`, { note: '' });
    expect(cleared.body.note).toBeNull();
    const toCompany = await patch(`${id}/`, { identification_type: 'ICO' });
    expect(toCompany.status).toBe(400);
    expect(toCompany.body).toEqual({
      company_name: ['U právnické osoby je název firmy povinný.'],
      company_id: ['U právnické osoby je IČO povinné.'],
      birth_number: ['Právnická osoba nemá rodné číslo.'],
    });
    const noBirthNumber = await patch(`${id}/`, { birth_number: null });
    expect(noBirthNumber.status).toBe(400);
    expect((await patch(`${id}/`, { email: 'neplatny' })).body).toEqual({ email: ['Zadejte platnou e-mailovou adresu.'] });
    expect((await patch(`${id}/`, { note: 'x' }, viewer)).status).toBe(403);
  });
});

describe('POST /api/v1/persons/{id}/reveal-identifiers/', () => {
  const reveal = (id: number | string, token: string, body?: object) => ctx.http().post(`/api/v1/persons/${id}/reveal-identifiers/`).set(bearer(token)).send(body);
  const reveals = (personId: number) => ctx.deps.prisma.auditLog.findMany({ where: { action: 'person.identifiers.reveal', entityId: String(personId) }, orderBy: { id: 'asc' } });
  const staffIdOf = async (email: string) => (await ctx.deps.prisma.staffUser.findUniqueOrThrow({ where: { email } })).id;

  it('answers the identifiers in full to ADMIN, UNDERWRITER and COLLECTIONS, one audit entry per reveal (who, which person, why)', async () => {
    const number = birthNumber('1984-09-21', 'F');
    const created = await post('', natural({ first_name: 'Hana', last_name: 'Vlčková', birth_number: number, identity_card: '654321987' }));
    const id = created.body.id as number;
    let expected = 0;
    for (const role of ['ADMIN', 'UNDERWRITER', 'COLLECTIONS'] as const) {
      const login = await ctx.login(role);
      const actorId = String(await staffIdOf(login.email));
      for (const body of [{ reason: 'Ověření totožnosti po telefonu' }, undefined, {}]) {
        const res = await reveal(id, login.access, body);
        expect(res.status, `${role} ${JSON.stringify(body)}`).toBe(200);
        expect(res.body).toEqual({ birth_number: formatBirthNumber(number), identity_card: '654321987' });
        expected += 1;
        const entries = await reveals(id);
        expect(entries).toHaveLength(expected);
        expect(entries.at(-1)).toMatchObject({ actorType: 'STAFF', actorId, entity: 'Person', entityId: String(id), changes: { reason: body?.reason ?? null } });
        // The record says that they were shown, not what.
        expect(JSON.stringify(entries.at(-1)?.changes)).not.toContain('654321987');
        expect(JSON.stringify(entries.at(-1)?.changes)).not.toContain(number.slice(6));
      }
    }
  });

  it('answers nulls for a legal person, still audited', async () => {
    const created = await post('', { identification_type: 'ICO', company_name: 'Truhlářství Novák s.r.o.', company_id: companyId() });
    const res = await reveal(created.body.id, staff, { reason: '  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ birth_number: null, identity_card: null });
    expect((await reveals(created.body.id)).map((e) => e.changes)).toEqual([{ reason: null }]);
  });

  it('answers 403 to ACCOUNTANT and VIEWER and records nothing', async () => {
    const created = await post('', natural({ first_name: 'Oldřich', last_name: 'Kubát', birth_number: birthNumber('1958-02-14'), identity_card: '111222333' }));
    for (const role of ['ACCOUNTANT', 'VIEWER'] as const) {
      const res = await reveal(created.body.id, (await ctx.login(role)).access, { reason: 'Zvědavost' });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ detail: 'K této akci nemáte oprávnění.' });
    }
    expect(await reveals(created.body.id)).toEqual([]);
    expect((await ctx.http().post(`/api/v1/persons/${created.body.id}/reveal-identifiers/`).send({})).status).toBe(401);
  });

  it('answers 404 for an unknown person and 400 for a reason over 500 characters, recording nothing', async () => {
    const before = await ctx.deps.prisma.auditLog.count({ where: { action: 'person.identifiers.reveal' } });
    const unknown = await reveal(999_999, staff, { reason: 'Úprava osoby' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Nenalezeno.' });
    const created = await post('', natural({ first_name: 'Jitka', last_name: 'Malinová', birth_number: birthNumber('1993-10-10', 'F') }));
    const long = await reveal(created.body.id, staff, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body)).toEqual(['reason']);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'person.identifiers.reveal' } })).toBe(before);
  });
});

describe('GET /api/v1/persons/{id}/person/ (summary)', () => {
  it('counts deals and leads by state, open distraints, realty rights and shows the latest screening of each type', async () => {
    const prisma = ctx.deps.prisma;
    const person = await naturalPerson(prisma, { firstName: 'Radek', lastName: 'Čermák', hasInsolvency: true, companyId: companyId() });
    const other = await naturalPerson(prisma, { firstName: 'Eva', lastName: 'Kolářová', sex: 'F' });
    for (const [state, role] of [['ACTIVE', 'BORROWER'], ['ACTIVE', 'PLEDGER'], ['CLOSED', 'BORROWER']] as const) {
      await prisma.deal.create({ data: { type: 'CONSUMER_LOAN', state, value: 150000, participants: { create: { personId: person.id, role } } } });
    }
    // Two roles in one deal count the deal once.
    await prisma.deal.create({
      data: { type: 'INVESTMENT_LOAN', state: 'CONTRACT_SIGN', value: 900000, participants: { create: [{ personId: person.id, role: 'BORROWER' }, { personId: person.id, role: 'MORTGAGOR' }] } },
    });
    await prisma.deal.create({ data: { type: 'CONSUMER_LOAN', state: 'ACTIVE', value: 1000, participants: { create: { personId: other.id, role: 'BORROWER' } } } });
    await prisma.lead.create({ data: { source: 'PORTAL', state: 'NEW', personId: person.id } });
    await prisma.lead.create({ data: { source: 'LEADSOR', state: 'CLOSED', personId: person.id } });
    const coLead = await prisma.lead.create({ data: { source: 'PORTAL', state: 'IN_PROGRESS', personId: other.id } });
    await prisma.leadParticipant.create({ data: { leadId: coLead.id, personId: person.id, role: 'ACCESSORY_DEBTOR' } });
    await prisma.distraint.createMany({
      data: [
        { personId: person.id, fileMark: '120 EX 1234/21', state: 'ACTIVE' },
        { personId: person.id, fileMark: '053 EX 77/19', state: 'SUSPENDED' },
        { personId: person.id, fileMark: '001 EX 5/15', state: 'FINISHED' },
      ],
    });
    await prisma.realtyRight.create({ data: { personId: person.id, type: 'OWNERSHIP', lvNumber: '1520' } });
    await prisma.blacklistEntry.create({ data: { personId: person.id, reason: 'Podvodné doklady' } });
    await prisma.personLabel.create({ data: { personId: person.id, name: 'VIP' } });
    const older = await prisma.screening.create({ data: { personId: person.id, type: 'ISIR_INSOLVENCY', state: 'FINISHED', createdAt: new Date('2026-01-01T10:00:00Z') } });
    const newer = await prisma.screening.create({ data: { personId: person.id, type: 'ISIR_INSOLVENCY', state: 'FAILED', createdAt: new Date('2026-02-01T10:00:00Z') } });
    const cee = await prisma.screening.create({ data: { personId: person.id, type: 'ISPIS_CEE', state: 'PENDING', createdAt: new Date('2026-01-15T10:00:00Z') } });

    const res = await get(`${person.id}/person/`, viewer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: person.id,
      name: 'Radek Čermák',
      identification_type: 'BIRTH_NUMBER',
      // Masked in the header too (docs/decisions/0046).
      identification: maskBirthNumber(person.birthNumber!),
      company_id: person.companyId,
      is_blacklisted: true,
      has_insolvency: true,
      has_execution: false,
      open_distraints: 2,
      distraints_total: 3,
      realty_rights: 1,
    });
    expect(res.body.deals.total).toBe(4);
    expect(res.body.deals.by_state).toMatchObject({ ACTIVE: 2, CLOSED: 1, CONTRACT_SIGN: 1, NEW_APPLICATION: 0 });
    expect(Object.keys(res.body.deals.by_state)).toHaveLength(7);
    expect(res.body.leads).toEqual({ total: 3, by_state: { NEW: 1, IN_PROGRESS: 1, OFFER_SENT: 0, OFFER_ACCEPTED: 0, CONVERTED: 0, CLOSED: 1 } });
    expect(res.body.labels.map((l: { name: string }) => l.name)).toEqual(['VIP']);
    expect(res.body.latest_screenings.map((s: { id: number; type: string; state: string }) => [s.id, s.type, s.state])).toEqual([
      [newer.id, 'ISIR_INSOLVENCY', 'FAILED'],
      [cee.id, 'ISPIS_CEE', 'PENDING'],
    ]);
    expect(res.body.latest_screenings.some((s: { id: number }) => s.id === older.id)).toBe(false);

    const empty = await get(`${other.id}/person/`);
    expect(empty.body).toMatchObject({ is_blacklisted: false, open_distraints: 0, latest_screenings: [], deals: { total: 1 }, leads: { total: 1 } });
    expect((await get('999999/person/')).status).toBe(404);
  });

  it('identifies a legal person by its IČO', async () => {
    const created = await post('', { identification_type: 'ICO', company_name: 'Zámečnictví Šebesta s.r.o.', company_id: companyId() });
    const res = await get(`${created.body.id}/person/`);
    expect(res.body).toMatchObject({ name: 'Zámečnictví Šebesta s.r.o.', identification_type: 'ICO', identification: created.body.company_id });
  });
});

describe('POST /api/v1/persons/{id}/lead/', () => {
  it('creates a lead of the person (source BACKOFFICE, state NEW), audit-logged', async () => {
    const person = await naturalPerson(ctx.deps.prisma, { firstName: 'Lubomír', lastName: 'Štěpánek' });
    const res = await post(`${person.id}/lead/`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ source: 'BACKOFFICE', state: 'NEW', person_id: person.id, deal_type: null, value: null });
    const lead = await ctx.deps.prisma.lead.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(lead).toMatchObject({ personId: person.id, source: 'BACKOFFICE', state: 'NEW' });
    expect(await lastAudit('lead.create')).toMatchObject({ entity: 'Lead', entityId: String(lead.id), actorId: String(staffId) });
    expect((await post('999999/lead/')).status).toBe(404);
    expect((await post(`${person.id}/lead/`, undefined, viewer)).status).toBe(403);
  });
});

describe('personal data in logs', () => {
  it('keeps birth numbers and searches out of the access log URL', () => {
    const number = makeBirthNumber(new Date('1990-05-01T00:00:00Z'), 'M', 5);
    const url = redactUrl(`/api/v1/persons/?birth_number=${number}&search=905101&has_deal=true`);
    expect(url).toBe('/api/v1/persons/?birth_number=[REDACTED]&search=[REDACTED]&has_deal=true');
  });
});
