import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createStaffActor } from '../../../test/fixtures/actors.ts';
import type { ExportCell, ExportTable } from '../../domain/export-table.ts';
import { downloadDealPayments } from './download-deal-payments.ts';
import { exportPayments } from './export-payments.ts';
import { reportAllocations } from './report-allocations.ts';
import { addClaim, createDeal } from '../../../test/fixtures/deals.ts';

// GET /payments/export/, /payments/allocation-report/, /deals/{id}/payments/download/
// (docs/decisions/0035) through HTTP on real PostgreSQL. Loans as in payments-api.test.ts
// (LOAN_ALLOCATION_PROFILE_V1, penalty interest off): I1 500 + P1 2000 due 20 Jan 2025,
// I2 450 + P2 2050 due 20 Feb 2025. The payments, by date (worked out by hand):
//   a1  20 Jan  2500.00  deal A  → I1 500 + P1 2000, nothing left
//   b1  20 Jan  1234.56  deal B  → I1 500 + P1 734.56
//   c1  22 Jan   300.00  deal C (no claims) → nothing allocated, 300.00 credit
//   u1  25 Jan   100.00  unknown VS → unpaired
//   a2  20 Feb  3000.10  deal A, CASH → I2 450 + P2 2050, 500.10 overpaid
//   o1   5 Mar    50.00  outgoing, OTHERS, no deal (not in the unpaired queue: outgoing)

let ctx: TestContext;
const tokens: Record<string, string> = {};
type Deal = { id: number; vs: string; contract: string };
let A: Deal, B: Deal, C: Deal;
const ids: Record<string, number> = {};
let vsCounter = 8_400_000;

/** The rows a table reader hands over, in order. */
async function rowsOf(table: Promise<ExportTable>): Promise<ExportCell[][]> {
  const rows: ExportCell[][] = [];
  for await (const _ of (await table).rows((row) => rows.push(row)));
  return rows;
}

async function deal(withClaims: boolean): Promise<Deal> {
  const p = ctx.deps.prisma;
  const created = await createDeal(p, withClaims ? { annualRate: '10.0000' } : {});
  const vs = String(++vsCounter);
  const row = await p.deal.update({ where: { id: created.id }, data: { variableSymbol: vs } });
  if (withClaims) {
    await p.claimsSetting.create({ data: { dealId: created.id, type: 'PENALTY_INTEREST', isEnabled: false } });
    await addClaim(p, created, { type: 'INTEREST', due: '2025-01-20', amount: '500.00' });
    await addClaim(p, created, { type: 'PRINCIPAL', due: '2025-01-20', amount: '2000.00' });
    await addClaim(p, created, { type: 'INTEREST', due: '2025-02-20', amount: '450.00' });
    await addClaim(p, created, { type: 'PRINCIPAL', due: '2025-02-20', amount: '2050.00' });
  }
  return { id: created.id, vs, contract: row.contractNumber! };
}


beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ['ADMIN', 'ACCOUNTANT', 'UNDERWRITER', 'VIEWER']) tokens[role] = (await ctx.login(role as 'ADMIN')).access;
  A = await deal(true);
  B = await deal(true);
  C = await deal(false);
  const book = async (name: string, item: object) => {
    const res = await ctx
      .http()
      .post('/api/v1/payments/bulk_create_payments/')
      .set(bearer(tokens['ACCOUNTANT']!))
      .send({ payments: [{ bank_reference: `export-${name}`, ...item }] });
    expect(res.status).toBe(200);
    ids[name] = res.body.results[0].id;
  };
  await book('a1', { date: '2025-01-20', amount: '2500.00', variable_symbol: A.vs, counter_account: '19-2000145399/0800', message: 'Splátka; leden "1"' });
  await book('b1', { date: '2025-01-20', amount: '1234.56', variable_symbol: B.vs, counter_account_name: 'Jan Novák' });
  await book('c1', { date: '2025-01-22', amount: '300.00', variable_symbol: C.vs });
  await book('u1', { date: '2025-01-25', amount: '100.00', variable_symbol: '5555555555', message: '=SUM(A1)' });
  await book('a2', { date: '2025-02-20', amount: '3000.10', variable_symbol: A.vs, payment_type: 'CASH', specific_symbol: '77', constant_symbol: '308' });
  await book('o1', { date: '2025-03-05', amount: '50.00', direction: 'OUTGOING_PAYMENT', category: 'OTHERS' });
});
afterAll(() => ctx.close());

/** RFC 4180 with `;`: quoted cells may hold `;`, CRLF and doubled quotes. Written apart from table-export.ts. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
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
  expect(cell).toBe('');
  return rows;
}

const get = (path: string, role = 'VIEWER') =>
  ctx
    .http()
    .get(path)
    .set(bearer(tokens[role]!))
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function csv(path: string): Promise<{ header: string[]; rows: string[][] }> {
  const res = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const [header, ...rows] = parseCsv((res.body as Buffer).toString('utf8'));
  return { header: header!, rows };
}
const idsOf = (rows: string[][]) => rows.map((r) => Number(r[0]));
const named = (...names: string[]) => names.map((n) => ids[n]);

async function xlsx(path: string, sheetName: string): Promise<ExcelJS.Worksheet> {
  const res = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((res.body as Buffer).buffer as ArrayBuffer);
  return book.getWorksheet(sheetName)!;
}

describe('GET /payments/export/', () => {
  it('answers every payment oldest first with the Czech columns, money with a decimal comma to the haléř', async () => {
    const res = await get('/api/v1/payments/export/?format=csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="platby-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv((res.body as Buffer).toString('utf8'));
    expect(header).toEqual([
      'ID platby',
      'Datum',
      'Směr',
      'Částka',
      'VS',
      'SS',
      'KS',
      'Protiúčet',
      'Název protiúčtu',
      'Zpráva',
      'Kategorie',
      'Typ platby',
      'Obchod',
      'Číslo smlouvy',
      'Spárováno',
      'Přiděleno',
      'Nepřiděleno / přeplatek',
      'Bankovní reference',
      'Storno platby',
      'Stornováno platbou',
      'Poznámka',
    ]);
    expect(rows).toEqual([
      // prettier-ignore
      [String(ids.a1), '20.01.2025', 'Příchozí platba', '2500,00', A.vs, '', '', '19-2000145399/0800', '', 'Splátka; leden "1"', 'Nezařazeno', 'Bankovní převod', String(A.id), A.contract, 'Ano', '2500,00', '0,00', 'export-a1', '', '', ''],
      [String(ids.b1), '20.01.2025', 'Příchozí platba', '1234,56', B.vs, '', '', '', 'Jan Novák', '', 'Nezařazeno', 'Bankovní převod', String(B.id), B.contract, 'Ano', '1234,56', '0,00', 'export-b1', '', '', ''],
      [String(ids.c1), '22.01.2025', 'Příchozí platba', '300,00', C.vs, '', '', '', '', '', 'Nezařazeno', 'Bankovní převod', String(C.id), C.contract, 'Ano', '0,00', '300,00', 'export-c1', '', '', ''],
      // A formula-like message is guarded with an apostrophe (table-export.ts).
      [String(ids.u1), '25.01.2025', 'Příchozí platba', '100,00', '5555555555', '', '', '', '', "'=SUM(A1)", 'Nezařazeno', 'Bankovní převod', '', '', 'Ne', '0,00', '0,00', 'export-u1', '', '', ''],
      [String(ids.a2), '20.02.2025', 'Příchozí platba', '3000,10', A.vs, '77', '308', '', '', '', 'Nezařazeno', 'Hotovost', String(A.id), A.contract, 'Ano', '2500,00', '500,10', 'export-a2', '', '', ''],
      [String(ids.o1), '05.03.2025', 'Odchozí platba', '50,00', '', '', '', '', '', '', 'Ostatní', 'Bankovní převod', '', '', 'Ne', '0,00', '0,00', 'export-o1', '', '', ''],
    ]);
    const audit = await ctx.deps.prisma.auditLog.findFirst({ where: { action: 'payment.export' }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ entity: 'Payment', actorType: 'STAFF' });
  });

  it.each([
    ['date_from=2025-01-21', ['c1', 'u1', 'a2', 'o1']],
    ['date_to=2025-01-20', ['a1', 'b1']],
    ['date_from=2025-01-22&date_to=2025-02-20', ['c1', 'u1', 'a2']],
    ['payment_type=CASH', ['a2']],
    ['unpaired=true', ['u1']],
    ['unpaired=false', ['a1', 'b1', 'c1', 'a2']],
    ['category=OTHERS', ['o1']],
    ['direction=OUTGOING_PAYMENT', ['o1']],
    ['search=LEDEN', ['a1']],
    ['search=%25', []],
  ])('filters by %s', async (filter, expected) => {
    expect(idsOf((await csv(`/api/v1/payments/export/?format=csv&${filter}`)).rows)).toEqual(named(...expected));
  });

  it('filters by deal', async () => {
    expect(idsOf((await csv(`/api/v1/payments/export/?format=csv&deal=${A.id}`)).rows)).toEqual(named('a1', 'a2'));
    expect((await csv(`/api/v1/payments/export/?format=csv&deal=999999`)).rows).toEqual([]);
  });

  it('reads in keyset pages: any page size gives the same rows in the same order, ties of a date included', async () => {
    const actor = await createStaffActor(ctx.deps.prisma);
    const all = await rowsOf(exportPayments(ctx.deps, actor, { pageSize: 5000 }));
    for (const size of [1, 2, 5]) expect(await rowsOf(exportPayments(ctx.deps, actor, { pageSize: size }))).toEqual(all);
    expect(all.map((r) => r[0])).toEqual(named('a1', 'b1', 'c1', 'u1', 'a2', 'o1'));
    const report = (await rowsOf(reportAllocations(ctx.deps, actor, { pageSize: 1 }))).map((row) => row[8]);
    expect(report).toEqual(['500.00', '2000.00', '500.00', '734.56', '450.00', '2050.00']);
    const dealRows = (await rowsOf(downloadDealPayments(ctx.deps, actor, { dealId: A.id, pageSize: 1 }))).map((row) => row[14]);
    expect(dealRows).toEqual(['500.00', '2000.00', '450.00', '2050.00']);
  });

  it('a row the writer cannot take fails the read, once its page has ended, and gives the connection back', async () => {
    const { rows: read } = await exportPayments(ctx.deps, await createStaffActor(ctx.deps.prisma), { pageSize: 2 });
    let seen = 0;
    const drain = async () => {
      for await (const _ of read(() => {
        if (++seen === 3) throw new Error('disk full');
      }));
    };
    await expect(drain()).rejects.toThrow('disk full');
    // The rest of the failing page is read but not handed over, and no later page is read.
    expect(seen).toBe(3);
    expect(ctx.deps.pool.totalCount - ctx.deps.pool.idleCount).toBe(0);
  });

  it('answers XLSX: money and dates as typed cells', async () => {
    const sheet = await xlsx('/api/v1/payments/export/?format=xlsx&deal=' + A.id, 'Platby');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(17).value).toBe('Nepřiděleno / přeplatek');
    const a2 = sheet.getRow(3);
    expect(a2.getCell(1).value).toBe(ids.a2);
    expect(a2.getCell(2).value).toEqual(new Date('2025-02-20T00:00:00Z'));
    expect(a2.getCell(4).value).toBe(3000.1);
    expect(a2.getCell(4).numFmt).toBe('#,##0.00 "Kč"');
    expect(a2.getCell(16).value).toBe(2500);
    expect(a2.getCell(17).value).toBe(500.1);
    expect(a2.getCell(12).value).toBe('Hotovost');
  });

  it('refuses bad input with Czech messages by field', async () => {
    const res = await ctx.http().get('/api/v1/payments/export/?format=docx&date_from=2025-13-01&deal=abc&unpaired=maybe&payment_type=NOPE').set(bearer(tokens['VIEWER']!));
    expect(res.status).toBe(400);
    expect(res.body.format).toEqual(['Zvolte formát csv nebo xlsx.']);
    expect(res.body.deal).toEqual(['Zadejte kladné celé číslo.']);
    expect(res.body.unpaired).toEqual(['Zadejte true nebo false.']);
    expect(Object.keys(res.body).sort()).toEqual(['date_from', 'deal', 'format', 'payment_type', 'unpaired']);
    const range = await ctx.http().get('/api/v1/payments/export/?format=csv&date_from=2025-02-01&date_to=2025-01-01').set(bearer(tokens['VIEWER']!));
    expect(range.body).toEqual({ date_from: ['Datum od nesmí být po datu do.'] });
  });

  it('answers CSV to the file calls as the spec writes them, without a format', async () => {
    for (const path of ['/api/v1/payments/export/', '/api/v1/payments/allocation-report/', `/api/v1/deals/${A.id}/payments/download/`, `/api/v1/deals/${A.id}/claims/export/`]) {
      const res = await ctx.http().get(path).set(bearer(tokens['VIEWER']!));
      expect([path, res.status, res.headers['content-type']]).toEqual([path, 200, 'text/csv; charset=utf-8']);
      expect(res.headers['content-disposition'], path).toMatch(/\.csv"?$/);
    }
  });

  it('every staff role may export (as every role reads); no token answers 401', async () => {
    for (const role of ['ADMIN', 'ACCOUNTANT', 'UNDERWRITER', 'VIEWER']) expect((await get('/api/v1/payments/export/?format=csv', role)).status).toBe(200);
    expect((await ctx.http().get('/api/v1/payments/export/?format=csv')).status).toBe(401);
    expect((await ctx.http().get('/api/v1/payments/allocation-report/?format=csv')).status).toBe(401);
    expect((await ctx.http().get(`/api/v1/deals/${A.id}/payments/download/?format=csv`)).status).toBe(401);
  });
});

describe('GET /payments/allocation-report/', () => {
  const header = ['ID platby', 'Datum platby', 'Částka platby', 'Obchod', 'Číslo smlouvy', 'ID pohledávky', 'Typ pohledávky', 'Splatnost pohledávky', 'Přiděleno', 'Pravidlo', 'Kód pravidla'];

  it('answers every allocation row with its claim and the rule in Czech', async () => {
    const { header: h, rows } = await csv('/api/v1/payments/allocation-report/?format=csv');
    expect(h).toEqual(header);
    const claims = await ctx.deps.prisma.claim.findMany({ where: { dealId: { in: [A.id, B.id] } }, orderBy: { id: 'asc' } });
    const claimOf = (dealId: number, i: number) => String(claims.filter((c) => c.dealId === dealId)[i]!.id);
    const interest = ['Splatné úroky', 'LOAN_ALLOCATION_PROFILE_V1:INTEREST_DUE'];
    const principal = ['Splatná jistina', 'LOAN_ALLOCATION_PROFILE_V1:PRINCIPAL_DUE'];
    expect(rows).toEqual([
      [String(ids.a1), '20.01.2025', '2500,00', String(A.id), A.contract, claimOf(A.id, 0), 'Úrok', '20.01.2025', '500,00', ...interest],
      [String(ids.a1), '20.01.2025', '2500,00', String(A.id), A.contract, claimOf(A.id, 1), 'Jistina', '20.01.2025', '2000,00', ...principal],
      [String(ids.b1), '20.01.2025', '1234,56', String(B.id), B.contract, claimOf(B.id, 0), 'Úrok', '20.01.2025', '500,00', ...interest],
      [String(ids.b1), '20.01.2025', '1234,56', String(B.id), B.contract, claimOf(B.id, 1), 'Jistina', '20.01.2025', '734,56', ...principal],
      [String(ids.a2), '20.02.2025', '3000,10', String(A.id), A.contract, claimOf(A.id, 2), 'Úrok', '20.02.2025', '450,00', ...interest],
      [String(ids.a2), '20.02.2025', '3000,10', String(A.id), A.contract, claimOf(A.id, 3), 'Jistina', '20.02.2025', '2050,00', ...principal],
    ]);
  });

  it.each([
    ['date_from=2025-02-01', ['450,00', '2050,00']],
    ['date_to=2025-01-20', ['500,00', '2000,00', '500,00', '734,56']],
    ['claim_type=PRINCIPAL', ['2000,00', '734,56', '2050,00']],
    ['claim_type=FEE', []],
  ])('filters by %s', async (filter, expected) => {
    expect((await csv(`/api/v1/payments/allocation-report/?format=csv&${filter}`)).rows.map((r) => r[8])).toEqual(expected);
  });

  it('filters by deal', async () => {
    expect((await csv(`/api/v1/payments/allocation-report/?format=csv&deal=${B.id}`)).rows.map((r) => r[8])).toEqual(['500,00', '734,56']);
  });

  it('answers XLSX', async () => {
    const sheet = await xlsx(`/api/v1/payments/allocation-report/?format=xlsx&deal=${B.id}`, 'Alokace');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(3).getCell(9).value).toBe(734.56);
    expect(sheet.getRow(3).getCell(10).value).toBe('Splatná jistina');
    expect(sheet.getRow(3).getCell(8).value).toEqual(new Date('2025-01-20T00:00:00Z'));
  });

  it('refuses bad input with Czech messages by field', async () => {
    const res = await ctx.http().get('/api/v1/payments/allocation-report/?format=pdf&claim_type=NOPE&deal=0&date_to=x').set(bearer(tokens['VIEWER']!));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['claim_type', 'date_to', 'deal', 'format']);
    expect(res.body.deal).toEqual(['Zadejte kladné celé číslo.']);
  });
});

describe('GET /deals/{id}/payments/download/', () => {
  it("answers the deal's payments with their allocations, one row per allocation", async () => {
    const res = await get(`/api/v1/deals/${A.id}/payments/download/?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="platby-obchodu-${A.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    const [header, ...rows] = parseCsv((res.body as Buffer).toString('utf8'));
    expect(header!.slice(12)).toEqual(['Typ pohledávky', 'Splatnost pohledávky', 'Přiděleno', 'Pravidlo']);
    expect(rows.map((r) => [r[0], r[3], ...r.slice(12)])).toEqual([
      [String(ids.a1), '2500,00', 'Úrok', '20.01.2025', '500,00', 'Splatné úroky'],
      [String(ids.a1), '2500,00', 'Jistina', '20.01.2025', '2000,00', 'Splatná jistina'],
      [String(ids.a2), '3000,10', 'Úrok', '20.02.2025', '450,00', 'Splatné úroky'],
      [String(ids.a2), '3000,10', 'Jistina', '20.02.2025', '2050,00', 'Splatná jistina'],
    ]);
  });

  it('a payment without allocations has one row with the allocation cells empty', async () => {
    const { rows } = await csv(`/api/v1/deals/${C.id}/payments/download/?format=csv`);
    expect(rows).toEqual([[String(ids.c1), '22.01.2025', 'Příchozí platba', '300,00', C.vs, '', '', '', '', 'Nezařazeno', 'Bankovní převod', 'export-c1', '', '', '', '']]);
  });

  it.each([
    ['date_from=2025-02-01', ['a2', 'a2']],
    ['date_to=2025-01-31', ['a1', 'a1']],
    ['payment_type=CASH', ['a2', 'a2']],
    ['category=OTHERS', []],
    ['direction=OUTGOING_PAYMENT', []],
  ])('filters by %s', async (filter, expected) => {
    expect(idsOf((await csv(`/api/v1/deals/${A.id}/payments/download/?format=csv&${filter}`)).rows)).toEqual(named(...expected));
  });

  it('answers XLSX', async () => {
    const sheet = await xlsx(`/api/v1/deals/${A.id}/payments/download/?format=xlsx`, 'Platby');
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(5).getCell(15).value).toBe(2050);
    expect(sheet.getRow(5).getCell(4).value).toBe(3000.1);
  });

  it('404 for an unknown deal or a bad id, 400 for bad filters', async () => {
    expect((await ctx.http().get('/api/v1/deals/999999/payments/download/?format=csv').set(bearer(tokens['VIEWER']!))).status).toBe(404);
    expect((await ctx.http().get('/api/v1/deals/abc/payments/download/?format=csv').set(bearer(tokens['VIEWER']!))).status).toBe(404);
    const bad = await ctx.http().get(`/api/v1/deals/${A.id}/payments/download/?format=x&payment_type=NOPE`).set(bearer(tokens['VIEWER']!));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['format', 'payment_type']);
  });
});
