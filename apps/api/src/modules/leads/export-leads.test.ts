import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { leadFixtures } from '../../../test/fixtures/leads.ts';

// GET /leads/export/?format=csv|xlsx&<the list's filters> (issue 12, item 13; docs/decisions/0016).

let ctx: TestContext;
let viewer: Record<string, string>;
let fx: ReturnType<typeof leadFixtures>;
beforeAll(async () => {
  ctx = await createTestContext();
  fx = leadFixtures(ctx);
  viewer = bearer((await ctx.login('VIEWER')).access);
  await fx.portalLead({ value: 300_000, installment: 8_000 });
  await fx.directLead({ source: 'LEADSOR', state: 'IN_PROGRESS', value: 120_000.5, installmentValue: 3_000, createdAt: new Date('2026-02-10T12:00:00Z') });
  await fx.directLead({ person: null, source: 'LEADSOR', state: 'IN_PROGRESS', value: null, installmentValue: null });
  await fx.directLead({ source: 'BEZVA_FINANCE', state: 'CLOSED' });
});
afterAll(() => ctx.close());

const download = (query: string) =>
  ctx
    .http()
    .get(`/api/v1/leads/export/${query}`)
    .set(viewer)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('GET /api/v1/leads/export/', () => {
  it('answers the rows of the list’s filter and ordering, with the list’s columns, as CSV', async () => {
    const query = 'source=LEADSOR&state=IN_PROGRESS,NEW&ordering=value';
    const listed = await ctx.http().get(`/api/v1/leads/?page_size=100&${query}`).set(viewer);
    const res = await download(`?format=csv&${query}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="zadosti-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const [header, ...rows] = (res.body as Buffer).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(header).toBe('Žadatel;Číslo;Stav;Zdroj;Typ obchodu;Částka;Splátka;Vytvořeno;Změněno');
    expect(rows.map((r) => Number(r.split(';')[1]))).toEqual(listed.body.results.map((l: { id: number }) => l.id));
    const [withAmount, withoutAmount] = rows.map((r) => r.split(';'));
    expect(withAmount!.slice(2, 8)).toEqual(['V řešení', 'Leadsor', 'Spotřebitelský úvěr', '120000,50', '3000,00', '10.02.2026 13:00']);
    // A lead without a person or amounts: named by its number, the cells empty.
    expect(withoutAmount![0]).toBe(`Žádost #${withoutAmount![1]}`);
    expect(withoutAmount!.slice(5, 7)).toEqual(['', '']);
  });

  it('answers XLSX with amounts as numbers in crowns', async () => {
    const res = await download('?format=xlsx&source=LEADSOR&ordering=value');
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((res.body as Buffer).buffer as ArrayBuffer);
    const sheet = book.getWorksheet('Žádosti')!;
    expect(sheet.getRow(1).getCell(6).value).toBe('Částka');
    expect(sheet.getRow(2).getCell(6).value).toBe(120_000.5);
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0.00 "Kč"');
    expect(sheet.rowCount).toBe(3);
  });

  it('validates the filters and the format like the list', async () => {
    const res = await ctx.http().get('/api/v1/leads/export/?format=docx&state=NOPE').set(viewer);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['format', 'state']);
    expect((await ctx.http().get('/api/v1/leads/export/')).status).toBe(401);
  });
});
