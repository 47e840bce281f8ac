import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRootDir, loadConfig } from '../../config.ts';
import { BankStatementAnalysisUnavailable } from './bank-statement-analysis.ts';
import { HttpBankStatementAnalysis } from './http-bank-statement-analysis.ts';
import { bankStatementAnalysisFor } from './index.ts';
import { SandboxBankStatementAnalysis } from './sandbox-bank-statement-analysis.ts';
import { parseStatementText } from './statement-text.ts';
import { files, statementPdf } from '../../../test/fixtures/documents.ts';

describe('statement text rules', () => {
  it('reads the period, the account and signed Czech amounts, ignoring balances', () => {
    const analysis = parseStatementText([
      'Výpis z účtu č. 19-2000145399/0800',
      'Období: 1. 2. 2026 – 28.02.2026',
      '01.02.2026 Počáteční zůstatek 12 500,00',
      '03.02.2026 03.02.2026 Platba kartou ALBERT Praha 4 -1 250,50 11 249,50',
      '10.02.2026 Mzda 01/2026 ACME s.r.o. 2400123456/2010 VS: 202601 +35.000,00 Kč 46 249,50',
      '12.02.2026 Převod na spořicí účet −5 000,00 CZK',
      '14.02.2026 Platba v EUR 120,00 EUR',
      '31.02.2026 Neplatné datum -10,00',
      '15.02.2026 Řádek bez částky',
      'Konečný zůstatek 41 249,50',
    ]);
    expect(analysis).toEqual({
      readable: true,
      period: { from: '2026-02-01', to: '2026-02-28' },
      accountNumber: '19-2000145399/0800',
      transactions: [
        { date: '2026-02-03', amount: '-1250.50', currency: 'CZK', counterpartyName: null, counterpartyAccount: null, description: 'Platba kartou ALBERT Praha 4', variableSymbol: null },
        { date: '2026-02-10', amount: '35000.00', currency: 'CZK', counterpartyName: null, counterpartyAccount: '2400123456/2010', description: 'Mzda 01/2026 ACME s.r.o. 2400123456/2010 VS: 202601', variableSymbol: '202601' },
        { date: '2026-02-12', amount: '-5000.00', currency: 'CZK', counterpartyName: null, counterpartyAccount: null, description: 'Převod na spořicí účet', variableSymbol: null },
        { date: '2026-02-14', amount: '120.00', currency: 'EUR', counterpartyName: null, counterpartyAccount: null, description: 'Platba v EUR', variableSymbol: null },
      ],
    });
  });

  it('finds nothing in text that is no statement', () => {
    expect(parseStatementText(['Smlouva o nájmu bytu', 'Nájemné 12 000,00 Kč měsíčně'])).toEqual({ readable: false, period: null, accountNumber: null, transactions: [] });
  });
});

describe('sandbox analysis', () => {
  it('reads a generated text PDF deterministically', async () => {
    const pdf = await statementPdf({
      from: '2026-01-01',
      to: '2026-03-31',
      transactions: [
        { date: '2026-01-05', text: 'Platba kartou LIDL Brno', amount: -845.3 },
        { date: '2026-01-10', text: 'Mzda ACME s.r.o. VS 202512', amount: 41_250 },
        { date: '2026-03-30', text: 'Najemne 2000145399/0800', amount: -14_500 },
      ],
    });
    const sandbox = new SandboxBankStatementAnalysis();
    const analysis = await sandbox.analyse({ content: pdf, fileName: 'vypis.pdf', mimeType: 'application/pdf' });
    expect(analysis).toEqual(await sandbox.analyse({ content: pdf, fileName: 'jiny.pdf', mimeType: 'application/pdf' }));
    expect(analysis.period).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(analysis.accountNumber).toBe('2400123456/2010');
    expect(analysis.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ['2026-01-05', '-845.30', 'Platba kartou LIDL Brno'],
      ['2026-01-10', '41250.00', 'Mzda ACME s.r.o. VS 202512'],
      ['2026-03-30', '-14500.00', 'Najemne 2000145399/0800'],
    ]);
  });

  it('cannot read a PDF without text, a broken PDF, or an image', async () => {
    const sandbox = new SandboxBankStatementAnalysis();
    for (const [content, mimeType] of [
      [files.pdf, 'application/pdf'],
      [Buffer.from('%PDF-1.7 garbage'), 'application/pdf'],
      [files.jpeg, 'image/jpeg'],
    ] as const) {
      expect((await sandbox.analyse({ content, fileName: 'x', mimeType })).readable).toBe(false);
    }
  });
});

describe('HTTP analysis', () => {
  // A local stand-in for the analysis service, answering by the file name it is sent.
  const received: { path: string; type: string; auth: string; name: string; size: number }[] = [];
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const name = decodeURIComponent(String(req.headers['x-file-name']));
        received.push({ path: req.url!, type: String(req.headers['content-type']), auth: String(req.headers.authorization), name, size: Buffer.concat(chunks).length });
        const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        if (name === 'ok.pdf') {
          json(200, {
            readable: true,
            period: { from: '2026-02-01', to: '2026-04-30' },
            account_number: '2400123456/2010',
            transactions: [
              { date: '2026-02-03', amount: -1250.5, currency: 'CZK', counterparty_name: 'Albert', counterparty_account: null, description: 'Platba kartou', variable_symbol: null },
              { date: '2026-02-10', amount: '35000', description: 'Mzda' },
            ],
          });
        } else if (name === 'sken.pdf') json(422, { detail: 'no statement' });
        else if (name === 'divny.pdf') json(200, { transactions: [{ date: '3.2.2026', amount: 'hodně' }] });
        // Never answered: only the client's time-out ends the call.
        else if (name === 'pomaly.pdf') return;
        else res.writeHead(502).end('bad gateway');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((r) => server.close(() => r()));
  });

  const file = (fileName: string) => ({ content: files.pdf, fileName, mimeType: 'application/pdf' });

  it('posts the file and maps the answer', async () => {
    const analysis = new HttpBankStatementAnalysis(`${base}/`, 'tajny-klic');
    expect(await analysis.analyse(file('ok.pdf'))).toEqual({
      readable: true,
      period: { from: '2026-02-01', to: '2026-04-30' },
      accountNumber: '2400123456/2010',
      transactions: [
        { date: '2026-02-03', amount: '-1250.50', currency: 'CZK', counterpartyName: 'Albert', counterpartyAccount: null, description: 'Platba kartou', variableSymbol: null },
        { date: '2026-02-10', amount: '35000.00', currency: 'CZK', counterpartyName: null, counterpartyAccount: null, description: 'Mzda', variableSymbol: null },
      ],
    });
    expect(received.at(-1)).toEqual({ path: '/api/statements/analyse', type: 'application/pdf', auth: 'Bearer tajny-klic', name: 'ok.pdf', size: files.pdf.length });
  });

  it('treats 422 as unreadable and everything else unexpected as unavailable', async () => {
    const analysis = new HttpBankStatementAnalysis(base, undefined, 500);
    expect(await analysis.analyse(file('sken.pdf'))).toEqual({ readable: false, period: null, accountNumber: null, transactions: [] });
    await expect(analysis.analyse(file('divny.pdf'))).rejects.toBeInstanceOf(BankStatementAnalysisUnavailable);
    // The time-out, not any failure: the abort's own reason.
    const slow = await analysis.analyse(file('pomaly.pdf')).catch((error: unknown) => error);
    expect(slow).toBeInstanceOf(BankStatementAnalysisUnavailable);
    expect((slow as Error).message).toBe('bank-statement analysis unreachable: The operation was aborted due to timeout');
    await expect(analysis.analyse(file('jiny.pdf'))).rejects.toBeInstanceOf(BankStatementAnalysisUnavailable);
    await expect(new HttpBankStatementAnalysis('http://127.0.0.1:1').analyse(file('ok.pdf'))).rejects.toBeInstanceOf(BankStatementAnalysisUnavailable);
  });

  it('is chosen by BANK_STATEMENT_ANALYSIS=http with its URL; the sandbox is the default', () => {
    expect(bankStatementAnalysisFor({ config: loadConfig({}, defaultRootDir()) })).toBeInstanceOf(SandboxBankStatementAnalysis);
    expect(bankStatementAnalysisFor({ config: loadConfig({ BANK_STATEMENT_ANALYSIS: 'http', BANK_STATEMENT_ANALYSIS_URL: base }, defaultRootDir()) })).toBeInstanceOf(HttpBankStatementAnalysis);
    expect(() => bankStatementAnalysisFor({ config: loadConfig({ BANK_STATEMENT_ANALYSIS: 'http' }, defaultRootDir()) })).toThrow(/BANK_STATEMENT_ANALYSIS_URL/);
  });
});
