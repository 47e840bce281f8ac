import { formatBirthNumber, PERSON_ORDERING_FIELDS } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import type { Person } from '../../generated/prisma/client.ts';
import { searchWords } from './person-search.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { legalPerson, naturalPerson } from '../../../test/fixtures/persons.ts';

let ctx: TestContext;
let token: string;
// A: borrower in a deal, blacklisted. B: internal, with an execution. C: legal person, pledger,
// insolvent. D: self-employed (IČO). E: nothing special.
let A: Person, B: Person, C: Person, D: Person, E: Person;
let all: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.login('VIEWER')).access;
  const prisma = ctx.deps.prisma;
  const at = (day: number) => new Date(Date.UTC(2026, 0, day, 9));
  A = await naturalPerson(prisma, { firstName: 'Jiří', lastName: 'Dvořák', birthDate: '1978-03-15', email: 'jiri.dvorak@seznam.cz', phone: '601 111 222', phoneE164: '+420601111222', createdAt: at(1) });
  B = await naturalPerson(prisma, { firstName: 'Zuzana', lastName: 'Nováková', birthDate: '1991-07-30', sex: 'F', isInternal: true, hasExecution: true, createdAt: at(2) });
  C = await legalPerson(prisma, { companyName: 'Stavby Průhonice s.r.o.', hasInsolvency: true, email: 'info@stavby-pruhonice.cz', createdAt: at(3) });
  D = await naturalPerson(prisma, { firstName: 'Tomáš', lastName: 'Beneš', birthDate: '1984-10-02', companyId: '27082440', createdAt: at(4) });
  E = await naturalPerson(prisma, { firstName: 'Ivana', lastName: 'Malá', birthDate: '1969-01-20', sex: 'F', createdAt: at(5) });
  all = [A, B, C, D, E].map((p) => p.id);
  await prisma.deal.create({ data: { type: 'CONSUMER_LOAN', state: 'ACTIVE', value: 200000, participants: { create: { personId: A.id, role: 'BORROWER' } } } });
  await prisma.deal.create({ data: { type: 'INVESTMENT_LOAN', state: 'ACTIVE', value: 2000000, participants: { create: { personId: C.id, role: 'PLEDGER' } } } });
  await prisma.blacklistEntry.create({ data: { personId: A.id, reason: 'Padělaný výpis z účtu' } });
});
afterAll(() => ctx.close());

const list = (query: string) => ctx.http().get(`/api/v1/persons/${query}`).set(bearer(token));
async function ids(query: string): Promise<number[]> {
  const res = await list(`?page_size=100&${query}`);
  expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.results.map((r: { id: number }) => r.id);
}
const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
/** The filter keeps exactly `expected` (and so excludes someone). */
async function keeps(query: string, expected: Person[]) {
  const found = sorted(await ids(query));
  expect(found, query).toEqual(sorted(expected.map((p) => p.id)));
  expect(found.length, `${query} must exclude someone`).toBeLessThan(all.length);
}
async function rejects(query: string, field: string) {
  const res = await list(`?${query}`);
  expect(res.status, query).toBe(400);
  expect(Object.keys(res.body), query).toEqual([field]);
  expect(typeof res.body[field][0]).toBe('string');
}

describe('GET /api/v1/persons/ filters', () => {
  it('lists everyone without filters, newest first, with list flags', async () => {
    expect(await ids('')).toEqual([E, D, C, B, A].map((p) => p.id));
    const res = await list(`?id=${A.id}`);
    expect(res.body.results[0]).toMatchObject({ name: 'Jiří Dvořák', is_blacklisted: true, has_deal: true, birth_number_masked: `${A.birthNumber!.slice(0, 6)}/****` });
    expect((await list(`?id=${C.id}`)).body.results[0]).toMatchObject({ name: 'Stavby Průhonice s.r.o.', is_blacklisted: false, has_deal: true, birth_number_masked: null });
  });

  it('birth_number (with or without the slash)', async () => {
    await keeps(`birth_number=${A.birthNumber}`, [A]);
    await keeps(`birth_number=${encodeURIComponent(formatBirthNumber(B.birthNumber!))}`, [B]);
    await rejects('birth_number=12345', 'birth_number');
  });

  it('company_id', async () => {
    await keeps(`company_id=${C.companyId}`, [C]);
    await keeps('company_id=27082440', [D]);
    await rejects('company_id=1234', 'company_id');
  });

  it('excluded_ids (comma list)', async () => {
    await keeps(`excluded_ids=${A.id},${B.id}`, [C, D, E]);
    await keeps(`excluded_ids=${E.id}`, [A, B, C, D]);
    await rejects('excluded_ids=1,abc', 'excluded_ids');
  });

  it('has_company: has an IČO (legal person or self-employed)', async () => {
    await keeps('has_company=true', [C, D]);
    await keeps('has_company=0', [A, B, E]);
    await rejects('has_company=yes', 'has_company');
  });

  it('has_deal: takes part in any deal', async () => {
    await keeps('has_deal=true', [A, C]);
    await keeps('has_deal=false', [B, D, E]);
    await rejects('has_deal=maybe', 'has_deal');
  });

  it('has_execution and has_insolvency', async () => {
    await keeps('has_execution=true', [B]);
    await keeps('has_execution=false', [A, C, D, E]);
    await keeps('has_insolvency=1', [C]);
    await keeps('has_insolvency=false', [A, B, D, E]);
    await rejects('has_execution=2', 'has_execution');
    await rejects('has_insolvency=ano', 'has_insolvency');
  });

  it('has_role: takes part in a deal with that role', async () => {
    await keeps('has_role=BORROWER', [A]);
    await keeps('has_role=PLEDGER', [C]);
    await keeps('has_role=TENANT', []);
    await rejects('has_role=KING', 'has_role');
  });

  it('id', async () => {
    await keeps(`id=${D.id}`, [D]);
    await rejects('id=abc', 'id');
    await rejects('id=0', 'id');
  });

  it('identification (BIRTH_NUMBER or ICO)', async () => {
    await keeps('identification=ICO', [C]);
    await keeps('identification=BIRTH_NUMBER', [A, B, D, E]);
    await rejects('identification=PASSPORT', 'identification');
  });

  it('is_blacklisted and is_internal', async () => {
    await keeps('is_blacklisted=true', [A]);
    await keeps('is_blacklisted=false', [B, C, D, E]);
    await keeps('is_internal=1', [B]);
    await keeps('is_internal=0', [A, C, D, E]);
    await rejects('is_blacklisted=', 'is_blacklisted');
    await rejects('is_internal=TRUE1', 'is_internal');
  });

  it('combines filters (AND)', async () => {
    await keeps('has_deal=true&identification=BIRTH_NUMBER', [A]);
    await keeps('has_company=true&has_deal=false', [D]);
    await keeps(`search=cz&excluded_ids=${A.id}&is_internal=false`, [C]);
    await keeps('search=cz', [A, C]);
  });
});

describe('GET /api/v1/persons/?search=', () => {
  it('matches names and company names without regard to diacritics or case', async () => {
    await keeps('search=dvorak', [A]);
    await keeps(`search=${encodeURIComponent('DVOŘÁK')}`, [A]);
    await keeps(`search=${encodeURIComponent('Nováková')}`, [B]);
    await keeps('search=novak', [B]);
    await keeps('search=pruhonice', [C]);
    await keeps(`search=${encodeURIComponent('stavby průh')}`, [C]);
    await keeps(`search=${encodeURIComponent('Jiří Dvořák')}`, [A]);
    await keeps('search=jiri%20benes', []);
    // Words must begin a word: "ova" is inside Nováková, not at a word's start.
    await keeps('search=ova', []);
  });

  it('matches e-mail, phone (any notation), birth number prefix and IČO', async () => {
    await keeps(`search=${encodeURIComponent('jiri.dvorak@')}`, [A]);
    await keeps('search=seznam', [A]);
    await keeps(`search=${encodeURIComponent('601 111 222')}`, [A]);
    await keeps(`search=${encodeURIComponent('+420 601 111 222')}`, [A]);
    await keeps(`search=${A.birthNumber!.slice(0, 6)}`, [A]);
    await keeps(`search=${encodeURIComponent(formatBirthNumber(B.birthNumber!))}`, [B]);
    await keeps(`search=${C.companyId}`, [C]);
    await keeps('search=2708', [D]);
  });

  it('an empty or punctuation-only search filters nothing', async () => {
    expect(await ids('search=')).toHaveLength(5);
    expect(await ids(`search=${encodeURIComponent('*** ---')}`)).toHaveLength(5);
    expect(searchWords(' Šťastná  Šťastná ')).toEqual(['stastna']);
    expect(searchWords('905101/1234')).toEqual(['9051011234']);
    expect(searchWords('00420 601 111 222')).toEqual(['420601111222']);
  });

  it('rejects a search longer than 200 characters', async () => {
    await rejects(`search=${'a'.repeat(201)}`, 'search');
  });

  it('follows later changes of the person (search text kept by the database)', async () => {
    await ctx.deps.prisma.person.update({ where: { id: E.id }, data: { lastName: 'Malá-Šindelářová' } });
    await keeps('search=sindelarova', [E]);
  });
});

describe('GET /api/v1/persons/ ordering and paging', () => {
  it('orders by every allowed field, both ways, id breaking ties', async () => {
    const people = await ctx.deps.prisma.person.findMany();
    const value = (p: Person, field: string) =>
      ({ id: p.id, last_name: p.lastName, first_name: p.firstName, company_name: p.companyName, created_at: p.createdAt.getTime(), updated_at: p.updatedAt.getTime() })[field] ?? null;
    for (const field of PERSON_ORDERING_FIELDS) {
      for (const desc of [false, true]) {
        // PostgreSQL: NULLs last ascending, first descending; equal values by id descending.
        const expected = [...people]
          .sort((x, y) => {
            const a = value(x, field);
            const b = value(y, field);
            if (a === b) return y.id - x.id;
            if (a === null) return desc ? -1 : 1;
            if (b === null) return desc ? 1 : -1;
            return (a < b ? -1 : 1) * (desc ? -1 : 1);
          })
          .map((p) => p.id);
        expect(await ids(`ordering=${desc ? '-' : ''}${field}`), `${desc ? '-' : ''}${field}`).toEqual(expected);
      }
    }
    expect(await ids('ordering=last_name,-id')).toEqual([D, A, E, B, C].map((p) => p.id));
    await rejects('ordering=birth_number', 'ordering');
  });

  it('pages with count, next and previous; 404 past the end; page_size at most 100', async () => {
    const first = await list('?page_size=2');
    expect(first.body).toMatchObject({ count: 5, previous: null });
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next).toMatch(/\/api\/v1\/persons\/\?page_size=2&page=2$/);
    const last = await list('?page_size=2&page=3');
    expect(last.body.results).toHaveLength(1);
    expect(last.body.next).toBeNull();
    expect((await list('?page=4&page_size=2')).status).toBe(404);
    await rejects('page_size=101', 'page_size');
    await rejects('page=abc', 'page');
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.http().get('/api/v1/persons/')).status).toBe(401);
  });
});
