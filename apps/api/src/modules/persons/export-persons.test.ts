import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { naturalPerson } from '../../../test/fixtures/persons.ts';

// GET /persons/export/?format=csv|xlsx&<the list's filters> (issue 12, item 13; docs/decisions/0016).

let ctx: TestContext;
let token: string;
const WORD = 'Exportovaný';

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.login('VIEWER')).access;
  const prisma = ctx.deps.prisma;
  await naturalPerson(prisma, { firstName: 'Jiří', lastName: WORD, birthDate: '1957-03-03', email: 'jiri@seznam.cz', phone: '601 111 222', phoneE164: '+420601111222', hasExecution: true, createdAt: new Date('2026-01-05T08:30:00Z') });
  await naturalPerson(prisma, { firstName: 'Alena', lastName: WORD, birthDate: '1958-04-04', sex: 'F', phone: '0042 1 big', createdAt: new Date('2026-01-06T08:30:00Z') });
  // More than two batches of 500, in the list's order.
  await prisma.person.createMany({
    data: Array.from({ length: 1_150 }, (_, i) => ({
      identificationType: 'BIRTH_NUMBER' as const,
      firstName: `Hromadná${i}`,
      lastName: `${WORD}ová`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    })),
  });
});
afterAll(() => ctx.close());

const get = (query: string) =>
  ctx
    .http()
    .get(`/api/v1/persons/export/${query}`)
    .set(bearer(token))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
const csvOf = (res: Response) => (res.body as Buffer).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');

async function listedIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.http().get(`/api/v1/persons/?page_size=100&page=${page}&${query}`).set(bearer(token));
    ids.push(...res.body.results.map((r: { id: number }) => r.id));
    if (!res.body.next) return ids;
  }
}

describe('GET /api/v1/persons/export/', () => {
  it('streams the CSV of the list’s filter and ordering with the list’s columns, in batches', async () => {
    const res = await get(`?format=csv&search=${encodeURIComponent(WORD)}&ordering=last_name,-created_at`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="osoby-\d{4}-\d{2}-\d{2}\.csv"/);
    // Streamed: no length known in advance.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const [header, ...rows] = csvOf(res);
    expect(header).toBe('Jméno / název;ID;Rodné číslo / IČO;E-mail;Telefon;Příznaky;Založeno');
    expect(rows).toHaveLength(1_152);
    expect(rows.map((r) => Number(r.split(';')[1]))).toEqual(await listedIds(`search=${encodeURIComponent(WORD)}&ordering=last_name,-created_at`));

    const jiri = rows.find((r) => r.startsWith(`Jiří ${WORD};`))!.split(';');
    expect(jiri[2]).toMatch(/^\d{6}\/\*{4}$/);
    // A leading "+" would make a spreadsheet compute the phone: the CSV formula guard quotes it.
    expect(jiri.slice(3)).toEqual(['jiri@seznam.cz', "'+420 601 111 222", 'Exekuce', '05.01.2026 09:30']);
    // A phone that was not valid stays as typed.
    expect(rows.find((r) => r.startsWith(`Alena ${WORD};`))!.split(';')[4]).toBe('0042 1 big');
  });

  it('answers the same rows as XLSX, with dates and numbers as such', async () => {
    const res = await get(`?format=xlsx&search=${encodeURIComponent(WORD)}&has_execution=true`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="osoby-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((res.body as Buffer).buffer as ArrayBuffer);
    const sheet = book.getWorksheet('Osoby')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Jméno / název', 'ID', 'Rodné číslo / IČO', 'E-mail', 'Telefon', 'Příznaky', 'Založeno']);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(`Jiří ${WORD}`);
    expect(typeof row.getCell(2).value).toBe('number');
    expect(row.getCell(5).value).toBe('+420 601 111 222');
    // Prague wall-clock time (09:30), as the screen shows it.
    expect(row.getCell(7).value).toEqual(new Date('2026-01-05T09:30:00Z'));
  });

  it('refuses a bad format or filter with Czech field messages, and records the export', async () => {
    const bad = await ctx.http().get('/api/v1/persons/export/?format=pdf&id=x').set(bearer(token));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ format: ['Zvolte formát csv nebo xlsx.'], id: [expect.any(String)] });
    expect((await ctx.http().get('/api/v1/persons/export/?format=csv')).status).toBe(401);
    expect(await ctx.deps.prisma.auditLog.count({ where: { action: 'person.export' } })).toBe(2);
  });
});
