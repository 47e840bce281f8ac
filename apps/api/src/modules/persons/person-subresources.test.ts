import { businessDateOf, moneyMessages } from '@lending/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import type { Person } from '../../generated/prisma/client.ts';
import { DISTRAINT_CSV_HEADER } from './export-distraints.ts';
import { REALTY_RIGHT_CSV_HEADER } from './export-realty-rights.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { naturalPerson } from '../../../test/fixtures/persons.ts';

let ctx: TestContext;
let staff: string;
let viewer: string;
let collections: string;
let person: Person;
let other: Person;
beforeAll(async () => {
  ctx = await createTestContext();
  staff = (await ctx.login('UNDERWRITER')).access;
  viewer = (await ctx.login('VIEWER')).access;
  collections = (await ctx.login('COLLECTIONS')).access;
  person = await naturalPerson(ctx.deps.prisma, { firstName: 'Řehoř', lastName: 'Šťastný', email: 'rehor.stastny@email.cz', phone: '602 555 111', phoneE164: '+420602555111' });
  other = await naturalPerson(ctx.deps.prisma, { firstName: 'Alena', lastName: 'Procházková', sex: 'F', birthDate: '1988-02-29' });
});
afterAll(() => ctx.close());

const url = (path: string) => `/api/v1/persons/${path}`;
const send = (method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: object, token = staff) => ctx.http()[method](url(path)).set(bearer(token)).send(body);
const get = (path: string, token = staff) => ctx.http().get(url(path)).set(bearer(token));
const audit = (action: string, entityId: number) => ctx.deps.prisma.auditLog.findFirst({ where: { action, entityId: String(entityId) } });

/** Parses our CSV back: BOM, `;` separators, quoted cells, CRLF. */
function parseCsv(buffer: Buffer): string[][] {
  expect([...buffer.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = buffer.toString('utf8').slice(1);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}
const binary = (res: { on: (e: string, cb: (chunk?: Buffer) => void) => void; setEncoding?: unknown }, callback: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk?: Buffer) => chunks.push(chunk!));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('addresses', () => {
  it('POST adds an address with a composed whole_address; PUT replaces it; both audit-logged', async () => {
    const res = await send('post', `${person.id}/address/`, { type: 'PERMANENT', street: 'Václavské náměstí', house_number: '846/1', city: 'Praha', zip: '11000' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ person_id: person.id, type: 'PERMANENT', zip: '110 00', country: 'CZ', whole_address: 'Václavské náměstí 846/1, 110 00 Praha' });
    expect(await audit('person.address.create', res.body.id)).toBeTruthy();

    const changed = await send('put', `${person.id}/address/${res.body.id}/`, { type: 'CONTACT', house_number: '12', city: 'Lhota', zip: '739 11', country: 'sk' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ type: 'CONTACT', street: null, whole_address: 'Lhota 12, 739 11 Lhota, SK', country: 'SK' });
    expect(await audit('person.address.update', res.body.id)).toBeTruthy();
    expect((await get(`${person.id}/`)).body.addresses).toHaveLength(1);
  });

  it('validates type, city and zip (5 digits)', async () => {
    const res = await send('post', `${person.id}/address/`, { type: 'HOLIDAY', city: '', zip: '1100', house_number: 'abc' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['city', 'house_number', 'type', 'zip']);
    expect(res.body.zip).toEqual(['Zadejte PSČ jako 5 číslic, např. 110 00.']);
    expect((await send('post', `${person.id}/address/`, {})).body.city).toEqual(['Pole je povinné']);
  });

  it('404 for an unknown person or an address of another person; 403 for VIEWER', async () => {
    const body = { type: 'PERMANENT', city: 'Brno', zip: '602 00' };
    expect((await send('post', '999999/address/', body)).status).toBe(404);
    const foreign = await send('post', `${other.id}/address/`, body);
    expect((await send('put', `${person.id}/address/${foreign.body.id}/`, body)).status).toBe(404);
    expect((await send('put', `${person.id}/address/abc/`, body)).status).toBe(404);
    expect((await send('post', `${person.id}/address/`, body, viewer)).status).toBe(403);
  });
});

describe('contacts', () => {
  it('keeps exactly one primary contact per type and the person e-mail/phone in step', async () => {
    const primaryOf = async (type: string) => {
      const contacts = await ctx.deps.prisma.personContact.findMany({ where: { personId: person.id, type: type as 'EMAIL' | 'PHONE', isPrimary: true } });
      expect(contacts).toHaveLength(1);
      return contacts[0]!;
    };
    const first = await send('post', `${person.id}/contact/`, { type: 'EMAIL', value: 'Rehor@Firma.CZ' });
    expect(first.status).toBe(201);
    // The first e-mail contact of the person is the primary one.
    expect(first.body).toMatchObject({ type: 'EMAIL', value: 'rehor@firma.cz', is_primary: true });
    const second = await send('post', `${person.id}/contact/`, { type: 'EMAIL', value: 'stastny@posta.cz', is_primary: true, note: 'Soukromý' });
    expect(second.body.is_primary).toBe(true);
    expect((await primaryOf('EMAIL')).id).toBe(second.body.id);
    expect((await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } })).email).toBe('stastny@posta.cz');
    expect(await audit('person.contact.create', second.body.id)).toBeTruthy();

    // PATCH primary back to the first; un-marking the primary hands it to another contact.
    const patched = await send('patch', `${person.id}/contact/${first.body.id}/`, { is_primary: true });
    expect(patched.status).toBe(200);
    expect((await primaryOf('EMAIL')).id).toBe(first.body.id);
    await send('patch', `${person.id}/contact/${first.body.id}/`, { is_primary: false });
    expect((await primaryOf('EMAIL')).id).not.toBe(first.body.id);
    expect(await audit('person.contact.patch', first.body.id)).toBeTruthy();

    // A phone in any notation is stored in E.164.
    const phone = await send('post', `${person.id}/contact/`, { type: 'PHONE', value: '+421 905 987 654', is_primary: true });
    expect(phone.body.value).toBe('+421905987654');
    const person1 = await ctx.deps.prisma.person.findUniqueOrThrow({ where: { id: person.id } });
    expect(person1.phoneE164).toBe('+421905987654');

    // PUT replaces the contact; its value is checked against the new type.
    const put = await send('put', `${person.id}/contact/${phone.body.id}/`, { type: 'PHONE', value: '777 123 456', is_primary: true, note: 'Pracovní' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ value: '+420777123456', note: 'Pracovní', is_primary: true });
    expect(await audit('person.contact.update', phone.body.id)).toBeTruthy();
    const wrongType = await send('patch', `${person.id}/contact/${phone.body.id}/`, { type: 'EMAIL' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({ value: ['Zadejte platnou e-mailovou adresu.'] });
    await primaryOf('PHONE');
  });

  it('validates the value by type', async () => {
    expect((await send('post', `${person.id}/contact/`, { type: 'PHONE', value: '123' })).body).toEqual({ value: ['Zadejte platné telefonní číslo'] });
    expect((await send('post', `${person.id}/contact/`, { type: 'EMAIL', value: 'rehor@' })).body).toEqual({ value: ['Zadejte platnou e-mailovou adresu.'] });
    expect((await send('post', `${person.id}/contact/`, { type: 'FAX', value: '1' })).status).toBe(400);
    // The same contact twice (in any notation).
    expect((await send('post', `${person.id}/contact/`, { type: 'EMAIL', value: 'STASTNY@posta.cz' })).body).toEqual({ value: ['Osoba už tento kontakt má.'] });
    const spare = await send('post', `${person.id}/contact/`, { type: 'PHONE', value: '606 000 111' });
    expect((await send('patch', `${person.id}/contact/${spare.body.id}/`, { value: '+420 777 123 456' })).body).toEqual({ value: ['Osoba už tento kontakt má.'] });
    expect((await send('patch', `${person.id}/contact/999999/`, { note: 'x' })).status).toBe(404);
  });

  it('404 for a contact of another person; 403 for VIEWER', async () => {
    const foreign = await send('post', `${other.id}/contact/`, { type: 'EMAIL', value: 'alena@email.cz' });
    expect((await send('patch', `${person.id}/contact/${foreign.body.id}/`, { note: 'x' })).status).toBe(404);
    expect((await send('put', `${person.id}/contact/${foreign.body.id}/`, { type: 'EMAIL', value: 'a@b.cz' })).status).toBe(404);
    expect((await send('post', `${person.id}/contact/`, { type: 'EMAIL', value: 'a@b.cz' }, viewer)).status).toBe(403);
    expect((await send('patch', `${other.id}/contact/${foreign.body.id}/`, { note: 'x' }, viewer)).status).toBe(403);
  });
});

describe('blacklist', () => {
  it('ADMIN and UNDERWRITER add and remove entries (reason required); others get 403', async () => {
    expect((await send('post', `${person.id}/blacklist/`, {})).body).toEqual({ reason: ['Uveďte důvod zařazení na černou listinu.'] });
    expect((await send('post', `${person.id}/blacklist/`, { reason: '   ' })).status).toBe(400);
    expect((await send('post', `${person.id}/blacklist/`, { reason: 'Nesplácí' }, collections)).status).toBe(403);
    expect((await send('post', `${person.id}/blacklist/`, { reason: 'Nesplácí' }, viewer)).status).toBe(403);
    const res = await send('post', `${person.id}/blacklist/`, { reason: 'Padělané výplatní pásky' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ person_id: person.id, reason: 'Padělané výplatní pásky' });
    expect(res.body.created_by_id).toEqual(expect.any(Number));
    expect(await audit('person.blacklist.create', res.body.id)).toBeTruthy();
    expect((await get(`${person.id}/`)).body.is_blacklisted).toBe(true);

    expect((await send('delete', `${other.id}/blacklist/${res.body.id}/`)).status).toBe(404);
    expect((await send('delete', `${person.id}/blacklist/${res.body.id}/`, undefined, collections)).status).toBe(403);
    const admin = (await ctx.login('ADMIN')).access;
    const removed = await send('delete', `${person.id}/blacklist/${res.body.id}/`, undefined, admin);
    expect(removed.status).toBe(204);
    expect(await audit('person.blacklist.delete', res.body.id)).toBeTruthy();
    expect((await get(`${person.id}/`)).body.is_blacklisted).toBe(false);
    expect((await send('delete', `${person.id}/blacklist/${res.body.id}/`)).status).toBe(404);
    expect((await send('post', '999999/blacklist/', { reason: 'x' })).status).toBe(404);
  });
});

describe('labels', () => {
  it('adds, lists (ordered), gets and deletes labels; a name once per person', async () => {
    const vip = await send('post', `${person.id}/labels/`, { name: 'VIP', color: '#d4af37' });
    expect(vip.status).toBe(201);
    expect(vip.body).toMatchObject({ person_id: person.id, name: 'VIP', color: '#d4af37' });
    expect(await audit('person.label.create', vip.body.id)).toBeTruthy();
    const late = await send('post', `${person.id}/labels/`, { name: 'Opožděné splátky' });
    const again = await send('post', `${person.id}/labels/`, { name: 'vip' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ name: ['Osoba už má štítek s tímto názvem.'] });
    expect((await send('post', `${person.id}/labels/`, { name: 'X', color: 'red' })).body).toEqual({ color: ['Zadejte barvu ve tvaru #RRGGBB.'] });
    expect((await send('post', `${other.id}/labels/`, { name: 'VIP' })).status).toBe(201);

    const names = async (q: string) => (await get(`${person.id}/labels/${q}`)).body.map((l: { name: string }) => l.name);
    expect(await names('')).toEqual(['Opožděné splátky', 'VIP']);
    expect(await names('?ordering=-name')).toEqual(['VIP', 'Opožděné splátky']);
    expect(await names('?ordering=created_at')).toEqual(['VIP', 'Opožděné splátky']);
    expect(await names('?ordering=-id')).toEqual(['Opožděné splátky', 'VIP']);
    expect((await get(`${person.id}/labels/?ordering=color`)).status).toBe(400);

    expect((await get(`${person.id}/labels/${vip.body.id}/`, viewer)).body).toEqual(vip.body);
    expect((await get(`${other.id}/labels/${vip.body.id}/`)).status).toBe(404);
    expect((await send('delete', `${person.id}/labels/${vip.body.id}/`, undefined, viewer)).status).toBe(403);
    expect((await send('delete', `${other.id}/labels/${vip.body.id}/`)).status).toBe(404);
    expect((await send('delete', `${person.id}/labels/${vip.body.id}/`)).status).toBe(204);
    expect(await audit('person.label.delete', vip.body.id)).toBeTruthy();
    expect((await get(`${person.id}/labels/${vip.body.id}/`)).status).toBe(404);
    expect(await names('')).toEqual([late.body.name]);
    expect((await get('999999/labels/')).status).toBe(404);
  });
});

describe('related deals', () => {
  it('creates a deal with the person as BORROWER by default, lists deals with roles, paged and filtered by state', async () => {
    const res = await send('post', `${person.id}/deals/`, { type: 'CONSUMER_LOAN', value: 150000.5 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'CONSUMER_LOAN', state: 'NEW_APPLICATION', value: '150000.50', roles: ['BORROWER'] });
    // A generated variable symbol, as every new deal gets (docs/decisions/0022).
    expect(res.body.variable_symbol).toMatch(/^\d{10}$/);
    expect(await audit('deal.create', res.body.id)).toBeTruthy();
    const participant = await ctx.deps.prisma.dealParticipant.findFirstOrThrow({ where: { dealId: res.body.id } });
    expect(participant).toMatchObject({ personId: person.id, role: 'BORROWER' });
    const pledge = await send('post', `${person.id}/deals/`, { type: 'INVESTMENT_LOAN', value: 2500000, role: 'MORTGAGOR' });
    expect(pledge.body.roles).toEqual(['MORTGAGOR']);
    await ctx.deps.prisma.deal.update({ where: { id: pledge.body.id }, data: { state: 'ACTIVE' } });
    await ctx.deps.prisma.dealParticipant.create({ data: { dealId: pledge.body.id, personId: person.id, role: 'BORROWER' } });
    // A deal of another person only.
    await send('post', `${other.id}/deals/`, { type: 'CONSUMER_LOAN', value: 50000 });

    const all = await get(`${person.id}/deals/`, viewer);
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.results.map((d: { id: number; roles: string[] }) => [d.id, d.roles])).toEqual([
      [pledge.body.id, ['BORROWER', 'MORTGAGOR']],
      [res.body.id, ['BORROWER']],
    ]);
    const active = await get(`${person.id}/deals/?state=ACTIVE`);
    expect(active.body.results.map((d: { id: number }) => d.id)).toEqual([pledge.body.id]);
    const paged = await get(`${person.id}/deals/?page_size=1&page=2`);
    expect(paged.body).toMatchObject({ count: 2, next: null });
    expect(paged.body.results.map((d: { id: number }) => d.id)).toEqual([res.body.id]);
    expect((await get(`${person.id}/deals/?state=OPEN`)).status).toBe(400);
    expect((await get(`${person.id}/deals/?page=3&page_size=1`)).status).toBe(404);
    expect((await get('999999/deals/')).status).toBe(404);
  });

  it('validates type, value and role', async () => {
    const res = await send('post', `${person.id}/deals/`, { type: 'LEASING', value: -5, role: 'KING' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['role', 'type', 'value']);
    expect((await send('post', `${person.id}/deals/`, { type: 'CONSUMER_LOAN', value: 100.123 })).body).toEqual({ value: [moneyMessages.invalid] });
    expect((await send('post', `${person.id}/deals/`, { type: 'CONSUMER_LOAN', value: '0.00' })).body).toEqual({ value: [moneyMessages.notPositive] });
    expect((await send('post', `${person.id}/deals/`, { type: 'CONSUMER_LOAN', value: 1000 }, viewer)).status).toBe(403);
    expect((await send('post', '999999/deals/', { type: 'CONSUMER_LOAN', value: 1000 })).status).toBe(404);
  });
});

describe('distraints', () => {
  it('lists (ordered), gets and patches distraints of the person only', async () => {
    const prisma = ctx.deps.prisma;
    const a = await prisma.distraint.create({
      data: { personId: person.id, fileMark: '120 EX 1234/21', executor: 'JUDr. Jiří Čermák, Exekutorský úřad Plzeň-město', creditor: 'Provident Financial s.r.o.', amount: 48250.5, startedAt: new Date('2021-05-03'), note: 'Srážky ze mzdy; "přednostní" pohledávka' },
    });
    const b = await prisma.distraint.create({ data: { personId: person.id, fileMark: '053 EX 77/19', executor: 'Mgr. Lenka Řezníčková', amount: 1200, state: 'SUSPENDED', startedAt: new Date('2019-11-20') } });
    const foreign = await prisma.distraint.create({ data: { personId: other.id, fileMark: '001 EX 5/15' } });

    const list = async (q = '') => (await get(`${person.id}/distraint/${q}`, viewer)).body.map((d: { id: number }) => d.id);
    expect(await list()).toEqual([a.id, b.id]);
    expect(await list('?ordering=started_at')).toEqual([b.id, a.id]);
    expect(await list('?ordering=-amount')).toEqual([a.id, b.id]);
    expect(await list('?ordering=file_mark')).toEqual([b.id, a.id]);
    expect(await list('?ordering=-state')).toEqual([b.id, a.id]);
    expect(await list('?ordering=-id')).toEqual([b.id, a.id]);
    expect(await list('?ordering=created_at')).toEqual([a.id, b.id]);
    expect((await get(`${person.id}/distraint/?ordering=executor`)).status).toBe(400);

    const one = await get(`${person.id}/distraint/${a.id}/`);
    expect(one.body).toMatchObject({ file_mark: '120 EX 1234/21', amount: '48250.50', state: 'ACTIVE', started_at: '2021-05-03', ended_at: null });
    expect((await get(`${person.id}/distraint/${foreign.id}/`)).status).toBe(404);

    // Its end is today's business date, the Prague day (a run across Prague's midnight may see either day).
    const before = businessDateOf(new Date());
    const patched = await send('patch', `${person.id}/distraint/${b.id}/`, { state: 'FINISHED', note: 'Zastaveno soudem' });
    const after = businessDateOf(new Date());
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ state: 'FINISHED', note: 'Zastaveno soudem' });
    expect([before, after]).toContain(patched.body.ended_at);
    expect(await audit('person.distraint.update', b.id)).toBeTruthy();
    expect((await send('patch', `${person.id}/distraint/${b.id}/`, { state: 'CLOSED' })).status).toBe(400);
    expect((await send('patch', `${person.id}/distraint/${foreign.id}/`, { note: 'x' })).status).toBe(404);
    expect((await send('patch', `${person.id}/distraint/${b.id}/`, { note: 'x' }, viewer)).status).toBe(403);
    expect((await get('999999/distraint/')).status).toBe(404);
  });

  it('downloads them as CSV: BOM, `;`, Czech headers, attachment; audit-logged', async () => {
    const res = await ctx.http().post(url(`${person.id}/distraint/download/`)).set(bearer(viewer)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="exekuce-osoba-${person.id}.csv"; filename*=UTF-8''exekuce-osoba-${person.id}.csv`);
    const rows = parseCsv(res.body as Buffer);
    expect(rows[0]).toEqual(DISTRAINT_CSV_HEADER);
    expect(rows[0]).toContain('Spisová značka');
    expect(rows).toHaveLength(3);
    const first = rows.find((r) => r[2] === '120 EX 1234/21')!;
    expect(first[1]).toBe('Řehoř Šťastný');
    expect(first[3]).toBe('JUDr. Jiří Čermák, Exekutorský úřad Plzeň-město');
    expect(first[5]).toBe('48250,50');
    expect(first[6]).toBe('Probíhající');
    expect(first[7]).toBe('03.05.2021');
    expect(first[9]).toBe('Srážky ze mzdy; "přednostní" pohledávka');
    expect(rows.find((r) => r[2] === '053 EX 77/19')![6]).toBe('Ukončená');
    expect(await ctx.deps.prisma.auditLog.findFirst({ where: { action: 'person.distraint.export', entityId: String(person.id) } })).toBeTruthy();
    expect((await ctx.http().post(url('999999/distraint/download/')).set(bearer(staff))).status).toBe(404);
  });
});

describe('realty rights', () => {
  it('lists (ordered) and downloads the rights of the person as CSV', async () => {
    const prisma = ctx.deps.prisma;
    const realty = await prisma.realty.create({ data: { type: 'FAMILY_HOUSE', wholeAddress: 'Na Výsluní 154, 530 02 Pardubice' } });
    const own = await prisma.realtyRight.create({ data: { personId: person.id, realtyId: realty.id, type: 'OWNERSHIP', shareNumerator: 1, shareDenominator: 2, lvNumber: '1520', cadastralAreaCode: '717657', cadastralAreaName: 'Pardubice' } });
    const pledge = await prisma.realtyRight.create({ data: { personId: person.id, type: 'PLEDGE', lvNumber: '88', cadastralAreaCode: '630195', cadastralAreaName: 'Žďár nad Sázavou', description: 'Zástavní právo smluvní' } });
    await prisma.realtyRight.create({ data: { personId: other.id, type: 'OWNERSHIP', cadastralAreaName: 'Brno' } });

    const res = await get(`${person.id}/realty-rights/`, viewer);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([own.id, pledge.id]);
    expect(res.body[0]).toMatchObject({ type: 'OWNERSHIP', share: '1/2', realty: { id: realty.id, type: 'FAMILY_HOUSE', whole_address: 'Na Výsluní 154, 530 02 Pardubice' } });
    expect(res.body[1]).toMatchObject({ share: null, realty: null });
    const ids = async (q: string) => (await get(`${person.id}/realty-rights/${q}`)).body.map((r: { id: number }) => r.id);
    expect(await ids('?ordering=-cadastral_area_name')).toEqual([pledge.id, own.id]);
    expect(await ids('?ordering=lv_number')).toEqual([own.id, pledge.id]);
    expect(await ids('?ordering=-type')).toEqual([pledge.id, own.id]);
    expect(await ids('?ordering=-id')).toEqual([pledge.id, own.id]);
    expect(await ids('?ordering=-created_at')).toEqual([pledge.id, own.id]);
    expect((await get(`${person.id}/realty-rights/?ordering=share`)).status).toBe(400);
    expect((await get('999999/realty-rights/')).status).toBe(404);

    const csv = await ctx.http().post(url(`${person.id}/realty-rights/download/`)).set(bearer(staff)).buffer(true).parse(binary);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="prava-k-nemovitostem-osoba-\d+\.csv"/);
    const rows = parseCsv(csv.body as Buffer);
    expect(rows[0]).toEqual(REALTY_RIGHT_CSV_HEADER);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[5], r[7]])).toEqual([
      ['Řehoř Šťastný', 'Vlastnické právo', '1/2', 'Pardubice', 'Na Výsluní 154, 530 02 Pardubice'],
      ['Řehoř Šťastný', 'Zástavní právo', 'celek', 'Žďár nad Sázavou', ''],
    ]);
    expect(await ctx.deps.prisma.auditLog.findFirst({ where: { action: 'person.realty_right.export', entityId: String(person.id) } })).toBeTruthy();
    expect((await ctx.http().post(url('999999/realty-rights/download/')).set(bearer(staff))).status).toBe(404);
  });
});
