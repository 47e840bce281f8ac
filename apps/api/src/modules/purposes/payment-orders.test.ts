import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { paymentOrderBatch } from '@lending/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { createApp } from '../../app.ts';
import type { Deal } from '../../generated/prisma/client.ts';
import { bearer } from '../../../test/fixtures/auth.ts';
import { createDeal } from '../../../test/fixtures/deals.ts';

// The files are parsed back and compared with answers worked out by hand: sums in haléře,
// IBANs and check digits computed independently (Python), the windows-1250 bytes of Czech
// letters from the code page's table (ý = 0xFD, ú = 0xFA, ě = 0xEC, ů = 0xF9).

// 23:30 UTC on 1 December is 00:30 on 2 December in Prague: the files carry the Prague day.
let clock = new Date();
let ctx: TestContext;
let staff: string;
let underwriter: string;
let deal: Deal;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => clock });
  staff = (await ctx.login('ACCOUNTANT')).access;
  // Separation of duties (docs/decisions/0044): an underwriter sets up purposes and drawings, the accountant orders the payout.
  underwriter = (await ctx.login('UNDERWRITER')).access;
  deal = await createDeal(ctx.deps.prisma);
  clock = new Date('2026-12-01T23:30:00Z');
});
afterAll(() => ctx.close());

const binary = (res: { on: (event: string, listener: (chunk?: Buffer) => void) => void }, callback: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk) => chunks.push(chunk!));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};
const exportOrder = (dealId: number, body: unknown, query = '', token = staff) =>
  ctx.http().post(`/api/v1/deals/${dealId}/purposes/payments/${query}`).set(bearer(token)).send(body as object).buffer(true).parse(binary);

async function purposeWithDrawings(dealId: number, body: object, amounts: string[]): Promise<number[]> {
  const purpose = await ctx.http().post(`/api/v1/deals/${dealId}/purposes/`).set(bearer(underwriter)).send(body);
  expect(purpose.status, purpose.text).toBe(201);
  const ids: number[] = [];
  for (const amount of amounts) {
    const res = await ctx.http().post(`/api/v1/deals/${dealId}/purposes/${purpose.body.id}/drawings/`).set(bearer(underwriter)).send({ amount });
    expect(res.status, res.text).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

/** Two purposes: a payout to the applicant (Czech account) and a refinancing (as a Czech IBAN). */
async function scenario() {
  const d = await createDeal(ctx.deps.prisma);
  const [d1, d2] = await purposeWithDrawings(
    d.id,
    { type: 'APPLICANT_BANK_ACCOUNT', amount: '250000', bank_account: '19-2000145399/0800', variable_symbol: '1234567890', recipient_name: "Jiří O'Čermák", message: 'Výplata úvěru' },
    ['150000.00', '12345.67'],
  );
  const [d3] = await purposeWithDrawings(
    d.id,
    { type: 'DEAL_REFINANCING', amount: '99999.99', bank_account: 'CZ02 0300 0000 3576 5432 1008', specific_symbol: '42', recipient_name: 'Banka, a.s.' },
    ['99999.99'],
  );
  return { deal: d, d1: d1!, d2: d2!, d3: d3! };
}

describe('ABO (KPC) file', () => {
  it('is the layout of ADR 0027, line by line, in windows-1250 with CRLF', async () => {
    const { deal: d, d1, d2, d3 } = await scenario();
    // Unsorted on purpose: the file lists the drawings in id order.
    const res = await exportOrder(d.id, [d3, d1]);
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=windows-1250');
    const batchId = Number(res.headers['x-payment-order-id']);
    expect(res.headers['content-disposition']).toContain(`platebni-prikaz-${d.id}-${batchId}.kpc`);
    const bytes = res.body as Buffer;
    // Czech letters as single windows-1250 bytes, never UTF-8 sequences (0xC3, 0xC4, 0xC5 …).
    expect(bytes.includes(Buffer.from([0x56, 0xfd, 0x70, 0x6c, 0x61, 0x74, 0x61, 0x20, 0xfa, 0x76, 0xec, 0x72, 0x75]))).toBe(true); // "Výplata úvěru"
    expect([...bytes].some((b) => b === 0xc3 || b === 0xc4 || b === 0xc5)).toBe(false);
    const text = new TextDecoder('windows-1250').decode(bytes);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    const fileNumber = String(((batchId - 1) % 999) + 1).padStart(3, '0');
    expect(lines).toEqual([
      // UHL1, 02.12.26, the name in 20 characters, client number, interval, two codes.
      'UHL1021226PUJCKA ONLINE S.R.O.0000000000001999000000000000',
      `1 1501 ${fileNumber}000 0100`,
      // The lender's 2001234561/0100; 150 000,00 + 99 999,99 = 249 999,99 Kč = 24 999 999 haléřů.
      '2 000000-2001234561 00000024999999 021226',
      '000019-2000145399 000000015000000 1234567890 08000000 0000000000 AV:Výplata úvěru',
      '000035-7654321008 000000009999999 0000000000 03000000 0000000042',
      '3 +',
      '5 +',
    ]);
    expect(lines[0]).toHaveLength(58);
    // The group sum equals the items read back.
    const items = lines.slice(3, -2).map((l) => BigInt(l.split(' ')[1]!));
    expect(items.reduce((a, b) => a + b, 0n)).toBe(BigInt(lines[2]!.split(' ')[2]!));

    // Recorded: which drawings, when, by whom, the file itself; the drawings point to it.
    const batch = await ctx.deps.prisma.paymentOrderBatch.findUniqueOrThrow({ where: { id: batchId }, include: { drawings: true } });
    expect(batch).toMatchObject({ dealId: d.id, format: 'abo', itemCount: 2, fileName: `platebni-prikaz-${d.id}-${batchId}.kpc` });
    expect(batch.totalAmount.toFixed(2)).toBe('249999.99');
    expect(batch.executionDate.toISOString().slice(0, 10)).toBe('2026-12-02');
    expect(batch.createdAt.toISOString()).toBe('2026-12-01T23:30:00.000Z');
    expect(Buffer.from(batch.content).equals(bytes)).toBe(true);
    expect(batch.drawings.map((x) => x.id).sort((a, b) => a - b)).toEqual([d1, d3]);
    const staffUser = await ctx.deps.prisma.auditLog.findFirstOrThrow({ where: { action: 'deal.purpose.payment_order.create', entityId: String(batchId) } });
    expect(batch.createdById).toBe(Number(staffUser.actorId));
    expect((await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id: d2 } })).paymentOrderBatchId).toBeNull();

    // Listed and downloadable again, byte for byte.
    const list = await ctx.http().get(`/api/v1/deals/${d.id}/purposes/payments/`).set(bearer(staff));
    expect(list.body).toMatchObject({ count: 1, results: [{ id: batchId, format: 'abo', execution_date: '2026-12-02', drawing_ids: [d1, d3], item_count: 2, total_amount: '249999.99' }] });
    expect(paymentOrderBatch.parse(list.body.results[0])).toEqual(list.body.results[0]);
    const again = await ctx.http().get(`/api/v1/deals/${d.id}/purposes/payments/${batchId}/`).set(bearer(staff)).buffer(true).parse(binary);
    expect(again.status).toBe(200);
    expect((again.body as Buffer).equals(bytes)).toBe(true);
    expect((await ctx.http().get(`/api/v1/deals/${deal.id}/purposes/payments/${batchId}/`).set(bearer(staff))).status).toBe(404);
  });

  it('takes the execution date asked for; refuses one in the past', async () => {
    const d = await createDeal(ctx.deps.prisma);
    const [id] = await purposeWithDrawings(d.id, { type: 'COMMISSION', amount: '0.55', bank_account: '19/0300' }, ['0.55']);
    const past = await exportOrder(d.id, [id], '?execution_date=2026-12-01');
    expect(past.status).toBe(400);
    expect(JSON.parse(String(past.body))).toEqual({ execution_date: ['Datum splatnosti nesmí být v minulosti.'] });
    const res = await exportOrder(d.id, [id], '?format=abo&execution_date=2026-12-24');
    const lines = new TextDecoder('windows-1250').decode(res.body as Buffer).split('\r\n');
    // 0,55 Kč = 55 haléřů; account 19/0300 without prefix; due 24.12.26.
    expect(lines[2]).toBe('2 000000-2001234561 00000000000055 241226');
    expect(lines[3]).toBe('000000-0000000019 000000000000055 0000000000 03000000 0000000000');
  });
});

describe('pain.001.001.03 file', () => {
  it('is well-formed XML of the pain.001.001.03 structure; sums and counts agree with CtrlSum and NbOfTxs', async () => {
    const { deal: d, d1, d2, d3 } = await scenario();
    const res = await exportOrder(d.id, [d1, d2, d3], '?format=pain001&execution_date=2026-12-03');
    expect(res.status, String(res.body)).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const batchId = Number(res.headers['x-payment-order-id']);
    const xml = (res.body as Buffer).toString('utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(XMLValidator.validate(xml)).toBe(true);

    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'CdtTrfTxInf' }).parse(xml);
    expect(doc.Document['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    const init = doc.Document.CstmrCdtTrfInitn;
    const header = init.GrpHdr;
    const info = init.PmtInf;
    const txs: { Amt: { InstdAmt: Record<string, string> }; PmtId: Record<string, string>; CdtrAcct: { Id: { IBAN: string } } }[] = info.CdtTrfTxInf;

    // 150 000,00 + 12 345,67 + 99 999,99 = 262 345,66 Kč over three payments.
    expect(header).toMatchObject({ NbOfTxs: '3', CtrlSum: '262345.66', CreDtTm: '2026-12-02T00:30:00', InitgPty: { Nm: 'Půjčka online s.r.o.' } });
    expect(header.MsgId).toBe(`PP-${batchId}-20261202003000`);
    expect(info).toMatchObject({ PmtInfId: `PP-${batchId}`, PmtMtd: 'TRF', NbOfTxs: '3', CtrlSum: '262345.66', ReqdExctnDt: '2026-12-03' });
    expect(info.Dbtr).toEqual({ Nm: 'Půjčka online s.r.o.' });
    expect(info.DbtrAcct).toEqual({ Id: { IBAN: 'CZ4101000000002001234561' }, Ccy: 'CZK' });
    expect(info.DbtrAgt).toEqual({ FinInstnId: { BIC: 'KOMBCZPP' } });
    const hellers = txs.map((t) => {
      const [crowns, cents] = String(t.Amt.InstdAmt['#text']).split('.');
      return BigInt(crowns!) * 100n + BigInt(cents!);
    });
    expect(hellers.reduce((a, b) => a + b, 0n)).toBe(26234566n);
    expect(txs).toHaveLength(Number(header.NbOfTxs));
    expect(txs.map((t) => t.Amt.InstdAmt['@_Ccy'])).toEqual(['CZK', 'CZK', 'CZK']);
    expect(txs[0]).toEqual({
      PmtId: { InstrId: `D${d1}`, EndToEndId: '/VS1234567890' },
      Amt: { InstdAmt: { '#text': '150000.00', '@_Ccy': 'CZK' } },
      Cdtr: { Nm: "Jiří O'Čermák" },
      CdtrAcct: { Id: { IBAN: 'CZ6508000000192000145399' } },
      RmtInf: { Ustrd: 'Výplata úvěru' },
    });
    expect(txs[2]).toEqual({
      PmtId: { InstrId: `D${d3}`, EndToEndId: '/SS42' },
      Amt: { InstdAmt: { '#text': '99999.99', '@_Ccy': 'CZK' } },
      Cdtr: { Nm: 'Banka, a.s.' },
      CdtrAcct: { Id: { IBAN: 'CZ0203000000357654321008' } },
    });

    // The schema's sequences and facets (pain.001.001.03.xsd): element order, lengths, patterns.
    type OrderedNode = Record<string, OrderedNode[]>;
    const ordered: OrderedNode[] = new XMLParser({ preserveOrder: true, ignoreAttributes: true }).parse(xml);
    const children = (nodes: OrderedNode[], path: string[]): string[] => {
      let level = nodes;
      for (const name of path) level = level.find((n) => name in n)![name]!;
      return level.map((n) => Object.keys(n)[0]!).filter((k) => k !== '#text');
    };
    expect(children(ordered, ['Document', 'CstmrCdtTrfInitn'])).toEqual(['GrpHdr', 'PmtInf']);
    expect(children(ordered, ['Document', 'CstmrCdtTrfInitn', 'GrpHdr'])).toEqual(['MsgId', 'CreDtTm', 'NbOfTxs', 'CtrlSum', 'InitgPty']);
    expect(children(ordered, ['Document', 'CstmrCdtTrfInitn', 'PmtInf'])).toEqual(['PmtInfId', 'PmtMtd', 'NbOfTxs', 'CtrlSum', 'ReqdExctnDt', 'Dbtr', 'DbtrAcct', 'DbtrAgt', 'CdtTrfTxInf', 'CdtTrfTxInf', 'CdtTrfTxInf']);
    expect(children(ordered, ['Document', 'CstmrCdtTrfInitn', 'PmtInf', 'CdtTrfTxInf'])).toEqual(['PmtId', 'Amt', 'Cdtr', 'CdtrAcct', 'RmtInf']);
    for (const id of [header.MsgId, info.PmtInfId, ...txs.flatMap((t) => [t.PmtId.InstrId, t.PmtId.EndToEndId])]) expect(String(id).length).toBeLessThanOrEqual(35);
    for (const t of txs) expect(t.CdtrAcct.Id.IBAN).toMatch(/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{1,30}$/);
    expect(info.DbtrAgt.FinInstnId.BIC).toMatch(/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/);
    // The apostrophe of the name was escaped, not written raw.
    expect(xml).toContain('<Nm>Jiří O&apos;Čermák</Nm>');
  });
});

describe('refusals', () => {
  it('validates the body (a list of distinct ids) and the format, with Czech messages', async () => {
    const d = await createDeal(ctx.deps.prisma);
    const cases: [unknown, string, Record<string, string[]>][] = [
      [[], '', { non_field_errors: ['Zadejte seznam čísel čerpání.'] }],
      [{ drawings: [1] }, '', { non_field_errors: ['Zadejte seznam čísel čerpání.'] }],
      [[1, 1], '', { non_field_errors: ['Každé čerpání uveďte jen jednou.'] }],
      [[1], '?format=gpc', { format: ['Zvolte formát abo nebo pain001.'] }],
      [[1], '?execution_date=2026-13-01', { execution_date: ['Neplatné datum.'] }],
      [[999999], '', { '0': ['Čerpání č. 999999 u tohoto obchodu neexistuje.'] }],
    ];
    for (const [body, query, errors] of cases) {
      const res = await exportOrder(d.id, body, query);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(String(res.body))).toEqual(errors);
    }
    expect((await exportOrder(999999, [1])).status).toBe(404);
  });

  it('refuses drawings of another deal, and drawings that cannot be paid, listing every reason (409)', async () => {
    const d = await createDeal(ctx.deps.prisma);
    const other = await createDeal(ctx.deps.prisma);
    const [foreign] = await purposeWithDrawings(other.id, { type: 'COMMISSION', amount: '10', bank_account: '19/0300' }, ['10']);
    expect(JSON.parse(String((await exportOrder(d.id, [foreign])).body))).toEqual({ '0': [`Čerpání č. ${foreign} u tohoto obchodu neexistuje.`] });

    const [noAccount] = await purposeWithDrawings(d.id, { type: 'COMMISSION', amount: '10' }, ['10']);
    const [abroad] = await purposeWithDrawings(d.id, { type: 'COMMISSION', amount: '10', bank_account: 'SK31 1200 0000 1987 4263 7541', recipient_name: 'Firma s.r.o.' }, ['10']);
    const [nameless] = await purposeWithDrawings(d.id, { type: 'COMMISSION', amount: '10', bank_account: '19/0300' }, ['10']);
    const purposeOf = async (id: number) => (await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id } })).purposeId;
    const res = await exportOrder(d.id, [noAccount, abroad, nameless], '?format=pain001');
    expect(res.status).toBe(409);
    const body = JSON.parse(String(res.body));
    expect(body.problems).toEqual([
      `Účel č. ${await purposeOf(noAccount!)} nemá číslo účtu příjemce.`,
      `Účel č. ${await purposeOf(abroad!)} má zahraniční účet; platební příkaz obsahuje jen tuzemské platby v Kč.`,
      `Účel č. ${await purposeOf(nameless!)} nemá jméno příjemce (formát pain.001 ho vyžaduje).`,
    ]);
    expect(body.detail).toBe(`Platební příkaz nelze vytvořit. ${body.problems.join(' ')}`);
    // ABO carries no name: the nameless one goes out there.
    expect((await exportOrder(d.id, [nameless])).status).toBe(200);
    expect(await ctx.deps.prisma.paymentOrderBatch.count({ where: { dealId: d.id } })).toBe(1);
  });

  it('refuses a batch whose total a payment order cannot hold (409)', async () => {
    const d = await createDeal(ctx.deps.prisma);
    const [a] = await purposeWithDrawings(d.id, { type: 'DEAL_REFINANCING', amount: '600000000000', bank_account: '19/0300' }, ['600000000000']);
    const [b] = await purposeWithDrawings(d.id, { type: 'DEAL_REFINANCING', amount: '400000000000', bank_account: '19/0300' }, ['400000000000']);
    // 600 000 000 000 + 400 000 000 000 = 10^12 Kč, one haléř over 999 999 999 999,99 Kč.
    const res = await exportOrder(d.id, [a, b]);
    expect(res.status).toBe(409);
    expect(JSON.parse(String(res.body)).detail).toBe('Součet čerpání přesahuje, co jeden platební příkaz pojme (999 999 999 999,99 Kč); rozdělte je do více příkazů.');
    expect((await exportOrder(d.id, [a])).status).toBe(200);
  });

  it('orders a drawing once: a second export of it is refused (409)', async () => {
    const d = await createDeal(ctx.deps.prisma);
    const [a, b] = await purposeWithDrawings(d.id, { type: 'COMMISSION', amount: '100', bank_account: '19/0300', recipient_name: 'Makléř s.r.o.' }, ['40', '60']);
    const first = await exportOrder(d.id, [a]);
    const batchId = Number(first.headers['x-payment-order-id']);
    const again = await exportOrder(d.id, [b, a], '?format=pain001');
    expect(again.status).toBe(409);
    expect(JSON.parse(String(again.body)).problems).toEqual([`Čerpání č. ${a} už bylo odesláno v platebním příkazu č. ${batchId}.`]);
    expect((await ctx.deps.prisma.purposeDrawing.findUniqueOrThrow({ where: { id: b } })).paymentOrderBatchId).toBeNull();
  });

  it('of two exports of the same drawings at once, one gets the file and the other 409', async () => {
    for (let round = 0; round < 3; round++) {
      const d = await createDeal(ctx.deps.prisma);
      const ids = await purposeWithDrawings(d.id, { type: 'COMMISSION', amount: '300', bank_account: '19/0300' }, ['100', '100', '100']);
      const answers = await Promise.all([exportOrder(d.id, ids), exportOrder(d.id, [...ids].reverse(), '?format=pain001'), exportOrder(d.id, [ids[1]!])]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const batches = await ctx.deps.prisma.paymentOrderBatch.findMany({ where: { dealId: d.id }, include: { drawings: true } });
      expect(batches).toHaveLength(1);
      // The winner's drawings point to its batch, the rest to none.
      const drawings = await ctx.deps.prisma.purposeDrawing.findMany({ where: { id: { in: ids } } });
      expect(drawings.filter((x) => x.paymentOrderBatchId === batches[0]!.id)).toHaveLength(batches[0]!.itemCount);
      expect(drawings.filter((x) => x.paymentOrderBatchId !== batches[0]!.id).every((x) => x.paymentOrderBatchId === null)).toBe(true);
    }
  });

  it('refuses a deal before its contract (409), and works only with the lender’s account configured', async () => {
    const application = await createDeal(ctx.deps.prisma, { state: 'CONTRACT_COMPLETION' });
    const [id] = await purposeWithDrawings(application.id, { type: 'COMMISSION', amount: '10', bank_account: '19/0300' }, ['10']);
    const early = await exportOrder(application.id, [id]);
    expect(early.status).toBe(409);
    expect(JSON.parse(String(early.body)).detail).toBe('Obchod ještě nemá podepsanou smlouvu (nebo byla žádost uzavřena); čerpání nelze vyplatit.');

    const unconfigured = createApp({ ...ctx.deps, config: { ...ctx.deps.config, LENDER_ACCOUNT: undefined, LENDER_IBAN: undefined, LENDER_BIC: undefined } });
    const res = await request(unconfigured).post(`/api/v1/deals/${deal.id}/purposes/payments/`).set(bearer(staff)).send([1]);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Platební příkaz nelze vytvořit: účet věřitele není nastaven (LENDER_ACCOUNT, LENDER_IBAN, LENDER_BIC).');
  });
});
