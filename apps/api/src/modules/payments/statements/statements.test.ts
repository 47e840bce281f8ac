import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCamt053, parseCamt053Stream } from './camt053.ts';
import { parseGpc, parseGpcStream } from './gpc.ts';
import { describeIssue, type StatementResult } from './movement.ts';

// Samples in fixtures/ are built from the banks' published descriptions (docs/decisions/0033):
// the GPC files by fixtures/build-gpc-samples.py field by field from the ČSOB/KB/Fio record
// layout, the camt.053 files by hand after the ISO 20022 schemas camt.053.001.02 and .08 and
// the ČBA "Standard pro elektronický XML výpis". Expected values below are read off the
// samples, not taken from the parsers.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function ok(result: StatementResult) {
  if (!result.ok) throw new Error(result.errors.map(describeIssue).join('\n'));
  return result.statement;
}

async function* chunks(bytes: Uint8Array, size: number) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('GPC (ABO) statement', () => {
  it('reads a windows-1250 statement: credits, a debit, a storno, symbols, diacritics and the message lines', () => {
    const statement = ok(parseGpc(fixture('statement-1250.gpc'), { bankCode: '0800' }));
    expect(statement).toMatchObject({ format: 'gpc', account: '19-2000145399/0800', statementId: '42' });
    expect(statement.movements).toHaveLength(4);
    const [credit, debit, storno, noId] = statement.movements;
    expect(credit).toEqual({
      bankReference: 'gpc:19-2000145399/0800:1234567890101',
      bookingDate: '2025-03-15',
      valueDate: '2025-03-15',
      amount: '12500.00',
      currency: 'CZK',
      direction: 'INCOMING_PAYMENT',
      reversal: false,
      variableSymbol: '2024000017',
      specificSymbol: null,
      constantSymbol: '0308',
      counterAccount: '2900123456/2010',
      counterAccountName: 'Jiří Dvořák',
      message: null,
    });
    expect(debit).toMatchObject({
      amount: '3000.00',
      direction: 'OUTGOING_PAYMENT',
      reversal: false,
      variableSymbol: '7701',
      specificSymbol: '2025',
      constantSymbol: '0558',
      counterAccount: '19-123456789/0100',
      counterAccountName: 'Úřad práce Žďár',
    });
    // Code 5: the storno of a credit takes the money back out.
    expect(storno).toMatchObject({ amount: '500.00', direction: 'OUTGOING_PAYMENT', reversal: true, valueDate: '2025-03-14', counterAccountName: 'Storno Šťastný' });
    expect(noId).toMatchObject({
      amount: '1000.00',
      direction: 'INCOMING_PAYMENT',
      variableSymbol: '2024000018',
      constantSymbol: null,
      counterAccount: '987654/0300',
      counterAccountName: 'Žofie Černá',
      message: 'Splátka úvěru – březen Příliš žluťoučký kůň úpěl ďábelské ódy',
    });
    // No bank id (all zeros): a digest of the record stands in for it.
    expect(noId!.bankReference).toMatch(/^gpc:19-2000145399\/0800:h[0-9a-f]{24}:1$/);
  });

  it('names the same movements when the same file is read again, whole or in odd chunks', async () => {
    const bytes = fixture('statement-1250.gpc');
    const once = ok(parseGpc(bytes)).movements.map((m) => m.bankReference);
    const again = ok(await parseGpcStream(chunks(bytes, 37))).movements.map((m) => m.bankReference);
    expect(again).toEqual(once);
    expect(new Set(once).size).toBe(4);
    // Without the bank code the own account is written without it.
    expect(once[0]).toBe('gpc:19-2000145399:1234567890101');
  });

  it('names the currency of an item by its ISO 4217 numeric code', () => {
    const lines = fixture('statement-1250.gpc').toString('latin1').split('\r\n');
    lines[1] = `${lines[1]!.slice(0, 118)}0978${lines[1]!.slice(122)}`;
    lines[2] = `${lines[2]!.slice(0, 118)}0999${lines[2]!.slice(122)}`;
    const statement = ok(parseGpc(Buffer.from(lines.join('\r\n'), 'latin1')));
    expect(statement.movements.map((m) => m.currency)).toEqual(['EUR', 'ISO4217:999', 'CZK', 'CZK']);
  });

  it('refuses broken records with their line and a Czech reason', () => {
    const result = parseGpc(fixture('malformed.gpc'));
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors).toEqual([
      { line: 2, message: 'Položka 075: kód účtování „7“ (pozice 61) musí být 1 (debet), 2 (kredit), 4 (storno debetu) nebo 5 (storno kreditu).' },
      { line: 3, message: 'Položka 075: částka „0000012A5000“ (pozice 49–60) musí mít 12 číslic v haléřích.' },
      { line: 3, message: 'Položka 075: datum zaúčtování „310225“ (pozice 123–128) není platné datum DDMMRR.' },
      { line: 4, message: 'Neznámý typ záznamu „099“ (GPC zná 074 hlavičku a 075 položku).' },
    ]);
    expect(describeIssue(errors[0]!)).toMatch(/^řádek 2: Položka 075/);
  });

  it('refuses a statement whose movements do not lead from the old balance to the new one', () => {
    const result = parseGpc(fixture('unbalanced.gpc'));
    expect(result).toEqual({
      ok: false,
      errors: [{ line: 1, message: 'Výpis č. 44: starý zůstatek 100000.00 a pohyby (12500.00) nedávají nový zůstatek 120000.00; soubor je neúplný nebo poškozený.' }],
    });
  });

  it('refuses a GPC file saved as UTF-8 (diacritics make records overlong) and files that are not GPC', () => {
    const utf8 = parseGpc(fixture('statement-utf8.gpc'));
    expect(utf8.ok).toBe(false);
    // Lines 2, 3, 4, 5 have names with diacritics; 6 and 7 the message.
    expect(utf8.ok ? [] : utf8.errors.map((e) => e.line)).toEqual(expect.arrayContaining([2, 3, 4, 5]));
    expect(utf8.ok ? '' : utf8.errors[0]!.message).toMatch(/^Záznam má 1\d\d znaků, formát GPC má 128\.$/);
    expect(parseGpc(new Uint8Array())).toEqual({ ok: false, errors: [{ message: 'Soubor neobsahuje žádný výpis GPC (záznam 074).' }] });
    const xml = parseGpc(fixture('camt053-v02.xml'));
    expect(xml.ok).toBe(false);
    expect(xml.ok ? [] : xml.errors[0]).toEqual({ line: 1, message: 'Neznámý typ záznamu „<?x“ (GPC zná 074 hlavičku a 075 položku).' });
    // An item before any header.
    const orphan = Buffer.from(fixture('statement-1250.gpc').toString('latin1').split('\r\n').slice(1).join('\r\n'), 'latin1');
    const result = parseGpc(orphan);
    expect(result.ok ? [] : result.errors[0]).toEqual({ line: 1, message: 'Položka 075 bez platné hlavičky výpisu 074 před ní.' });
  });
});

describe('camt.053 statement', () => {
  it('reads the period a statement says it covers (FrToDt; the earliest start and the latest end of its statements), none when it does not say', () => {
    const v08 = fixture('camt053-v08.xml').toString('utf8');
    expect(ok(parseCamt053(Buffer.from(v08)))).toMatchObject({ periodFrom: null, periodTo: null });
    const withPeriod = v08.replace('<Id>0800-20250317</Id>', '<Id>0800-20250317</Id><FrToDt><FrDtTm>2025-03-17T00:00:00+01:00</FrDtTm><ToDtTm>2025-03-17T23:59:59+01:00</ToDtTm></FrToDt>');
    expect(ok(parseCamt053(Buffer.from(withPeriod)))).toMatchObject({ account: '19-2000145399', periodFrom: '2025-03-17', periodTo: '2025-03-17' });
  });

  it('reads version 02: booked entries, symbols from EndToEndId and references, a storno, a batch; skips pending', () => {
    const statement = ok(parseCamt053(fixture('camt053-v02.xml')));
    expect(statement).toMatchObject({ format: 'camt053', account: '19-2000145399/0800', statementId: '2025-03-15-042' });
    expect(statement.movements).toEqual([
      {
        bankReference: 'camt:19-2000145399/0800:250315-000123',
        bookingDate: '2025-03-15',
        valueDate: '2025-03-15',
        amount: '12500.00',
        currency: 'CZK',
        direction: 'INCOMING_PAYMENT',
        reversal: false,
        variableSymbol: '2024000017',
        specificSymbol: null,
        constantSymbol: '0308',
        counterAccount: '2900123456/2010',
        counterAccountName: 'Jiří Dvořák',
        message: 'Splátka úvěru – březen',
      },
      {
        bankReference: 'camt:19-2000145399/0800:250315-000124',
        bookingDate: '2025-03-15',
        valueDate: '2025-03-15',
        amount: '3000.00',
        currency: 'CZK',
        direction: 'OUTGOING_PAYMENT',
        reversal: false,
        variableSymbol: '7701',
        specificSymbol: '2025',
        constantSymbol: '0558',
        counterAccount: '19-123456789/0100',
        counterAccountName: 'Úřad práce Žďár',
        message: null,
      },
      {
        bankReference: 'camt:19-2000145399/0800:250315-000125',
        bookingDate: '2025-03-15',
        valueDate: '2025-03-14',
        amount: '500.00',
        currency: 'CZK',
        direction: 'OUTGOING_PAYMENT',
        reversal: true,
        variableSymbol: '2024000017',
        specificSymbol: null,
        constantSymbol: null,
        // A debit's counter-party is the creditor; the storno names only the original debtor.
        counterAccount: '2900123456/2010',
        counterAccountName: 'Jiří Šťastný',
        message: null,
      },
      {
        bankReference: 'camt:19-2000145399/0800:250315-000126-1',
        bookingDate: '2025-03-15',
        valueDate: null,
        amount: '1000.00',
        currency: 'CZK',
        direction: 'INCOMING_PAYMENT',
        reversal: false,
        variableSymbol: '2024000018',
        specificSymbol: null,
        constantSymbol: null,
        counterAccount: '987654/0300',
        counterAccountName: 'Žofie Černá',
        message: 'VS:2024000018 doplatek',
      },
      {
        bankReference: 'camt:19-2000145399/0800:250315-000126/2',
        bookingDate: '2025-03-15',
        valueDate: null,
        amount: '500.00',
        currency: 'CZK',
        direction: 'INCOMING_PAYMENT',
        reversal: false,
        variableSymbol: '2024000019',
        specificSymbol: null,
        constantSymbol: null,
        counterAccount: null,
        counterAccountName: 'Petr Novák',
        message: null,
      },
    ]);
  });

  it('reads version 08: status code element, date-time booking, party under Pty, a foreign IBAN, symbols in the message', async () => {
    const statement = ok(await parseCamt053Stream(chunks(fixture('camt053-v08.xml'), 50)));
    expect(statement.account).toBe('19-2000145399');
    expect(statement.movements).toEqual([
      {
        bankReference: 'camt:19-2000145399:KB2025031700077',
        bookingDate: '2025-03-17',
        valueDate: '2025-03-17',
        amount: '4321.09',
        currency: 'CZK',
        direction: 'INCOMING_PAYMENT',
        reversal: false,
        variableSymbol: '2024000020',
        specificSymbol: '99',
        constantSymbol: null,
        counterAccount: 'DE89370400440532013000',
        counterAccountName: 'Müller GmbH',
        message: 'Rechnung 77 / VS 2024000020 SS 99',
      },
      {
        bankReference: 'camt:19-2000145399:FEE-20250317',
        bookingDate: '2025-03-17',
        valueDate: null,
        amount: '0.10',
        currency: 'CZK',
        direction: 'OUTGOING_PAYMENT',
        reversal: false,
        variableSymbol: null,
        specificSymbol: null,
        constantSymbol: null,
        counterAccount: null,
        counterAccountName: null,
        message: 'Poplatek za položku',
      },
    ]);
  });

  it('reads the same movements whole and in chunks that split multi-byte characters', async () => {
    const bytes = fixture('camt053-v02.xml');
    const whole = ok(parseCamt053(bytes));
    const split = ok(await parseCamt053Stream(chunks(bytes, 7)));
    expect(split).toEqual(whole);
  });

  it('refuses entries without what a payment needs, naming the entry element and line', () => {
    expect(parseCamt053(fixture('camt053-malformed-entry.xml'))).toEqual({
      ok: false,
      errors: [
        { element: 'Ntry[1]/CdtDbtInd', line: 7, message: 'musí být CRDT nebo DBIT, je „“.' },
        { element: 'Ntry[1]/BookgDt', line: 7, message: 'datum zaúčtování chybí nebo není platné („2025-02-30“).' },
        { element: 'Ntry[1]/Amt', line: 7, message: 'částka „12,50“ není kladné číslo s nejvýše dvěma desetinnými místy.' },
        { element: 'Ntry[2]/AcctSvcrRef', line: 13, message: 'chybí reference banky (AcctSvcrRef nebo NtryRef), bez ní nelze import opakovat bez zdvojení.' },
      ],
    });
  });

  it('refuses XML that is not well-formed, another message type, and text that is not XML', () => {
    const broken = parseCamt053(fixture('camt053-broken.xml'));
    expect(broken.ok).toBe(false);
    expect(broken.ok ? null : broken.errors[0]!.line).toBe(8);
    expect(broken.ok ? '' : broken.errors[0]!.message).toMatch(/^Soubor není platné XML \(sloupec \d+\): /);

    const camt052 = parseCamt053('<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"><BkToCstmrAcctRpt/></Document>');
    expect(camt052).toEqual({
      ok: false,
      errors: [{ line: 2, element: 'Document', message: 'Kořenový element musí být Document se jmenným prostorem camt.053.001.xx, soubor má „Document“ (urn:iso:std:iso:20022:tech:xsd:camt.052.001.02).' }],
    });
    const gpc = parseCamt053(fixture('statement-1250.gpc'));
    expect(gpc.ok).toBe(false);
    expect(gpc.ok ? '' : gpc.errors[0]!.message).toMatch(/^Soubor není platné XML/);
    expect(parseCamt053('')).toEqual({ ok: false, errors: [{ message: 'Soubor je prázdný.' }] });
    // An entity bomb or external entity is refused, never expanded.
    const xxe = parseCamt053('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">&x;</Document>');
    expect(xxe.ok).toBe(false);
  });
});

describe('camt.053 balances (docs/decisions/0042)', () => {
  const v02 = () => fixture('camt053-v02.xml').toString('utf8');
  const refusal = (id: string, line: number, opening: string, net: string, closing: string) => ({
    ok: false,
    errors: [{ element: 'Stmt[1]', line, message: `Výpis č. ${id}: starý zůstatek ${opening} a pohyby (${net}) nedávají nový zůstatek ${closing}; soubor je neúplný nebo poškozený.` }],
  });

  it('admits the v02 sample: 100000.00 + 12500.00 − 3000.00 − 500.00 (a storno, DBIT) + 1500.00 (the batch entry) = 110500.00; the pending 999.00 does not count', () => {
    expect(parseCamt053(v02()).ok).toBe(true);
  });

  it('refuses a closing balance that adds up only when a storno is counted against its indicator, or a pending entry is counted', () => {
    // The storno DBIT 500.00 added instead of subtracted: 100000 + 12500 − 3000 + 500 + 1500 = 111500.
    const storno = parseCamt053(v02().replace('<Amt Ccy="CZK">110500.00</Amt>', '<Amt Ccy="CZK">111500.00</Amt>'));
    expect(storno).toEqual(refusal('2025-03-15-042', 8, '100000.00', '10500.00', '111500.00'));
    // The pending 999.00 counted: 110500 + 999 = 111499.
    const pending = parseCamt053(v02().replace('<Amt Ccy="CZK">110500.00</Amt>', '<Amt Ccy="CZK">111499.00</Amt>'));
    expect(pending).toEqual(refusal('2025-03-15-042', 8, '100000.00', '10500.00', '111499.00'));
  });

  it('checks every statement of a file: debit balances below zero, PRCD as the opening, stornos with their own indicator, no balances not checked', async () => {
    const statement = ok(await parseCamt053Stream(chunks(fixture('camt053-balances.xml'), 64)));
    expect(statement.movements.map((m) => [m.bankReference.split(':').at(-1), m.direction, m.reversal, m.amount])).toEqual([
      ['B1-001', 'INCOMING_PAYMENT', false, '5000.00'],
      ['B1-002', 'OUTGOING_PAYMENT', false, '249.50'],
      ['B1-003', 'OUTGOING_PAYMENT', false, '1000.00'],
      ['B2-001', 'OUTGOING_PAYMENT', true, '5000.00'],
      ['B2-002', 'INCOMING_PAYMENT', true, '249.50'],
      ['B3-001', 'INCOMING_PAYMENT', false, '100.00'],
    ]);
    const text = fixture('camt053-balances.xml').toString('utf8');
    // The opening DBIT read as a credit: 1250.50 + 3750.50 = 5001.00 would be needed.
    const opening = text.replace('<Amt Ccy="CZK">1250.50</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>', '<Amt Ccy="CZK">1250.50</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>');
    expect(opening).not.toBe(text);
    expect(parseCamt053(opening)).toEqual(refusal('2010-20250401', 15, '1250.50', '3750.50', '2500.00'));
    // The second statement's closing as stornos counted against their indicator would give it: 2500.00 + 5000.00 − 249.50.
    const stornos = text.replace('<Amt Ccy="CZK">2250.50</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>', '<Amt Ccy="CZK">7250.50</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>');
    expect(stornos).not.toBe(text);
    expect(parseCamt053(stornos)).toEqual({
      ok: false,
      errors: [{ element: 'Stmt[2]', line: 69, message: 'Výpis č. 2010-20250402: starý zůstatek 2500.00 a pohyby (-4750.50) nedávají nový zůstatek 7250.50; soubor je neúplný nebo poškozený.' }],
    });
    // OPBD wins over PRCD when a statement gives both.
    const both = text.replace('<Cd>PRCD</Cd></CdOrPrtry></Tp>\n        <Amt Ccy="CZK">2500</Amt>', '<Cd>PRCD</Cd></CdOrPrtry></Tp>\n        <Amt Ccy="CZK">9999.99</Amt>').replace(
      '<Id>2010-20250402</Id>\n      <Acct><Id><IBAN>CZ6508000000192000145399</IBAN></Id><Ccy>CZK</Ccy></Acct>',
      '<Id>2010-20250402</Id>\n      <Acct><Id><IBAN>CZ6508000000192000145399</IBAN></Id><Ccy>CZK</Ccy></Acct>\n      <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="CZK">2500.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Bal>',
    );
    expect(parseCamt053(both).ok).toBe(true);
  });

  it('refuses the statement whose closing balance adds up only with a debit added, naming it; the balanced one before it is no excuse', () => {
    expect(parseCamt053(fixture('camt053-unbalanced.xml'))).toEqual({
      ok: false,
      errors: [{ element: 'Stmt[2]', line: 22, message: 'Výpis č. U-2: starý zůstatek 1200.00 a pohyby (150.00) nedávají nový zůstatek 1650.00; soubor je neúplný nebo poškozený.' }],
    });
  });

  it('does not check a statement that gives only one of the balances, or none (the v08 sample)', () => {
    const onlyOpening = v02().replace(/<Bal>\s*<Tp><CdOrPrtry><Cd>CLBD<\/Cd>[\s\S]*?<\/Bal>/, '');
    expect(onlyOpening).not.toContain('CLBD');
    expect(parseCamt053(onlyOpening.replace('<Amt Ccy="CZK">100000.00</Amt>', '<Amt Ccy="CZK">1.00</Amt>')).ok).toBe(true);
    const onlyClosing = v02().replace(/<Bal>\s*<Tp><CdOrPrtry><Cd>OPBD<\/Cd>[\s\S]*?<\/Bal>/, '');
    expect(parseCamt053(onlyClosing.replace('<Amt Ccy="CZK">110500.00</Amt>', '<Amt Ccy="CZK">1.00</Amt>')).ok).toBe(true);
    expect(fixture('camt053-v08.xml').toString('utf8')).not.toContain('<Bal>');
  });

  it('reports an unreadable balance by its element; a broken entry leaves the balance unchecked (its error is the one reported)', () => {
    expect(parseCamt053(v02().replace('<Amt Ccy="CZK">110500.00</Amt>', '<Amt Ccy="CZK">110 500,00</Amt>').replace('<CdtDbtInd>CRDT</CdtDbtInd>\n        <Dt><Dt>2025-03-14', '<CdtDbtInd>X</CdtDbtInd>\n        <Dt><Dt>2025-03-14'))).toEqual({
      ok: false,
      errors: [
        { element: 'Stmt[1]/Bal[1]/CdtDbtInd', line: 17, message: 'zůstatek OPBD: CdtDbtInd musí být CRDT nebo DBIT, je „X“.' },
        { element: 'Stmt[1]/Bal[2]/Amt', line: 23, message: 'zůstatek CLBD „110 500,00“ není číslo s nejvýše dvěma desetinnými místy.' },
      ],
    });
    const broken = parseCamt053(v02().replace('<Amt Ccy="CZK">3000.00</Amt>', '<Amt Ccy="CZK">-3000.00</Amt>'));
    expect(broken.ok ? [] : broken.errors.map((e) => e.element)).toEqual(['Ntry[2]/Amt']);
  });
});
